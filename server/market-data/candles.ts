import { KLINE_INTERVALS, type KlineInterval } from '../../isomorphic/contract/spot.ts';
import type { Queryable } from '../storage/db.ts';
import { latestCandles, saveCandle } from './candles.repo.ts';
import { candleClose, candleOpen } from './intervals.ts';

export interface Candle {
  openTime: number;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  volume: bigint;
  quoteVolume: bigint;
  trades: number;
}

const KEEP = 1500;

/**
 * K-lines of one market at every interval, kept in memory (the last 1,500 of each) and written to the database
 * when they change, so charts survive a restart. Trades update them as they settle.
 */
export class CandleSeries {
  private readonly series = new Map<KlineInterval, Candle[]>();
  /** The candles changed since the last flush, each once: a candle object stands for its interval and open time. */
  private readonly dirty = new Map<Candle, KlineInterval>();
  /**
   * Per interval (in KLINE_INTERVALS order), the last candle and the end of its period: a trade inside it needs no
   * open time computed (a week's or a month's takes Date arithmetic), so a fill costs a few compares per interval.
   */
  private readonly lastOf: Array<Candle | undefined> = [];
  private readonly endOf: number[] = [];
  readonly symbol: string;

  constructor(symbol: string) {
    this.symbol = symbol;
    for (const i of KLINE_INTERVALS) this.series.set(i, []);
  }

  async load(q: Queryable): Promise<void> {
    for (const interval of KLINE_INTERVALS)
      this.series.set(interval, await latestCandles(q, this.symbol, interval, KEEP));
  }

  /** Adds a trade to the candle of every interval that holds its time. */
  add(time: number, price: bigint, qty: bigint, quote: bigint): void {
    this.addRun(time, price, price, price, price, qty, quote, 1);
  }

  /**
   * Adds `count` trades of one time at once, as `add` of each in turn would (first price `open`, last `close`, their
   * extremes and sums): a batch's trades share its time, so market data adds them per batch, not per fill.
   */
  addRun(
    time: number,
    open: bigint,
    high: bigint,
    low: bigint,
    close: bigint,
    qty: bigint,
    quote: bigint,
    count: number,
  ): void {
    for (let i = 0; i < KLINE_INTERVALS.length; i++) {
      const interval = KLINE_INTERVALS[i]!;
      let last = this.lastOf[i];
      if (!last || last !== this.last(interval) || time < last.openTime || time >= this.endOf[i]!) {
        const list = this.series.get(interval)!;
        const openTime = candleOpen(interval, time);
        last = list[list.length - 1];
        if (!last || last.openTime < openTime) {
          last = {
            openTime,
            open,
            high,
            low,
            close,
            volume: 0n,
            quoteVolume: 0n,
            trades: 0,
          };
          list.push(last);
          if (list.length > KEEP) list.shift();
        } else if (last.openTime > openTime) {
          continue; // a late trade for a closed candle: candles only move forward
        }
        this.lastOf[i] = last;
        this.endOf[i] = candleClose(interval, last.openTime) + 1;
      }
      if (high > last.high) last.high = high;
      if (low < last.low) last.low = low;
      last.close = close;
      last.volume += qty;
      last.quoteVolume += quote;
      last.trades += count;
      if (!this.dirty.has(last)) this.dirty.set(last, interval);
    }
  }

  candles(interval: KlineInterval, limit: number): Candle[] {
    const list = this.series.get(interval)!;
    return list.slice(Math.max(0, list.length - limit));
  }

  last(interval: KlineInterval): Candle | undefined {
    const list = this.series.get(interval)!;
    return list[list.length - 1];
  }

  /** Writes the changed candles; called after each batch and on shutdown. */
  async flush(q: Queryable): Promise<void> {
    if (!this.dirty.size) return;
    const changed = [...this.dirty];
    this.dirty.clear();
    for (const [candle, interval] of changed) await saveCandle(q, this.symbol, interval, candle);
  }
}
