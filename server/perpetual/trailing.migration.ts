import { columnTypes } from '../storage/db.ts';
import type { Migration } from '../storage/migrations.ts';

/**
 * Perpetual trailing stops (server/perpetual/trailing.ts): one row per trailing stop, its best price since
 * activation kept current, so a start from the tables trails on from where the core was. Ids are order ids.
 */
export const PERP_TRAILING_MIGRATION: Migration = {
  version: 37,
  name: 'perpetual trailing stops',
  up(dialect) {
    const t = columnTypes(dialect);
    return `CREATE TABLE perp_trailing (
  id ${t.int} PRIMARY KEY,
  user_id ${t.int} NOT NULL,
  symbol ${t.text} NOT NULL,
  side ${t.text} NOT NULL,
  quantity ${t.int} NOT NULL,
  callback_bps ${t.int} NOT NULL,
  activation_price ${t.int},
  trigger_by ${t.text} NOT NULL,
  best_price ${t.int},
  status ${t.text} NOT NULL,
  order_id ${t.int},
  created_at ${t.int} NOT NULL,
  updated_at ${t.int} NOT NULL
);
CREATE INDEX perp_trailing_user ON perp_trailing (user_id, id);
CREATE INDEX perp_trailing_active ON perp_trailing (status);
`;
  },
};
