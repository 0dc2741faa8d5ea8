import type { FastifyBaseLogger } from 'fastify';
import type { MarketEntry } from '../../isomorphic/contract/spot.ts';
import type { PerpBook } from '../../isomorphic/contract/perpetual.ts';
import type { Bus } from '../bus/bus.ts';
import type { TradingCore } from '../core/core.ts';
import { marketTopics, type MarketBookMessage, type MarketTradesMessage } from '../feeds/public/market-events.ts';
import type { Db } from '../storage/db.ts';
import { baseUnits, listingPrice, type Market } from '../spot/market.ts';
import type { SpotMarkets } from '../spot/markets.ts';
import type { SpotBooks } from '../spot/spot-books.ts';
import { latestTrades } from '../spot/orders.repo.ts';
import type { SettledTrade } from '../spot/settlement.ts';
import { SPOT_ACTIVITY, type SpotActivity } from '../spot/spot.commands.ts';
import { publicTrade } from '../spot/views.ts';
import { CandleSeries } from './candles.ts';
import { ticker24h, type Ticker } from './ticker.ts';

const RECENT_TRADES = 100;

/** The perpetual contracts' listings and books, which perpetual fills in when it starts (none until then). */
interface ContractListings {
  /** The contracts common/getCoinList lists as contractList. */
  entries(): MarketEntry[];
  /** A contract's book, trades and prices for the public feed's `perpetual` topic; undefined for an unknown symbol. */
  book(symbol: string): PerpBook | undefined;
}

/**
 * Market data, the stage after the core for the public side: a listener on the core's durable batch events
 * (SPOT_ACTIVITY, server/spot/spot.commands.ts) that keeps each market's candles, recent trades and ticker, and
 * announces trades and book changes on the bus for the public feed (server/feeds/public). It decides nothing: what
 * it shows is what the journal holds. Candles are written by `flush` (spot's job, once a second, and at stop).
 */
export class MarketData {
  readonly markets: SpotMarkets;
  private readonly books: SpotBooks;
  contracts: ContractListings = { entries: () => [], book: () => undefined };
  private readonly candles = new Map<string, CandleSeries>();
  private readonly recent = new Map<string, SettledTrade[]>();
  private readonly db: Db;
  private readonly log: FastifyBaseLogger;
  private readonly bus: Bus;

  /** `books` are spot's in the core this listens to: the depth read here is the core's own book. */
  constructor(o: { db: Db; log: FastifyBaseLogger; bus: Bus; books: SpotBooks }) {
    this.db = o.db;
    this.log = o.log;
    this.bus = o.bus;
    this.books = o.books;
    this.markets = o.books.markets;
  }

  /** Once the core has started (its books loaded): the candles and recent trades so far, then the core's batches. */
  async start(core: TradingCore): Promise<void> {
    core.on(SPOT_ACTIVITY, (payloads) => this.afterBatch(payloads as SpotActivity[]));
    for (const m of this.markets.values()) {
      const series = new CandleSeries(m.symbol);
      await series.load(this.db);
      this.candles.set(m.symbol, series);
      this.recent.set(m.symbol, await latestTrades(this.db, m.symbol, RECENT_TRADES));
    }
  }

  /**
   * Writes the candles changed since the last flush, in one transaction: a chart loses at most a period of candle
   * updates in a crash, and those are rebuilt from nothing worse than the next trades.
   */
  async flush(): Promise<void> {
    try {
      await this.db.tx(async (q) => {
        for (const series of this.candles.values()) await series.flush(q);
      });
    } catch (err) {
      this.log.error({ err }, 'writing candles failed');
    }
  }

  ticker(symbol: string, now = Date.now()): Ticker {
    const m = this.markets.market(symbol);
    return ticker24h(this.candles.get(m.symbol)!, now, listingPrice(m));
  }

  series(symbol: string): CandleSeries {
    return this.candles.get(this.markets.market(symbol).symbol)!;
  }

  recentTrades(symbol: string): SettledTrade[] {
    return this.recent.get(this.markets.market(symbol).symbol) ?? [];
  }

  /** A spot book's depth, `levels` each side, from the core's memory (exact symbol: a listed spot market). */
  depth(symbol: string, levels: number): ReturnType<ReturnType<SpotBooks['engine']>['depth']> {
    return this.books.engine(symbol).depth(levels);
  }

  /** A price print without an order book (mt5 quotes): updates candles and ticker like a trade. */
  async quote(symbol: string, price: bigint): Promise<void> {
    const m = this.markets.market(symbol);
    const t: SettledTrade = {
      id: 0,
      symbol: m.symbol,
      price,
      quantity: 0n,
      quoteQty: 0n,
      takerSide: 'buy',
      time: Date.now(),
      makerUserId: 0,
      takerUserId: 0,
    };
    this.candles.get(m.symbol)!.add(t.time, price, 0n, 0n);
    this.bus.publish(marketTopics.trades(m.symbol), {
      symbol: m.symbol,
      price: publicTrade(m, t).price,
      trades: [],
    } satisfies MarketTradesMessage);
  }

  /** What a durable batch did on the books, per market: candles, recent trades, and the public feed's messages. */
  private afterBatch(activity: SpotActivity[]): void {
    const trades = new Map<string, SettledTrade[]>();
    for (const a of activity) {
      const list = trades.get(a.symbol);
      if (list) list.push(...a.trades);
      else trades.set(a.symbol, [...a.trades]);
    }
    for (const [symbol, list] of trades) this.marketChanged(this.markets.get(symbol)!, list);
  }

  private marketChanged(m: Market, trades: SettledTrade[]): void {
    if (trades.length) {
      const series = this.candles.get(m.symbol)!;
      const recent = this.recent.get(m.symbol)!;
      // The candles per run of trades of one time (a batch's), as adding each in turn would leave them.
      for (let i = 0; i < trades.length; ) {
        const first = trades[i]!;
        let { price: high, price: low, quantity: qty, quoteQty: quote } = first;
        let j = i + 1;
        for (; j < trades.length && trades[j]!.time === first.time; j++) {
          const t = trades[j]!;
          if (t.price > high) high = t.price;
          if (t.price < low) low = t.price;
          qty += t.quantity;
          quote += t.quoteQty;
        }
        series.addRun(first.time, first.price, high, low, trades[j - 1]!.price, baseUnits(m, qty), quote, j - i);
        i = j;
      }
      for (let i = Math.max(0, trades.length - RECENT_TRADES); i < trades.length; i++) recent.push(trades[i]!);
      if (recent.length > RECENT_TRADES) recent.splice(0, recent.length - RECENT_TRADES);
      const shown = trades.map((t) => publicTrade(m, t));
      this.bus.publish(marketTopics.trades(m.symbol), {
        symbol: m.symbol,
        price: shown.at(-1)!.price,
        trades: shown,
      } satisfies MarketTradesMessage);
    }
    this.bus.publish(marketTopics.book(m.symbol), { symbol: m.symbol } satisfies MarketBookMessage);
  }
}
