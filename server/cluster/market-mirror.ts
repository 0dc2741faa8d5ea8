import type { FastifyBaseLogger } from 'fastify';
import { MemoryBus } from '../bus/memory-bus.ts';
import { systemClock } from '../clock/clock.ts';
import type { MarketData } from '../market-data/market-data.ts';
import { Scheduler } from '../jobs/scheduler.ts';
import { contractMarketData } from '../perpetual/perpetual.feature.ts';
import type { Db } from '../storage/db.ts';
import { mirrorTrading } from '../trading.ts';

/** How often an edge reads the journal's new batches: the public feed's extra delay behind the core. */
const MIRROR_MS = 50;

interface MarketMirror {
  marketData: MarketData;
  /** Where the copy announces trades and book changes, for this edge's public feed only. */
  bus: MemoryBus;
  /** The copy's local jobs (the journal reads and the public feed's pushes). */
  jobs: Scheduler;
  stop(): Promise<void>;
}

/**
 * An edge's copy of the markets for the public feed `/ws/{id}` (docs/architecture.md, "Scale-out": feeds fan out in
 * every edge): a core that follows the journal as the standby does, with its events, and the spot and contract market
 * data on it, announced on a bus of the edge's own. Books, tickers, candles and trades are the core's, a journal read
 * behind (MIRROR_MS); the copy decides and writes nothing.
 */
export async function mirrorMarkets(db: Db, log: FastifyBaseLogger): Promise<MarketMirror> {
  const bus = new MemoryBus();
  const jobs = new Scheduler({ db, log, clock: systemClock });
  const { core, marketData } = await mirrorTrading({ db, log, bus });
  await contractMarketData({ db, core, bus, log, marketData, now: () => systemClock.now() });
  jobs.local('mirror.journal', MIRROR_MS, () => core.catchUp());
  jobs.start();
  return {
    marketData,
    bus,
    jobs,
    async stop() {
      // The copy writes nothing, not even candles: the core's process does.
      await jobs.stop();
    },
  };
}
