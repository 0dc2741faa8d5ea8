import { columnTypes } from '../../storage/db.ts';
import type { Migration } from '../../storage/migrations.ts';

/**
 * The matching journal: what each market's runner decided, appended in bulk and acknowledged on commit, then
 * written into orders, trades, ledger entries and balances behind it by a projector of its own. The core's journal
 * (server/core/journal/core-journal.migration.ts) replaced it; this migration stays because migrations only add.
 * `journal_cursor` is how far each market's journal has reached those tables; `id_blocks` hands out order and
 * trade ids in blocks, so a runner numbers its orders before they reach the orders table. Two indexes of
 * ledger_entries go: nothing reads entries by reference or by account (bills read by owner, the audit scans),
 * and each index costs the projector a third of its insert rate.
 */
export const SPOT_JOURNAL_MIGRATION: Migration = {
  version: 6,
  name: 'matching journal',
  up(dialect) {
    const t = columnTypes(dialect);
    return `
CREATE TABLE journal (
  symbol ${t.text} NOT NULL,
  seq ${t.int} NOT NULL,
  kind ${t.text} NOT NULL,
  body ${t.text} NOT NULL,
  PRIMARY KEY (symbol, seq)
);
CREATE TABLE journal_cursor (
  symbol ${t.text} PRIMARY KEY,
  seq ${t.int} NOT NULL
);
CREATE TABLE id_blocks (
  name ${t.text} PRIMARY KEY,
  next ${t.int} NOT NULL
);
INSERT INTO id_blocks (name, next) SELECT 'orders', COALESCE(MAX(id), 0) + 1 FROM orders;
INSERT INTO id_blocks (name, next) SELECT 'trades', COALESCE(MAX(id), 0) + 1 FROM trades;
DROP INDEX ledger_entries_ref;
DROP INDEX ledger_entries_account;`;
  },
};
