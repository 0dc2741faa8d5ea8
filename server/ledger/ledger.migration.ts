import { columnTypes } from '../storage/db.ts';
import type { Migration } from '../storage/migrations.ts';

/**
 * Assets, accounts and the double-entry ledger. Amounts are integers in each asset's smallest unit (scale
 * decimals). Only the external account (type 102, the outside world's side of deposits and withdrawals) may
 * go below zero, so per asset the sum over all accounts is always zero.
 */
export const LEDGER_MIGRATION: Migration = {
  version: 3,
  name: 'assets, accounts and ledger',
  up(dialect) {
    const t = columnTypes(dialect);
    return `
CREATE TABLE assets (
  code ${t.text} PRIMARY KEY,
  name ${t.text} NOT NULL,
  scale ${t.int} NOT NULL,
  display_decimals ${t.int} NOT NULL,
  sort ${t.int} NOT NULL DEFAULT 0,
  status ${t.text} NOT NULL DEFAULT 'active',
  created_at ${t.int} NOT NULL
);
CREATE TABLE accounts (
  id ${t.id},
  owner_id ${t.int} REFERENCES users(id),
  type ${t.int} NOT NULL,
  asset ${t.text} NOT NULL REFERENCES assets(code),
  available ${t.int} NOT NULL DEFAULT 0,
  frozen ${t.int} NOT NULL DEFAULT 0,
  updated_at ${t.int} NOT NULL,
  CHECK (type = 102 OR (available >= 0 AND frozen >= 0))
);
CREATE UNIQUE INDEX accounts_owner_type_asset ON accounts(COALESCE(owner_id, 0), type, asset);
CREATE TABLE ledger_entries (
  id ${t.id},
  tx_id ${t.text} NOT NULL,
  account_id ${t.int} NOT NULL REFERENCES accounts(id),
  owner_id ${t.int},
  asset ${t.text} NOT NULL,
  delta_available ${t.int} NOT NULL,
  delta_frozen ${t.int} NOT NULL,
  available_after ${t.int} NOT NULL,
  frozen_after ${t.int} NOT NULL,
  bill_type ${t.text} NOT NULL,
  ref_type ${t.text} NOT NULL,
  ref_id ${t.text} NOT NULL,
  created_at ${t.int} NOT NULL
);
CREATE INDEX ledger_entries_owner ON ledger_entries(owner_id, created_at);
CREATE INDEX ledger_entries_ref ON ledger_entries(ref_type, ref_id);
CREATE INDEX ledger_entries_account ON ledger_entries(account_id, id);`;
  },
};
