import type { Bus } from '../../bus/bus.ts';
import type { LeasedJob } from '../../jobs/scheduler.ts';
import type { Db } from '../../storage/db.ts';
import type { Chain } from '../chains.ts';
import { hasSignerKey, loadSignerKeys, type KeySource } from './keys.ts';
import { signerJobs } from './signer.ts';

/** How often the signer looks at its rows and the chain when not told (CHAIN_POLL_MS's default). */
const SIGNER_POLL_MS = 1_000;

export interface SignerSetup {
  db: Db;
  bus: Bus;
  chains: Chain[];
  evmXpub: string | undefined;
  /** SIGNER_KEY / SIGNER_KEY_FILE are read from here, by server/chain/signer/keys.ts alone. */
  env: NodeJS.ProcessEnv;
  /** On the demo chain: the key file startDemoChain made (server/serve.ts hands it in). */
  demoKeyFile?: string | undefined;
  log?: { warn(obj: object, msg: string): void };
  everyMs?: number;
}

/**
 * The signer's jobs (ROLE=signer, or in ROLE=all when a key is available), or none when this process has no key:
 * an install without one pays nothing out and its approved withdrawals wait, queued, for a signer process. A key
 * that does not match EVM_XPUB stops the start (keys.ts).
 */
export function signerJobsFor(s: SignerSetup, required = false): LeasedJob[] {
  const source: KeySource = { env: s.env, demoKeyFile: s.demoKeyFile };
  if (!required && !hasSignerKey(source)) return [];
  const keys = loadSignerKeys(source, s.evmXpub);
  return signerJobs(
    { db: s.db, bus: s.bus, keys, ...(s.log ? { log: s.log } : {}) },
    s.chains,
    s.everyMs ?? SIGNER_POLL_MS,
  );
}
