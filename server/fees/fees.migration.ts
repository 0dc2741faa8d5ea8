import { columnTypes } from '../storage/db.ts';
import type { Migration } from '../storage/migrations.ts';

/**
 * The fee schedule as operators last set it (empty: the default schedule, isomorphic/fees/schedule.ts) and each
 * user's VIP level as the daily job last set it (no row: VIP 0). Both are projections of the core's fee book.
 */
export const FEES_MIGRATION: Migration = {
  version: 35,
  name: 'fee levels',
  up(dialect) {
    const t = columnTypes(dialect);
    return `CREATE TABLE fee_levels (
  level ${t.int} PRIMARY KEY,
  spot_maker_bps ${t.int} NOT NULL,
  spot_taker_bps ${t.int} NOT NULL,
  perp_maker_bps ${t.int} NOT NULL,
  perp_taker_bps ${t.int} NOT NULL,
  spot_volume ${t.int} NOT NULL,
  perp_volume ${t.int} NOT NULL
);
CREATE TABLE user_fee_levels (
  user_id ${t.int} PRIMARY KEY,
  level ${t.int} NOT NULL
);`;
  },
};
