import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from './bus/bus.ts';
import { systemClock, type Clock } from './clock/clock.ts';
import type { CommandType, CorePart } from './core/command.ts';
import { TradingCore } from './core/core.ts';
import type { Fence } from './core/fence.ts';
import { workerProjection } from './core/projector-worker.ts';
import { FUNDS_COMMANDS } from './core/funds.ts';
import { MemoryBus } from './bus/memory-bus.ts';
import { listenToSpotOrders } from './feeds/private/spot-orders.ts';
import { MarketData } from './market-data/market-data.ts';
import type { SpotMarkets } from './spot/markets.ts';
import { spotBooksOf } from './spot/spot-books.ts';
import { SpotService } from './spot/spot.service.ts';
import { FEATURES } from './features.ts';
import type { Db } from './storage/db.ts';
import type { CorePartOptions } from './feature.ts';
import { EIGHT_HOURS } from './perpetual/funding.ts';

/** A started core and the stages around it that the server, the tests and the benches use. */
export interface Trading {
  core: TradingCore;
  /** The markets the spot books were built on. */
  markets: SpotMarkets;
  /** Spot order entry: orders checked here go to the core as commands. */
  spot: SpotService;
  /** The core's durable batches as candles, recent trades and tickers, announced on the bus. */
  marketData: MarketData;
}

export interface TradingOptions {
  db: Db;
  log: FastifyBaseLogger;
  clock?: Clock;
  bus?: Bus;
  /** Products beyond the registered features' (a test's toy rule). */
  extra?: { commands?: ReadonlyArray<CommandType<any, any>>; parts?: readonly CorePart[] };
  snapshotEvery?: number;
  /** With several core processes, the lease's check (server/core/fence.ts). */
  fence?: Fence;
  /** A core that has followed the journal as a standby (server/cluster/standby.ts): the state starts from it. */
  standby?: TradingCore;
  /** How the products' core state is built (the funding interval); the defaults otherwise. */
  partOptions?: Partial<CorePartOptions>;
}

/**
 * Builds and starts the trading core with every feature's commands and state parts (server/features.ts), then the
 * listeners on its durable batches: market data (candles, trades, the public feed's messages) and the private feed's
 * order changes. The server, the tests and the benches start trading the same way. With `standby` (a core that has
 * been following the journal, server/cluster/standby.ts) the state comes from it instead of a load.
 */
export async function startTrading(o: TradingOptions): Promise<Trading> {
  const core = await buildCore(o, true);
  if (o.standby) await core.takeOver(o.standby);
  else await core.start();
  return listen(o, core);
}

/** A core that follows the journal of the active one, for a standby process (server/cluster/standby.ts). */
export async function followTrading(o: TradingOptions): Promise<TradingCore> {
  const core = await buildCore(o);
  await core.follow();
  return core;
}

/**
 * A read-only copy of trading for an edge's public feed (server/cluster/market-mirror.ts): a core that follows the
 * journal with its events, and market data on it that keeps candles and recent trades without writing them.
 */
export async function mirrorTrading(o: TradingOptions): Promise<Trading> {
  const core = await buildCore(o);
  await core.follow({ events: true });
  return listen(o, core);
}

/** `projects`: the core decides and projects (a follower only reads the journal, and starts no projector thread). */
async function buildCore(o: TradingOptions, projects = false): Promise<TradingCore> {
  const partOptions: CorePartOptions = { perpFundingIntervalMs: EIGHT_HOURS, ...o.partOptions };
  const parts: CorePart[] = [];
  // In list order, one feature after another: the parts' order is the order they attach and are projected in.
  for (const f of FEATURES) parts.push(...((await f.coreParts?.(partOptions, o.db)) ?? []));
  // The projector's thread builds the features' writers, not a test's own; a fenced core checks its lease in the
  // projector's transactions, on its own connection.
  const onCoreThread = !projects || o.fence || o.extra?.parts?.some((p) => p.write);
  const projection = onCoreThread ? undefined : await workerProjection(o.db, parts, partOptions, o.log.level);
  return new TradingCore({
    db: o.db,
    log: o.log,
    clock: o.clock ?? systemClock,
    commands: [...FUNDS_COMMANDS, ...FEATURES.flatMap((f) => f.commands ?? []), ...(o.extra?.commands ?? [])],
    parts: [...parts, ...(o.extra?.parts ?? [])],
    ...(o.snapshotEvery ? { snapshotEvery: o.snapshotEvery } : {}),
    ...(o.fence ? { fence: o.fence } : {}),
    ...(projection ? { projection } : {}),
  });
}

/** Once the core has its state: the listeners on its batches, and spot order entry on it. */
async function listen(o: TradingOptions, core: TradingCore): Promise<Trading> {
  const books = spotBooksOf(core);
  const marketData = new MarketData({ db: o.db, log: o.log, bus: o.bus ?? new MemoryBus(), books });
  await marketData.start(core);
  listenToSpotOrders(core, o.db.scope);
  return { core, markets: books.markets, spot: new SpotService(o.db, core), marketData };
}

/** Stops order flow and writes everything behind it: the candles, then the core's projection and snapshot. */
export async function stopTrading(t: Trading): Promise<void> {
  await t.marketData.flush();
  await t.core.stop();
}
