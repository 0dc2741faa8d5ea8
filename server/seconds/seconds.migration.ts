import { columnTypes } from '../storage/db.ts';
import type { Migration } from '../storage/migrations.ts';

/**
 * Second contracts (server/seconds): the periods operators offer per symbol, and the orders. An order keeps
 * the parameters it was opened with (rates, entry price and its recorded second), so a later change of its period
 * never touches it. Stakes and profits are integers of the stake asset at 8 decimals; prices at the market's scale.
 */
export const SECONDS_MIGRATION: Migration = {
  version: 14,
  name: 'second contracts',
  up(dialect) {
    const t = columnTypes(dialect);
    return `
CREATE TABLE seconds_periods (
  id ${t.id},
  symbol ${t.text} NOT NULL,
  seconds ${t.int} NOT NULL,
  profit_bps ${t.int} NOT NULL,
  loss_bps ${t.int} NOT NULL,
  min_stake ${t.int} NOT NULL,
  max_stake ${t.int} NOT NULL,
  exposure_cap ${t.int} NOT NULL,
  active ${t.int} NOT NULL,
  created_at ${t.int} NOT NULL,
  updated_at ${t.int} NOT NULL,
  UNIQUE (symbol, seconds)
);
CREATE TABLE seconds_orders (
  id ${t.int} PRIMARY KEY,
  user_id ${t.int} NOT NULL,
  symbol ${t.text} NOT NULL,
  period_id ${t.int} NOT NULL,
  seconds ${t.int} NOT NULL,
  direction ${t.text} NOT NULL,
  asset ${t.text} NOT NULL,
  stake ${t.int} NOT NULL,
  profit_bps ${t.int} NOT NULL,
  loss_bps ${t.int} NOT NULL,
  open_price ${t.int} NOT NULL,
  open_period ${t.int} NOT NULL,
  expires_at ${t.int} NOT NULL,
  client_key ${t.text},
  status ${t.text} NOT NULL,
  close_price ${t.int},
  close_period ${t.int},
  profit ${t.int} NOT NULL,
  reason ${t.text},
  created_at ${t.int} NOT NULL,
  settled_at ${t.int}
);
CREATE INDEX seconds_orders_user ON seconds_orders(user_id, status, id);
CREATE INDEX seconds_orders_settled ON seconds_orders(status, id);
CREATE INDEX seconds_orders_open ON seconds_orders(status, expires_at);`;
  },
};
