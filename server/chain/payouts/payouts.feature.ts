import { randomUUID } from 'node:crypto';
import { fundingLines, fundPlatform } from '../../core/funds.ts';
import type { FeatureContext, FeatureJob } from '../../feature.ts';
import { ACCOUNT } from '../../ledger/account-types.ts';
import { settingOnce } from '../../settings/settings.repo.ts';
import { signerJobsFor } from '../signer/signer-process.ts';
import { runSettlement } from './settle.ts';

/** The prepare step found the demo gas budget funded already. */
class Funded extends Error {}

/**
 * On the demo chain, the gas budget (account 110) gets 10 ETH once per install, from outside: the demo hot wallet
 * gets 100 ETH on chain at each start, so the ledger's budget is backed. A real install's operators fund it.
 */
export async function startChainPayouts({ core, chains }: FeatureContext): Promise<void> {
  if (!chains.some((c) => c.demo && c.nativeCoin === 'ETH')) return;
  const mine = randomUUID();
  try {
    await fundPlatform(
      core,
      fundingLines(ACCOUNT.chainGas, [['ETH', '10']]),
      { billType: 'chain_gas_funding', refType: 'chain_gas', refId: 'demo' },
      async (q) => {
        if ((await settingOnce(q, 'chain.demoGasFunded', () => mine)) !== mine) throw new Funded();
      },
    );
  } catch (err) {
    if (!(err instanceof Funded)) throw err;
  }
}

/**
 * Settlement runs where the core is (every second: a payout's funds are settled as soon as the chain has decided);
 * in ROLE=all the signer runs in this process too when a key is available (SIGNER_KEY, SIGNER_KEY_FILE or the demo
 * chain's key file); otherwise a ROLE=signer process does it (server/serve.ts).
 */
export function chainPayoutJobs(ctx: FeatureContext): FeatureJob[] {
  const { db, core, bus, config, app } = ctx;
  const jobs: FeatureJob[] = [
    { name: 'chain.settle', everyMs: 1_000, where: 'core', run: () => runSettlement(db, core, bus) },
  ];
  if (config.role === 'all' && ctx.chains.length)
    jobs.push(
      ...signerJobsFor({
        db,
        bus,
        chains: ctx.chains,
        evmXpub: config.chain.evmXpub,
        env: process.env,
        demoKeyFile: config.chain.demoSignerKeyFile,
        log: app.log,
        everyMs: config.chain.pollMs,
      }),
    );
  return jobs;
}
