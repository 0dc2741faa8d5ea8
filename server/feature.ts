import type { FastifyInstance } from 'fastify';
import type { Bus } from './bus/bus.ts';
import type { Clock } from './clock/clock.ts';
import type { Config } from './config.ts';
import type { SealedBox } from './crypto/sealed-box.ts';
import type { CommandType, CorePart } from './core/command.ts';
import type { TradingCore } from './core/core.ts';
import type { MarketData } from './market-data/market-data.ts';
import type { SpotMarkets } from './spot/markets.ts';
import type { SpotService } from './spot/spot.service.ts';
import type { LeasedJob, Scheduler } from './jobs/scheduler.ts';
import type { Sender } from './notify/sender.ts';
import type { PriceIndex } from './prices/price-index.ts';
import type { Db } from './storage/db.ts';
import type { Chain } from './chain/chains.ts';
import type { Migration } from './storage/migrations.ts';

/** The core services every feature may use, built once by server/app.ts before any feature plugs in. */
export interface FeatureContext {
  /** The whole server: what a feature installs here applies to its own routes and every later feature's. */
  app: FastifyInstance;
  config: Config;
  db: Db;
  bus: Bus;
  clock: Clock;
  jobs: Scheduler;
  /** Every balance moves through the trading core (server/core), as a command. */
  core: TradingCore;
  /** Every market and its scales (server/spot/markets.ts): the one registry the products and feeds read. */
  markets: SpotMarkets;
  /** Spot order entry (server/spot/spot.service.ts): checks an order and submits it to the core. */
  spot: SpotService;
  /** Candles, recent trades and tickers, kept from the core's durable batches (server/market-data). */
  marketData: MarketData;
  prices: PriceIndex;
  sealedBox: SealedBox;
  /** Mail and SMS, through the outbox. */
  sender: Sender;
  /** The EVM chains with an RPC URL (server/chain/chains.ts): watched, paid out on, swept. */
  chains: Chain[];
}

export type FeatureJob = LeasedJob & { where?: 'lease' | 'core' };

/** Settings a product's core state is built with (they must be the same on every replay of its journal). */
export interface CorePartOptions {
  /** PERP_FUNDING_INTERVAL_MS. */
  perpFundingIntervalMs: number;
}

/** A product or part of the platform and what it brings to the server (docs/architecture.md, "Features registry"). */
export interface Feature {
  name: string;
  migrations: Migration[];
  /** The trading core's commands this feature brings (server/core/command.ts). */
  commands?: ReadonlyArray<CommandType<any, any>>;
  /**
   * Its state inside the core, with the holds it owns: new instances for each core (tests start several), built
   * before the core loads (a part may read what it is built on from the database, as spot reads its markets).
   */
  coreParts?(options: CorePartOptions, db: Db): readonly CorePart[] | Promise<readonly CorePart[]>;
  /**
   * Its periodic work (server/jobs): a leased job runs once per period in whichever process holds its lease; a job
   * with `where: 'core'` works on the trading core's memory, so it runs in the process that owns the core, with no
   * lease bookkeeping per run.
   */
  jobs?(ctx: FeatureContext): FeatureJob[];
  /** Start-up work (seeding, say), run in list order once the core has started and before any feature's routes. */
  start?(ctx: FeatureContext): Promise<void>;
  /**
   * Server-wide hooks, plugins and handlers, installed at the feature's place in the list before its routes: they
   * reach its own routes and every later feature's, never an earlier one's.
   */
  install?(ctx: FeatureContext): Promise<void>;
  /** The feature's routes, registered in list order, each feature in its own plugin scope. */
  routes?(api: FastifyInstance, ctx: FeatureContext): Promise<void>;
}
