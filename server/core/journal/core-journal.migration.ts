import { columnTypes } from '../../storage/db.ts';
import type { Migration } from '../../storage/migrations.ts';

/**
 * The trading core's journal (server/core): one row per group-committed batch of commands, appended before any
 * of them is acknowledged; snapshots of the core's state at a batch, so a restart replays a bounded tail; and
 * how far the projector has written the batches into the tables. The spot exchange's earlier per-market journal
 * of facts goes (an older build empties it when it stops cleanly: stop it before upgrading), and so do its id
 * blocks: the core numbers orders and trades itself.
 */
export const CORE_MIGRATION: Migration = {
  version: 13,
  name: 'trading core journal',
  up(dialect) {
    const t = columnTypes(dialect);
    return `
CREATE TABLE core_journal (
  seq ${t.int} PRIMARY KEY,
  at ${t.int} NOT NULL,
  body ${t.text} NOT NULL
);
CREATE TABLE core_snapshots (
  seq ${t.int} PRIMARY KEY,
  hash ${t.text} NOT NULL,
  body ${t.text} NOT NULL,
  created_at ${t.int} NOT NULL
);
CREATE TABLE core_cursor (
  name ${t.text} PRIMARY KEY,
  seq ${t.int} NOT NULL
);
DROP TABLE journal;
DROP TABLE journal_cursor;
DROP TABLE id_blocks;`;
  },
};
