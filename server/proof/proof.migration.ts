import { columnTypes } from '../storage/db.ts';
import type { Migration } from '../storage/migrations.ts';

/**
 * Proof of liabilities. A root is published per period (`period_start`, unique) or by an operator (no period);
 * `seq` is the trading core's journal batch its balances are as of. Each user with a balance has a leaf: a random
 * salt, the balances, the leaf hash and the path to the root. Only the newest proofs keep their leaves.
 */
export const PROOF_MIGRATION: Migration = {
  version: 21,
  name: 'proof of liabilities',
  up(dialect) {
    const t = columnTypes(dialect);
    return `
CREATE TABLE proof_roots (
  id ${t.id},
  period_start ${t.int} UNIQUE,
  taken_at ${t.int} NOT NULL,
  seq ${t.int} NOT NULL,
  root ${t.text} NOT NULL,
  leaf_count ${t.int} NOT NULL,
  totals ${t.text} NOT NULL,
  leaves_kept ${t.int} NOT NULL DEFAULT 1,
  operator_id ${t.int} REFERENCES users(id)
);
CREATE TABLE proof_leaves (
  proof_id ${t.int} NOT NULL REFERENCES proof_roots(id),
  user_id ${t.int} NOT NULL REFERENCES users(id),
  leaf_index ${t.int} NOT NULL,
  salt ${t.text} NOT NULL,
  balances ${t.text} NOT NULL,
  leaf_hash ${t.text} NOT NULL,
  path ${t.text} NOT NULL,
  PRIMARY KEY (proof_id, user_id)
);`;
  },
};
