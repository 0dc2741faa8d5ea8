import { columnTypes } from '../storage/db.ts';
import type { Migration } from '../storage/migrations.ts';

/**
 * The recorded prices (server/prices): per market and sampling period, the index, mark and last price the
 * sampling job took, with what the mark was computed from, so that a settlement can name the price it used and
 * anyone can check it. One row per (symbol, period start), written once; rows older than the retention are pruned.
 * Prices are integers at the market's price scale; the basis EMA at that scale × 10,000, the funding basis at 10⁻⁸.
 */
export const PRICES_MIGRATION: Migration = {
  version: 12,
  name: 'recorded prices',
  up(dialect) {
    const t = columnTypes(dialect);
    return `
CREATE TABLE price_records (
  symbol ${t.text} NOT NULL,
  period_start ${t.int} NOT NULL,
  sampled_at ${t.int} NOT NULL,
  index_price ${t.int} NOT NULL,
  index_source ${t.text} NOT NULL,
  index_at ${t.int} NOT NULL,
  mark_price ${t.int} NOT NULL,
  basis_ema ${t.int} NOT NULL,
  funding_basis ${t.int} NOT NULL,
  last_price ${t.int},
  last_at ${t.int},
  PRIMARY KEY (symbol, period_start)
);
CREATE INDEX price_records_period ON price_records(period_start);`;
  },
};
