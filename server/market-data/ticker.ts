import type { CandleSeries } from './candles.ts';

export interface Ticker {
  close: bigint;
  open: bigint;
  high: bigint;
  low: bigint;
  volume: bigint;
  quoteVolume: bigint;
}

const DAY = 86_400_000;

/**
 * The rolling 24-hour ticker from the 1-minute candles: open is the first price inside the window (or the last
 * price before it), high/low/volume cover the window. With no trades at all it is the reference price.
 */
export function ticker24h(series: CandleSeries, now: number, reference: bigint): Ticker {
  const minutes = series.candles('1m', 1500);
  const since = now - DAY;
  let open: bigint | undefined;
  let high: bigint | undefined;
  let low: bigint | undefined;
  let volume = 0n;
  let quoteVolume = 0n;
  let before: bigint | undefined;
  for (const c of minutes) {
    if (c.openTime < since) {
      before = c.close;
      continue;
    }
    open ??= c.open;
    high = high === undefined || c.high > high ? c.high : high;
    low = low === undefined || c.low < low ? c.low : low;
    volume += c.volume;
    quoteVolume += c.quoteVolume;
  }
  const close = minutes.length ? minutes[minutes.length - 1]!.close : reference;
  const start = before ?? open ?? close;
  return { close, open: start, high: high ?? close, low: low ?? close, volume, quoteVolume };
}
