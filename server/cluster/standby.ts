import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock/clock.ts';
import type { TradingCore } from '../core/core.ts';
import type { Db } from '../storage/db.ts';
import { followTrading } from '../trading.ts';
import type { CoreLease } from './lease.ts';
import { Scheduler } from '../jobs/scheduler.ts';

/** How often a standby reads the journal's new batches. */
const FOLLOW_MS = 100;

/**
 * A standby core (docs/architecture.md, "Scale-out"): while another process holds the lease, it keeps the trading state
 * in memory by applying each batch the active core journals, so taking over replays only what was appended since its
 * last read. Answers the followed core once this process holds the lease, for the app to start from
 * (TradingCore.takeOver). Should following fail (a market added since it started, say), it starts over.
 */
export async function standBy(o: {
  db: Db;
  log: FastifyBaseLogger;
  clock: Clock;
  lease: CoreLease;
  perpFundingIntervalMs: number;
}): Promise<TradingCore> {
  const follow = () =>
    followTrading({
      db: o.db,
      log: o.log,
      clock: o.clock,
      partOptions: { perpFundingIntervalMs: o.perpFundingIntervalMs },
    });
  let core = await follow();
  o.log.info({ seq: core.journaled }, 'standing by: following the trading core journal');
  // A local job, as an edge's market copy reads the journal: never two reads at once, the last one awaited on stop.
  const jobs = new Scheduler({ db: o.db, log: o.log, clock: o.clock });
  jobs.local('standby.journal', FOLLOW_MS, async () => {
    try {
      await core.catchUp();
    } catch (err) {
      o.log.warn({ err }, 'following the journal failed; loading the state again');
      core = await follow();
    }
  });
  jobs.start();
  try {
    await o.lease.acquire();
  } finally {
    await jobs.stop();
  }
  return core;
}
