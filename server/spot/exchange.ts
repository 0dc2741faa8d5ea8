import type { FastifyBaseLogger } from 'fastify';
import type { MarketEntry, SubmitOrderBody } from '../../isomorphic/contract/spot.ts';
import type { PerpBook } from '../../isomorphic/contract/perpetual.ts';
import type { Bus } from '../bus/bus.ts';
import { MemoryBus } from '../bus/memory-bus.ts';
import type { Cancel } from '../clock/clock.ts';
import { fail } from '../outcome.ts';
import { Scheduler } from '../jobs/scheduler.ts';
import type { Db } from '../storage/db.ts';
import type { TradingCore } from '../core/core.ts';
import { announceOrders } from '../feeds/private/account-events.ts';
import { CandleSeries } from '../market-data/candles.ts';
import { ticker24h, type Ticker } from '../market-data/ticker.ts';
import { listingPrice, type Market } from './market.ts';
import { loadMarkets } from './market.repo.ts';
import { findOrder, latestTrades, type OrderRow } from './order.repo.ts';
import { cancelAllOrders, cancelOrder, checkOrder, placeOrder, SPOT_ACTIVITY, type SpotActivity } from './order.service.ts';
import type { SettledTrade } from './settlement.ts';
import { SpotBooks } from './spot-books.ts';
import { marketTopics, type MarketBookMessage, type MarketTradesMessage } from '../feeds/public/market-events.ts';
import { publicTrade } from './views.ts';

const RECENT_TRADES = 100;

/** The app's bus and jobs; an exchange on its own (tests, benches) makes private ones. */
export interface ExchangeSeams {
  bus?: Bus;
  jobs?: Scheduler;
  /** An edge's copy of the market data (server/cluster/market-mirror.ts): it writes no candles, the core does. */
  readOnly?: boolean;
}

/**
 * The spot exchange: its markets, their books inside the trading core (server/spot/spot-books.ts), candles,
 * recent trades and tickers. The routes and the market makers go through here; orders and cancels are commands
 * to the core; the feeds hear of trades, book and order changes on the bus (server/feeds/public/market-events.ts).
 */
export class Exchange {
  readonly markets = new Map<string, Market>();
  /** The books, the part of the core's state that is spot's; the core is built with it. */
  readonly books = new SpotBooks(this.markets);
  private core: TradingCore | undefined;
  private readonly candles = new Map<string, CandleSeries>();
  private readonly recent = new Map<string, SettledTrade[]>();
  private readonly db: Db;
  private readonly log: FastifyBaseLogger;
  private readonly bus: Bus;
  private readonly jobs: Scheduler;
  private readonly ownsJobs: boolean;
  private readonly readOnly: boolean;
  private stopFlushing: Cancel | undefined;
  /** The contracts common/getCoinList lists as contractList: perpetuals fill it when they start. */
  contractEntries: () => MarketEntry[] = () => [];
  /** A contract's book, trades and prices for the public feed's `perpetual` topic; undefined for an unknown symbol. */
  contractBook: (symbol: string) => PerpBook | undefined = () => undefined;
  /** The index price a limit order's band is measured against (server/prices); none until the app sets it. */
  reference: (symbol: string) => bigint | undefined = () => undefined;

  constructor(db: Db, log: FastifyBaseLogger, seams: ExchangeSeams = {}) {
    this.db = db;
    this.log = log;
    this.bus = seams.bus ?? new MemoryBus();
    this.ownsJobs = !seams.jobs;
    this.readOnly = seams.readOnly ?? false;
    this.jobs = seams.jobs ?? new Scheduler({ db, log });
  }

  /** Loads the markets, which the books need before the core starts. */
  async loadMarkets(): Promise<void> {
    for (const m of await loadMarkets(this.db)) this.markets.set(m.symbol, m);
  }

  /** Once the core has started (its books loaded): candles, recent trades, and listening to the books. */
  async start(core: TradingCore): Promise<void> {
    this.core = core;
    core.on(SPOT_ACTIVITY, (payloads) => this.afterBatch(payloads as SpotActivity[]));
    for (const m of this.markets.values()) {
      const series = new CandleSeries(m.symbol);
      await series.load(this.db);
      this.candles.set(m.symbol, series);
      this.recent.set(m.symbol, await latestTrades(this.db, m.symbol, RECENT_TRADES));
    }
    // Candles are written once a second in one transaction, not after every batch: a chart loses at most a
    // second of candle updates in a crash, and those are rebuilt from nothing worse than the next trades.
    if (!this.readOnly) this.stopFlushing = this.jobs.local('exchange.candles', 1000, () => this.flushCandles());
    if (this.ownsJobs) this.jobs.start();
  }

