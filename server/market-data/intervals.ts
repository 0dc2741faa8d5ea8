import type { KlineInterval } from '../../isomorphic/contract/spot.ts';

const MINUTE = 60_000;
const FIXED: Partial<Record<KlineInterval, number>> = {
  '1m': MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '30m': 30 * MINUTE,
  '1h': 60 * MINUTE,
  '4h': 240 * MINUTE,
  '1d': 1440 * MINUTE,
};

/** The open time of the candle that holds `t`, in UTC: weeks start on Monday, months on the 1st. */
export function candleOpen(interval: KlineInterval, t: number): number {
  const fixed = FIXED[interval];
  if (fixed) return t - (t % fixed);
  const d = new Date(t);
  if (interval === '1M') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  const weekday = (d.getUTCDay() + 6) % 7; // Monday = 0
  return day - weekday * 1440 * MINUTE;
}

/**
 * A candle's close time as Binance gives it (developers.binance.com, "Kline/Candlestick data"): the next candle's open
 * less 1 ms.
 */
export function candleClose(interval: KlineInterval, open: number): number {
  const fixed = FIXED[interval];
  if (fixed) return open + fixed - 1;
  // A week is 7 days; a month 28 to 31, so 31 days after its first day is inside the next month.
  return candleOpen(interval, open + (interval === '1w' ? 7 : 31) * 1440 * MINUTE) - 1;
}
