/**
 * What the perpetual screens read beside the core: candles and the 24-hour ticker of each contract's last price
 * (the spot candle series, under the contract's own symbol), its latest trades, and the pushes of the private feed
 * (POSITION for each open position of a user whose orders or positions a batch changed, and a refresh).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { PositionMessage, RefreshMessage } from '../../isomorphic/contract/private-feed.ts';
import type { Bus } from '../bus/bus.ts';
import type { TradingCore } from '../core/core.ts';
import { CandleSeries } from '../market-data/candles.ts';
import { ticker24h, type Ticker } from '../market-data/ticker.ts';
import { userTopics } from '../feeds/topics.ts';
import type { Db } from '../storage/db.ts';
import type { PerpBook } from './perp-book.ts';
import type { PerpActivity } from './perp-fills.ts';
import { PERP_ACTIVITY, PERP_CHANGED, type PerpChange } from './perp-orders.ts';
import { latestPerpTrades } from './perp.repo.ts';
import type { PerpTradeRow } from './perp-state.ts';
import { fillValue } from './position-math.ts';
import { contractEntry, positionView, price, qty } from './views.ts';
import type { PerpBook as PerpBookView } from '../../isomorphic/contract/perpetual.ts';
import { marketTopics, type MarketBookMessage, type MarketTradesMessage } from '../feeds/public/market-events.ts';

const RECENT = 50;

export class PerpMarket {
  private readonly candles = new Map<string, CandleSeries>();
  /** Each contract's mark price as candles (kept under `<symbol>.mark`), for the chart's mark line. */
  private readonly marks = new Map<string, CandleSeries>();
  private readonly recent = new Map<string, PerpTradeRow[]>();

  private readonly db: Db;
  private readonly core: TradingCore;
  private readonly bus: Bus;
  private readonly log: FastifyBaseLogger;

  constructor(db: Db, core: TradingCore, bus: Bus, log: FastifyBaseLogger) {
    this.db = db;
    this.core = core;
    this.bus = bus;
    this.log = log;
  }

  get book(): PerpBook {
    return this.core.part<PerpBook>('perpetual');
  }

  async start(now: () => number): Promise<void> {
    for (const c of this.book.contracts.values()) {
      for (const [map, name] of [
        [this.candles, c.symbol],
        [this.marks, `${c.symbol}.mark`],
      ] as const) {
        const series = new CandleSeries(name);
        await series.load(this.db);
        map.set(c.symbol, series);
      }
      this.recent.set(c.symbol, (await latestPerpTrades(this.db, c.symbol, RECENT)).reverse());
    }
    this.core.on(PERP_ACTIVITY, (payloads) => this.traded(payloads as PerpActivity[]));
    this.core.on(PERP_CHANGED, (payloads) => {
      const changes = payloads as PerpChange[];
      this.changed(new Set(changes.flatMap((c) => c.users)), new Set(changes.flatMap((c) => c.positions)), now());
    });
  }

  /** A contract's book (`levels` a side), latest trades and prices, as the perpetual screen shows them. */
  bookView(symbol: string, levels: number): PerpBookView {
    const b = this.book;
    const c = b.contract(symbol);
    const st = b.prices(c.symbol);
    const depth = b.engine(c.symbol).depth(levels);
    const level = ([p, q]: [number, number]) => ({ price: price(c, BigInt(p)), quantity: qty(c, BigInt(q)) });
    const opt = (v: bigint | undefined) => (v === undefined ? null : price(c, v));
    return {
      symbol: c.symbol,
      bids: depth.bids.map(level),
      asks: depth.asks.map(level),
      trades: this.trades(c.symbol).map((t) => ({
        id: t.id,
        price: price(c, t.price),
        quantity: qty(c, t.quantity),
        side: t.takerSide,
        time: t.createdAt,
      })),
      last: opt(st.last),
      mark: opt(st.mark),
      index: opt(st.index),
    };
  }

  /** The contracts as common/getCoinList lists them. */
  entries(now: number) {
    return [...this.book.contracts.values()].map((c) => contractEntry(c, this.ticker(c.symbol, now)));
  }

  series(symbol: string, price: 'last' | 'mark' = 'last'): CandleSeries {
    return (price === 'mark' ? this.marks : this.candles).get(symbol)!;
  }

  ticker(symbol: string, now: number): Ticker {
    const st = this.book.prices(symbol);
    return ticker24h(this.series(symbol), now, st.last ?? st.mark ?? 0n);
  }

  /** Latest trades, newest first. */
  trades(symbol: string): PerpTradeRow[] {
    return [...(this.recent.get(symbol) ?? [])].reverse();
  }

  /** Writes changed candles (the exchange's once-a-second flush covers only spot's own series). */
  async flush(): Promise<void> {
    try {
      await this.db.tx(async (q) => {
        for (const s of [...this.candles.values(), ...this.marks.values()]) await s.flush(q);
      });
    } catch (err) {
      this.log.error({ err }, 'writing perpetual candles failed');
    }
  }

  private traded(activity: PerpActivity[]): void {
    for (const a of activity) {
      // The book or the prices moved: the feed's perpetual topic sends the contract again.
      this.bus.publish(marketTopics.book(a.symbol), { symbol: a.symbol } satisfies MarketBookMessage);
      if (a.mark) this.marks.get(a.symbol)!.add(a.mark.at, a.mark.price, 0n, 0n);
      if (!a.trades.length) continue;
      const c = this.book.contracts.get(a.symbol)!;
      const series = this.candles.get(a.symbol)!;
      const recent = this.recent.get(a.symbol)!;
      for (const t of a.trades) {
        series.add(t.createdAt, t.price, t.quantity, fillValue(c, t.quantity, t.price));
        recent.push(t);
      }
      if (recent.length > RECENT) recent.splice(0, recent.length - RECENT);
      this.bus.publish(marketTopics.trades(a.symbol), {
        symbol: a.symbol,
        price: price(c, a.trades.at(-1)!.price),
        trades: [],
      } satisfies MarketTradesMessage);
    }
  }

  /**
   * Every open position of the users a batch touched (their marks and ratios moved with it), and the ones it closed.
   */
  private changed(users: Set<number>, positions: Set<number>, ts: number): void {
    const risk = this.core.risk;
    for (const userId of users) {
      for (const p of this.book.userPositions(userId)) {
        if (p.qty === 0n && !positions.has(p.id)) continue;
        const v = positionView(risk, this.book, p);
        const message: PositionMessage = {
          product: 'perpetual',
          positionId: String(p.id),
          symbol: p.symbol,
          side: v.side,
          marginMode: p.mode,
          leverage: p.leverage,
          quantity: v.quantity,
          entryPrice: v.entryPrice,
          markPrice: v.markPrice,
          margin: v.margin,
          unrealizedPnl: v.unrealizedPnl,
          liquidationPrice: v.liquidationPrice,
          status: p.qty === 0n ? 'closed' : 'open',
          updatedAt: p.updatedAt,
        };
        this.bus.publish(userTopics.position(userId), message);
      }
      this.bus.publish(userTopics.refresh(userId), {
        kind: 'orders',
        symbol: 'perpetual',
        ts,
      } satisfies RefreshMessage);
    }
  }
}
