import { KLINE_INTERVALS, type KlineInterval } from '../../isomorphic/contract/spot.ts';
import type { Queryable } from '../storage/db.ts';
import { latestCandles, saveCandle } from './candles.repo.ts';
import { candleOpen } from './intervals.ts';

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
  private readonly dirty = new Map<string, { interval: KlineInterval; candle: Candle }>();
  readonly symbol: string;

  constructor(symbol: string) {
    this.symbol = symbol;
    for (const i of KLINE_INTERVALS) this.series.set(i, []);
  }

  async load(q: Queryable): Promise<void> {
    for (const interval of KLINE_INTERVALS)
      this.series.set(interval, await latestCandles(q, this.symbol, interval, KEEP));
  }

  /** Adds a trade to the candle of every interval that holds its time; returns the 1m candle it changed. */
  add(time: number, price: bigint, qty: bigint, quote: bigint): void {
    for (const interval of KLINE_INTERVALS) {
      const list = this.series.get(interval)!;
      const open = candleOpen(interval, time);
      let last = list[list.length - 1];
      if (!last || last.openTime < open) {
        last = {
          openTime: open,
          open: price,
          high: price,
          low: price,
          close: price,
          volume: 0n,
          quoteVolume: 0n,
          trades: 0,
        };
        list.push(last);
        if (list.length > KEEP) list.shift();
      } else if (last.openTime > open) {
        continue; // a late trade for a closed candle: candles only move forward
      }
      if (price > last.high) last.high = price;
      if (price < last.low) last.low = price;
      last.close = price;
      last.volume += qty;
      last.quoteVolume += quote;
      last.trades += 1;
      this.dirty.set(`${interval}:${last.openTime}`, { interval, candle: last });
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
    const changed = [...this.dirty.values()];
    this.dirty.clear();
    for (const { interval, candle } of changed) await saveCandle(q, this.symbol, interval, candle);
  }
}
