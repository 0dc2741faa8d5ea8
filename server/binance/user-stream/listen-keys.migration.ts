import { columnTypes } from '../../storage/db.ts';
import type { Migration } from '../../storage/migrations.ts';

/**
 * Binance user data streams' listen keys (developers.binance.com, "User Data Streams"): in a table, not in memory,
 * since a cluster has several edges and the REST call that makes a key may reach one edge and the socket another.
 * One live key per user and product (`spot` or `futures`).
 */
export const LISTEN_KEYS_MIGRATION: Migration = {
  version: 31,
  name: 'binance listen keys',
  up(dialect) {
    const t = columnTypes(dialect);
    return `CREATE TABLE binance_listen_keys (
  listen_key ${t.text} PRIMARY KEY,
  user_id ${t.int} NOT NULL REFERENCES users(id),
  product ${t.text} NOT NULL CHECK (product IN ('spot', 'futures')),
  created_at ${t.int} NOT NULL,
  expires_at ${t.int} NOT NULL,
  UNIQUE (user_id, product)
);`;
  },
};
