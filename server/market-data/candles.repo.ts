import type { KlineInterval } from '../../isomorphic/contract/spot.ts';
import { num, type Queryable } from '../storage/db.ts';
import type { Candle } from './candles.ts';

/** The latest `limit` candles of a market at one interval, oldest first. */
export async function latestCandles(
  q: Queryable,
  symbol: string,
  interval: KlineInterval,
  limit: number,
): Promise<Candle[]> {
  const rows = await q.all<Record<string, bigint>>(
    'SELECT * FROM klines WHERE symbol = ? AND interval = ? ORDER BY open_time DESC LIMIT ?',
    [symbol, interval, limit],
  );
  return rows.reverse().map((r) => ({
    openTime: num(r.open_time),
    open: BigInt(r.open!),
    high: BigInt(r.high!),
    low: BigInt(r.low!),
    close: BigInt(r.close!),
    volume: BigInt(r.volume!),
    quoteVolume: BigInt(r.quote_volume!),
    trades: num(r.trades),
  }));
}

/** Writes a candle, or moves the stored one of the same open time on. */
export async function saveCandle(q: Queryable, symbol: string, interval: KlineInterval, c: Candle): Promise<void> {
  await q.run(
    `INSERT INTO klines (symbol, interval, open_time, open, high, low, close, volume, quote_volume, trades) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (symbol, interval, open_time) DO UPDATE SET high = excluded.high, low = excluded.low, close = excluded.close, volume = excluded.volume, quote_volume = excluded.quote_volume, trades = excluded.trades`,
    [symbol, interval, c.openTime, c.open, c.high, c.low, c.close, c.volume, c.quoteVolume, c.trades],
  );
}
