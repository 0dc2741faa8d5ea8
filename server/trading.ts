import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from './bus/bus.ts';
import { systemClock, type Clock } from './clock/clock.ts';
import type { CommandType, CorePart } from './core/command.ts';
import { TradingCore } from './core/core.ts';
import type { Fence } from './core/fence.ts';
import { FUNDS_COMMANDS } from './core/funds.ts';
import { Exchange } from './spot/exchange.ts';
import { FEATURES } from './features.ts';
import type { Scheduler } from './jobs/scheduler.ts';
import type { Db } from './storage/db.ts';
import type { CorePartOptions } from './feature.ts';
import { EIGHT_HOURS } from './perpetual/funding.ts';

export interface Trading {
  core: TradingCore;
  exchange: Exchange;
}

export interface TradingOptions {
  db: Db;
  log: FastifyBaseLogger;
  clock?: Clock;
  bus?: Bus;
  jobs?: Scheduler;
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
 * Builds and starts the trading core with every feature's commands and state parts (server/features.ts), and the
 * spot exchange on it: the server, the tests and the benches start trading the same way. With `standby` (a core
 * that has been following the journal, server/cluster/standby.ts) the state comes from it instead of a load.
 */
export async function startTrading(o: TradingOptions): Promise<Trading> {
  const { core, exchange } = await buildTrading(o);
  if (o.standby) await core.takeOver(o.standby);
  else await core.start();
  await exchange.start(core);
  return { core, exchange };
}

/** A core that follows the journal of the active one, for a standby process (server/cluster/standby.ts). */
export async function followTrading(o: TradingOptions): Promise<TradingCore> {
  const { core } = await buildTrading(o);
  await core.follow();
  return core;
}

/**
 * A read-only copy of trading for an edge's public feed (server/cluster/market-mirror.ts): a core that follows the
 * journal with its events, and an exchange on it that keeps candles and recent trades without writing them.
 */
export async function mirrorTrading(o: TradingOptions): Promise<Trading> {
  const trading = await buildTrading({ ...o, readOnly: true });
  await trading.core.follow({ events: true });
  await trading.exchange.start(trading.core);
  return trading;
}

async function buildTrading(o: TradingOptions & { readOnly?: boolean }): Promise<Trading> {
  const clock = o.clock ?? systemClock;
  const exchange = new Exchange(o.db, o.log, { ...(o.bus ? { bus: o.bus } : {}), ...(o.jobs ? { jobs: o.jobs } : {}), ...(o.readOnly ? { readOnly: true } : {}) });
  await exchange.loadMarkets();
  const partOptions: CorePartOptions = { perpFundingIntervalMs: EIGHT_HOURS, ...o.partOptions };
  const core = new TradingCore({
    db: o.db,
    log: o.log,
    clock,
    commands: [...FUNDS_COMMANDS, ...FEATURES.flatMap((f) => f.commands ?? []), ...(o.extra?.commands ?? [])],
    parts: [exchange.books, ...FEATURES.flatMap((f) => f.coreParts?.(partOptions) ?? []), ...(o.extra?.parts ?? [])],
    ...(o.snapshotEvery ? { snapshotEvery: o.snapshotEvery } : {}),
    ...(o.fence ? { fence: o.fence } : {}),
  });
  return { core, exchange };
}

/** Stops order flow and writes everything behind it: the exchange's candles, then the core's projection and snapshot. */
export async function stopTrading(t: Trading): Promise<void> {
  await t.exchange.stop();
  await t.core.stop();
}
