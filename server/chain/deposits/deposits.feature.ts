import type { FeatureContext, FeatureJob } from '../../feature.ts';
import { DepositWatcher } from './watcher.ts';

export { depositRoutes } from './deposits.routes.ts';

/**
 * One leased job per watched chain, every CHAIN_POLL_MS: the watcher reads what came since its stored cursor, so a
 * missed period needs no catching up of its own (catchUp 0); after downtime the next run continues from the cursor.
 */
export function depositJobs(ctx: FeatureContext): FeatureJob[] {
  return ctx.chains.map((chain) => {
    const watcher = new DepositWatcher({
      db: ctx.db,
      core: ctx.core,
      bus: ctx.bus,
      clock: ctx.clock,
      log: ctx.app.log,
      chain,
    });
    return {
      name: `chain.deposits.${chain.key}`,
      everyMs: ctx.config.chain.pollMs,
      catchUp: 0,
      run: () => watcher.run(),
    };
  });
}
