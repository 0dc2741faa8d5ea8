import { columnTypes } from '../storage/db.ts';
import type { Migration } from '../storage/migrations.ts';

/**
 * Flexible finance products (kind `flexible`, server/earn): interest is paid every day instead of at the end, so an
 * order records how many of its days were paid. Paying day n needs paid_days = n − 1, which makes a day's payment
 * happen once however often the job runs or catches up.
 */
export const FLEXIBLE_MIGRATION: Migration = {
  version: 28,
  name: 'earn flexible',
  up(dialect) {
    const t = columnTypes(dialect);
    return `ALTER TABLE earn_orders ADD COLUMN paid_days ${t.int} NOT NULL DEFAULT 0;`;
  },
};
