import { columnTypes } from '../storage/db.ts';
import type { Migration } from '../storage/migrations.ts';

/**
 * The ids a program gives its spot orders (Binance's newClientOrderId): one order per (user, id), the latest that
 * used it, so origClientOrderId finds it; written by the door, never by the trading core, which needs no such id.
 */
export const CLIENT_ORDERS_MIGRATION: Migration = {
  version: 32,
  name: 'binance client order ids',
  up(dialect) {
    const t = columnTypes(dialect);
    return `
CREATE TABLE binance_client_orders (
  user_id ${t.int} NOT NULL REFERENCES users(id),
  client_order_id ${t.text} NOT NULL,
  order_id ${t.int} NOT NULL UNIQUE,
  PRIMARY KEY (user_id, client_order_id)
);`;
  },
};
