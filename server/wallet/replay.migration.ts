import { columnTypes } from '../storage/db.ts';
import type { Migration } from '../storage/migrations.ts';

/**
 * Single use: a swap quote executes once (`swaps.quote_id` is unique) and a sealed body is accepted once
 * (`sealed_uses`, keyed by the nonce the browser sealed in it, remembering what the first submission made).
 * The swap desk's per-asset limit on what one swap may pay out lives in `swap_limits`.
 */
export const REPLAY_MIGRATION: Migration = {
  version: 8,
  name: 'single-use quotes and sealed bodies, swap desk limits',
  up(dialect) {
    const t = columnTypes(dialect);
    return `
ALTER TABLE swaps ADD COLUMN quote_id ${t.text};
CREATE UNIQUE INDEX swaps_quote_id_key ON swaps(quote_id);
CREATE TABLE sealed_uses (
  nonce ${t.text} PRIMARY KEY,
  user_id ${t.int} NOT NULL REFERENCES users(id),
  purpose ${t.text} NOT NULL,
  ref_id ${t.int},
  created_at ${t.int} NOT NULL
);
CREATE INDEX sealed_uses_created ON sealed_uses(created_at);
CREATE TABLE swap_limits (
  asset ${t.text} PRIMARY KEY REFERENCES assets(code),
  max_out ${t.int} NOT NULL,
  updated_at ${t.int} NOT NULL
);`;
  },
};
