import { columnTypes } from '../storage/db.ts';
import type { Migration } from '../storage/migrations.ts';

/** Each market's price band around the index price (Binance's PERCENT_PRICE filter): ±10% unless changed. */
export const PRICE_BAND_MIGRATION: Migration = {
  version: 7,
  name: 'spot price band',
  up(dialect) {
    const t = columnTypes(dialect);
    return `ALTER TABLE markets ADD COLUMN price_band_bps ${t.int} NOT NULL DEFAULT 1000;`;
  },
};
