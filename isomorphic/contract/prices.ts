/**
 * Wire contract of recorded prices: per market and sampling period, the index, mark and last price the platform
 * sampled, so a settlement can name the price it used and anyone can check it. Prices are decimal strings at the
 * market's price scale; times are milliseconds since the epoch.
 */
import { z } from './zod.ts';
import { queryInt } from './integers.ts';
import { symbolQuery } from './spot.ts';

/** A time in a query string: ms since the epoch, up to the year 2286. */
const time = () => queryInt({ min: 0, max: 9_999_999_999_999 });

/**
 * market/priceRecords: a market's records, oldest first — the first `limit` from `from` on, or without `from` the
 * latest `limit` up to `to` (both inclusive, on the period start).
 */
export const priceRecordsQuery = z.object({
  symbol: symbolQuery.shape.symbol,
  from: time().optional(),
  to: time().optional(),
  limit: queryInt({ min: 1, max: 1000 }).default(100),
});

/** One market's prices in one sampling period. */
export interface PriceRecord {
  symbol: string;
  /** The sampling period this record belongs to (one record per market and period), and when it was taken. */
  periodStart: number;
  sampledAt: number;
  index: string;
  indexSource: 'feed' | 'walk';
  /** When the index's source last confirmed it (a feed that stopped answering leaves an older time). */
  indexTime: number;
  mark: string;
  /**
   * The inputs of the mark: the EMA of last − index (four more decimals than the price) and the funding basis (a rate).
   */
  basisEma: string;
  fundingBasis: string;
  /** The last trade the mark used; null before the market's first trade. */
  last: string | null;
  lastTime: number | null;
}