  private async flushCandles(): Promise<void> {
    try {
      await this.db.tx(async (q) => {
        for (const series of this.candles.values()) await series.flush(q);
      });
    } catch (err) {
      this.log.error({ err }, 'writing candles failed');
    }
  }

  market(symbol: string): Market {
    const m = this.markets.get(symbol.toLowerCase());
    if (!m) fail('unknownMarket');
    return m;
  }

  private started(): TradingCore {
    if (!this.core) throw new Error('the exchange has not started');
    return this.core;
  }

  place(userId: number, body: SubmitOrderBody): Promise<OrderRow> {
    const m = this.market(body.symbol);
    const request = checkOrder(m, userId, body, this.reference(m.symbol));
    this.books.engine(m.symbol);
    return this.started().submit(placeOrder, { ...request, symbol: m.symbol });
  }

  async cancel(userId: number, orderId: number): Promise<OrderRow> {
    if (this.books.live.has(orderId)) return this.started().submit(cancelOrder, { userId, orderId });
    // Not on any book: it has ended, or it is not this user's, or it never was.
    await this.settled();
    const row = await findOrder(this.db, orderId);
    fail(row && row.userId === userId ? 'orderNotOpen' : 'orderNotFound');
  }

  /** Resolves once every acknowledged order, trade and balance change is in the tables (read your writes). */
  settled(): Promise<void> {
    return this.started().settled();
  }

  /** Cancels the user's open orders in one market, or in all of them. */
  async cancelAll(userId: number, symbol?: string): Promise<number> {
    const symbols = symbol ? [this.market(symbol).symbol] : [...this.books.engines.keys()];
    if (symbol) this.books.engine(symbols[0]!);
    const counts = await Promise.all(symbols.map((s) => this.started().submit(cancelAllOrders, { userId, symbol: s })));
    return counts.reduce((a, b) => a + b, 0);
  }

  ticker(symbol: string, now = Date.now()): Ticker {
    const m = this.market(symbol);
    return ticker24h(this.candles.get(m.symbol)!, now, listingPrice(m));
  }

  series(symbol: string): CandleSeries {
    return this.candles.get(this.market(symbol).symbol)!;
  }

  recentTrades(symbol: string): SettledTrade[] {
    return this.recent.get(this.market(symbol).symbol) ?? [];
  }

  /** A price print without an order book (mt5 quotes): updates candles and ticker like a trade. */
  async quote(symbol: string, price: bigint): Promise<void> {
    const m = this.market(symbol);
    const t: SettledTrade = { id: 0, symbol: m.symbol, price, quantity: 0n, quoteQty: 0n, takerSide: 'buy', time: Date.now(), makerUserId: 0, takerUserId: 0 };
    this.candles.get(m.symbol)!.add(t.time, price, 0n, 0n);
    this.bus.publish(marketTopics.trades(m.symbol), { symbol: m.symbol, price: publicTrade(m, t).price, trades: [] } satisfies MarketTradesMessage);
  }

  /** What a durable batch did on the books, per market: candles, recent trades, the public and private feeds. */
  private afterBatch(activity: SpotActivity[]): void {
    const byMarket = new Map<string, { trades: SettledTrade[]; users: Set<number> }>();
    for (const a of activity) {
      let e = byMarket.get(a.symbol);
      if (!e) byMarket.set(a.symbol, (e = { trades: [], users: new Set() }));
      e.trades.push(...a.trades);
      for (const u of a.users) e.users.add(u);
    }
    for (const [symbol, e] of byMarket) {
      this.marketChanged(this.markets.get(symbol)!, e.trades);
      announceOrders(this.db.scope, symbol, e.users);
    }
  }

  private marketChanged(m: Market, trades: SettledTrade[]): void {
    if (trades.length) {
      const series = this.candles.get(m.symbol)!;
      const recent = this.recent.get(m.symbol)!;
      for (const t of trades) {
        series.add(t.time, t.price, t.quantity * 10n ** BigInt(8 - m.qtyScale), t.quoteQty);
        recent.push(t);
      }
      if (recent.length > RECENT_TRADES) recent.splice(0, recent.length - RECENT_TRADES);
      const shown = trades.map((t) => publicTrade(m, t));
      this.bus.publish(marketTopics.trades(m.symbol), { symbol: m.symbol, price: shown.at(-1)!.price, trades: shown } satisfies MarketTradesMessage);
    }
    this.bus.publish(marketTopics.book(m.symbol), { symbol: m.symbol } satisfies MarketBookMessage);
  }

  /** Writes what is still only in memory (candles); the core's journal is durable already. */
  async stop(): Promise<void> {
    this.stopFlushing?.();
    if (this.ownsJobs) await this.jobs.stop();
    if (!this.readOnly) await this.flushCandles();
  }
}
