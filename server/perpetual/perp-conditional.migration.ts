import { columnTypes } from '../storage/db.ts';
import type { Migration } from '../storage/migrations.ts';

/**
 * Perpetual conditional orders with a quantity (server/perpetual/perp-conditional.ts): one row each, kept after it
 * ends (its fired order, or why it expired), so a start from the tables waits on for the active ones. Ids are order
 * ids.
 */
export const PERP_CONDITIONAL_MIGRATION: Migration = {
  version: 42,
  name: 'perpetual conditional orders',
  up(dialect) {
    const t = columnTypes(dialect);
    return `CREATE TABLE perp_conditional (
  id ${t.int} PRIMARY KEY,
  user_id ${t.int} NOT NULL,
  symbol ${t.text} NOT NULL,
  side ${t.text} NOT NULL,
  type ${t.text} NOT NULL,
  quantity ${t.int} NOT NULL,
  price ${t.int} NOT NULL,
  stop_price ${t.int} NOT NULL,
  trigger_by ${t.text} NOT NULL,
  tif ${t.text} NOT NULL,
  reduce_only ${t.int} NOT NULL,
  algo ${t.int} NOT NULL,
  client_id ${t.text} NOT NULL,
  status ${t.text} NOT NULL,
  reason ${t.text},
  order_id ${t.int},
  triggered_at ${t.int},
  created_at ${t.int} NOT NULL,
  updated_at ${t.int} NOT NULL
);
CREATE INDEX perp_conditional_user ON perp_conditional (user_id, id);
CREATE INDEX perp_conditional_active ON perp_conditional (status);
`;
  },
};
