import { columnTypes } from '../../storage/db.ts';
import type { Migration } from '../../storage/migrations.ts';

/**
 * Spot conditional orders (server/spot/conditional): stop-loss and take-profit orders, OCO stop legs and the TP/SL
 * of limit buys. Prices at the market's price scale, quantities at its quantity scale, frozen and budgets at the
 * asset scale, as the orders table keeps them. Written by the trading core's projector only.
 */
export const CONDITIONAL_MIGRATION: Migration = {
  version: 38,
  name: 'spot conditional orders',
  up(dialect) {
    const t = columnTypes(dialect);
    return `
CREATE TABLE spot_conditional_orders (
  id ${t.int} PRIMARY KEY,
  list_id ${t.int} NOT NULL,
  symbol ${t.text} NOT NULL REFERENCES markets(symbol),
  user_id ${t.int} NOT NULL REFERENCES users(id),
  side ${t.text} NOT NULL,
  type ${t.text} NOT NULL,
  stop_price ${t.int} NOT NULL,
  price ${t.int} NOT NULL,
  quantity ${t.int} NOT NULL,
  quote_budget ${t.int} NOT NULL,
  tif ${t.text} NOT NULL,
  frozen ${t.int} NOT NULL,
  status ${t.text} NOT NULL,
  limit_order_id ${t.int} NOT NULL,
  parent_order_id ${t.int} NOT NULL,
  tp_price ${t.int} NOT NULL,
  order_id ${t.int} NOT NULL,
  created_at ${t.int} NOT NULL,
  updated_at ${t.int} NOT NULL
);
CREATE INDEX spot_conditional_user ON spot_conditional_orders(user_id, status, id);
CREATE INDEX spot_conditional_list ON spot_conditional_orders(list_id);`;
  },
};
