import type { Migration } from '../storage/migrations.ts';

/**
 * The projector's hottest rows lose their foreign keys on PostgreSQL: ledger entries' account, orders' market and
 * user. The core decides every ledger line and order against its own state and journals it before the projector
 * writes it, so a key never refused a row the core had not already accepted; it could only stop the projection
 * (the transaction fails and is retried for ever) behind a command already acknowledged. Checking them cost the
 * server about two fifths of its CPU for the projection, the difference between keeping up with a steady 20,000
 * orders/s and falling seconds behind (docs/architecture.md, "Projected tables"; docs/benchmarks.md, "Issue 32, third
 * pass"). SQLite keeps them for now: it drops a key only by copying the whole table, and what they cost its
 * projector was not measured.
 */
export const PROJECTED_KEYS_MIGRATION: Migration = {
  version: 44,
  name: 'no foreign keys on the projected ledger entries and orders (PostgreSQL)',
  up: (dialect) =>
    dialect === 'postgres'
      ? `ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_account_id_fkey;
ALTER TABLE orders DROP CONSTRAINT orders_symbol_fkey;
ALTER TABLE orders DROP CONSTRAINT orders_user_id_fkey;`
      : '',
};
