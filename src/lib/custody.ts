import type { Custody } from '../../isomorphic/contract/platform.ts';
import type { Locale } from '../../isomorphic/i18n/locales.ts';
import type { T } from './i18n/client.ts';

/**
 * The home page's custody sentences for what this install runs (isomorphic/contract/platform.ts Custody), never
 * more: the hot wallet and its signer, the demo chain, or operators booking by hand; then the networks on the
 * operator's own keys. `null` (before the platform's config is read): the sentence that holds for every install.
 */
export function custodyText(t: T, locale: Locale, custody: Custody | null): string[] {
  if (!custody) return [t('home.custody.pending')];
  const list = (items: string[]) => new Intl.ListFormat(locale, { type: 'conjunction' }).format(items);
  const main =
    custody.evm === 'hot'
      ? t('home.custody.hot', { chains: list(custody.chains) })
      : t(custody.evm === 'demo' ? 'home.custody.demo' : 'home.custody.none');
  return custody.ownKeys.length ? [main, t('home.custody.ownKeys', { networks: list(custody.ownKeys) })] : [main];
}
