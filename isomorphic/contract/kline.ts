/**
 * The candle intervals of the K-line call and feed. Apart from the schemas in spot.ts so that the chart's interval
 * buttons do not load zod into the trade screen.
 */
export const KLINE_INTERVALS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w', '1M'] as const;
export type KlineInterval = (typeof KLINE_INTERVALS)[number];

/** One candle as charts draw it: open time in ms, prices and volume as decimal strings. */
export interface Candle {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}
