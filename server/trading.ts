import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from './bus/bus.ts';
import { systemClock, type Clock } from './clock/clock.ts';
import type { CommandType, CorePart } from './core/command.ts';
import { TradingCore } from './core/core.ts';
import { FUNDS_COMMANDS } from './core/funds.ts';
import { Exchange } from './exchange/exchange.ts';
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
  /** How the products' core state is built (the funding interval); the defaults otherwise. */
  partOptions?: Partial<CorePartOptions>;
}

/**
 * Builds and starts the trading core with every feature's commands and state parts (server/features.ts), and the
 * spot exchange on it: the server, the tests and the benches start trading the same way.
 */
export async function startTrading(o: TradingOptions): Promise<Trading> {
  const clock = o.clock ?? systemClock;
  const exchange = new Exchange(o.db, o.log, { ...(o.bus ? { bus: o.bus } : {}), ...(o.jobs ? { jobs: o.jobs } : {}) });
  await exchange.loadMarkets();
  const partOptions: CorePartOptions = { perpFundingIntervalMs: EIGHT_HOURS, ...o.partOptions };
  const core = new TradingCore({
    db: o.db,
    log: o.log,
    clock,
    commands: [...FUNDS_COMMANDS, ...FEATURES.flatMap((f) => f.commands ?? []), ...(o.extra?.commands ?? [])],
    parts: [exchange.books, ...FEATURES.flatMap((f) => f.coreParts?.(partOptions) ?? []), ...(o.extra?.parts ?? [])],
    ...(o.snapshotEvery ? { snapshotEvery: o.snapshotEvery } : {}),
  });
  await core.start();
  await exchange.start(core);
  return { core, exchange };
}

/** Stops order flow and writes everything behind it: the exchange's candles, then the core's projection and snapshot. */
export async function stopTrading(t: Trading): Promise<void> {
  await t.exchange.stop();
  await t.core.stop();
}
