import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { SubmitOrderBody } from '../../src/lib/contract/spot.ts';
import { parseUnits } from '../../src/lib/money/units.ts';
import { fail } from '../http/errors.ts';
import type { Db } from '../storage/db.ts';
import { CandleSeries } from './market-data/candles.ts';
import { ticker24h, type Ticker } from './market-data/ticker.ts';
import { Projector } from './journal/projector.ts';
import { MarketRunner, type BatchOutcome } from './market-runner.ts';
import { loadMarkets, type Market } from './market.ts';
import { findOrder, type OrderRow } from './order.repo.ts';
import { cancelAllJob, cancelJob, checkOrder, placeJob } from './order.service.ts';
import type { SettledTrade } from './settlement.ts';

const RECENT_TRADES = 100;

/** Events for the feeds: `trades` (market, trades), `book` (market), `orders` (user ids). */
export interface ExchangeEvents {
  trades: [Market, SettledTrade[]];
  book: [Market];
  users: [Set<number>];
}

/**
 * Every market of this process: its runner (book and order flow), candles, recent trades and ticker. The
 * routes, the feeds and the market makers all go through here.
 */
export class Exchange extends EventEmitter<ExchangeEvents> {
  readonly markets = new Map<string, Market>();
  private readonly runners = new Map<string, MarketRunner>();
  private readonly candles = new Map<string, CandleSeries>();
  private readonly recent = new Map<string, SettledTrade[]>();
  private readonly db: Db;
  private readonly log: FastifyBaseLogger;
  readonly projector: Projector;
  private flushTimer: NodeJS.Timeout | undefined;

  constructor(db: Db, log: FastifyBaseLogger) {
    super();
    this.db = db;
    this.log = log;
    this.projector = new Projector(db, log);
  }

  /** Loads markets, rebuilds every book from its open orders, and reloads candles and recent trades. */
  async start(): Promise<void> {
    for (const m of await loadMarkets(this.db)) {
      this.markets.set(m.symbol, m);
      const series = new CandleSeries(m.symbol);
      await series.load(this.db);
      this.candles.set(m.symbol, series);
      const rows = await this.db.all<Record<string, bigint | string>>('SELECT * FROM trades WHERE symbol = ? ORDER BY id DESC LIMIT ?', [m.symbol, RECENT_TRADES]);
      this.recent.set(
        m.symbol,
        rows.reverse().map((r) => ({ id: Number(r.id), symbol: m.symbol, price: BigInt(r.price!), quantity: BigInt(r.quantity!), quoteQty: BigInt(r.quote_qty!), takerSide: r.taker_side as 'buy' | 'sell', time: Number(r.created_at), makerUserId: Number(r.maker_user_id), takerUserId: Number(r.taker_user_id) })),
      );
      if (m.market === 'spot') {
        const runner = new MarketRunner(m, this.db, this.log, this.projector, (o) => this.afterBatch(o));
        await runner.start();
        this.runners.set(m.symbol, runner);
      }
    }
    // Candles are written once a second in one transaction, not after every batch: a chart loses at most a
    // second of candle updates in a crash, and those are rebuilt from nothing worse than the next trades.
    this.flushTimer = setInterval(() => void this.flushCandles(), 1000);
    this.flushTimer.unref();
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

  runner(symbol: string): MarketRunner {
    const r = this.runners.get(symbol.toLowerCase());
    if (!r) fail(this.markets.has(symbol.toLowerCase()) ? 'marketClosed' : 'unknownMarket');
    return r;
  }

  place(userId: number, body: SubmitOrderBody): Promise<OrderRow> {
    const m = this.market(body.symbol);
    const request = checkOrder(m, userId, body);
    return this.runner(m.symbol).run(placeJob(request));
  }

  async cancel(userId: number, orderId: number): Promise<OrderRow> {
    for (const runner of this.runners.values()) if (runner.holds(orderId)) return runner.run(cancelJob(userId, orderId));
    // Not on any book: it has ended, or it is not this user's, or it never was.
    await this.projector.idle();
    const row = await findOrder(this.db, orderId);
    fail(row && row.userId === userId ? 'orderNotOpen' : 'orderNotFound');
  }

  /** Resolves once every acknowledged order, trade and balance change is in the tables (read your writes). */
  settled(): Promise<void> {
    return this.projector.idle();
  }

  /** Cancels the user's open orders in one market, or in all of them. */
  async cancelAll(userId: number, symbol?: string): Promise<number> {
    const symbols = symbol ? [this.market(symbol).symbol] : [...this.runners.keys()];
    let n = 0;
    for (const s of symbols) n += await this.runner(s).run(cancelAllJob(userId));
    return n;
  }

  ticker(symbol: string, now = Date.now()): Ticker {
    const m = this.market(symbol);
    return ticker24h(this.candles.get(m.symbol)!, now, parseUnits(m.refPrice, m.priceScale).ok ? (parseUnits(m.refPrice, m.priceScale) as { value: bigint }).value : 0n);
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
    this.emit('trades', m, [t]);
  }

  private afterBatch(outcome: BatchOutcome): void {
    const m = outcome.market;
    if (outcome.trades.length) {
      const series = this.candles.get(m.symbol)!;
      const recent = this.recent.get(m.symbol)!;
      for (const t of outcome.trades) {
        series.add(t.time, t.price, t.quantity * 10n ** BigInt(8 - m.qtyScale), t.quoteQty);
        recent.push(t);
      }
      if (recent.length > RECENT_TRADES) recent.splice(0, recent.length - RECENT_TRADES);
      this.emit('trades', m, outcome.trades);
    }
    this.emit('book', m);
    if (outcome.users.size) this.emit('users', outcome.users);
  }

  /** Writes what is still only in memory (candles) and lets the projector catch up; the journal is durable already. */
  async stop(): Promise<void> {
    clearInterval(this.flushTimer);
    await this.projector.idle();
    await this.flushCandles();
  }
}
