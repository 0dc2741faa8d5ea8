import { PLATFORM_GLOBAL, type PlatformConfig } from '../../isomorphic/contract/platform.ts';
import { STOMP_PATH } from '../../isomorphic/contract/private-feed.ts';

const DEFAULTS: PlatformConfig = {
  apiBase: import.meta.env?.PUBLIC_API_BASE ?? '',
  productName: 'Lumex',
  storagePrefix: 'lumex:',
  tokenRefreshSeconds: 604800,
  sealKey: '',
  // Without the config script nothing is known to leave the server or to be a real price: say the honest thing.
  deliversCodes: { email: false, sms: false },
  demoPrices: true,
  stompUrl: STOMP_PATH,
  custody: { evm: 'none', chains: [], ownKeys: [] },
};

/**
 * The platform config script's values (docs/requirements.md §7), or the build's defaults where it has not run (build,
 * tests).
 */
export function platformConfig(): PlatformConfig {
  const fromScript = (globalThis as Record<string, unknown>)[PLATFORM_GLOBAL] as Partial<PlatformConfig> | undefined;
  return { ...DEFAULTS, ...fromScript };
}
