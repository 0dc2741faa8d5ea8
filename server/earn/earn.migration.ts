import { columnTypes } from '../storage/db.ts';
import type { Migration } from '../storage/migrations.ts';

/**
 * Earn (server/earn): the products operators offer, the users' orders, and what each order paid when it ended.
 * Amounts are integers at 8 decimals; a daily rate is an integer of 10⁻⁸ (0.0012 a day is 120000). Each order has at
 * most one income row: a unique index refuses paying it twice.
 */
export const EARN_MIGRATION: Migration = {
  version: 25,
  name: 'earn',
  up(dialect) {
    const t = columnTypes(dialect);
    return `
CREATE TABLE earn_products (
  id ${t.id},
  kind ${t.text} NOT NULL,
  name ${t.text} NOT NULL,
  asset ${t.text} NOT NULL,
  daily_rate ${t.int} NOT NULL,
  cycle_days ${t.int} NOT NULL,
  min_amount ${t.int} NOT NULL,
  max_amount ${t.int} NOT NULL,
  per_user ${t.int} NOT NULL,
  capacity ${t.int} NOT NULL,
  early_redeem ${t.text} NOT NULL,
  open ${t.int} NOT NULL,
  created_at ${t.int} NOT NULL,
  updated_at ${t.int} NOT NULL
);
CREATE TABLE earn_orders (
  id ${t.int} PRIMARY KEY,
  user_id ${t.int} NOT NULL,
  product_id ${t.int} NOT NULL,
  kind ${t.text} NOT NULL,
  asset ${t.text} NOT NULL,
  amount ${t.int} NOT NULL,
  daily_rate ${t.int} NOT NULL,
  cycle_days ${t.int} NOT NULL,
  early_redeem ${t.text} NOT NULL,
  subscribed_at ${t.int} NOT NULL,
  begin_at ${t.int} NOT NULL,
  end_at ${t.int} NOT NULL,
  state ${t.text} NOT NULL,
  interest_paid ${t.int} NOT NULL,
  ended_at ${t.int}
);
CREATE INDEX earn_orders_user ON earn_orders (user_id, id);
CREATE INDEX earn_orders_open ON earn_orders (state, end_at);
CREATE TABLE earn_income (
  order_id ${t.int} PRIMARY KEY,
  user_id ${t.int} NOT NULL,
  kind ${t.text} NOT NULL,
  principal ${t.int} NOT NULL,
  interest ${t.int} NOT NULL,
  created_at ${t.int} NOT NULL
);
CREATE INDEX earn_income_user ON earn_income (user_id, created_at);
`;
  },
};
