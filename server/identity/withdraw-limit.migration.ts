import { columnTypes } from '../storage/db.ts';
import type { Migration } from '../storage/migrations.ts';

/**
 * What each withdrawal counts against its owner's 24-hour limit: its USDT value at the index price when it was
 * requested, written in the same transaction as the withdrawal.
 */
export const WITHDRAW_LIMIT_MIGRATION: Migration = {
  version: 18,
  name: 'identity: withdrawal usage against the daily limit',
  up(dialect) {
    const t = columnTypes(dialect);
    return `
CREATE TABLE withdrawal_usage (
  withdrawal_id ${t.int} PRIMARY KEY REFERENCES withdrawals(id),
  user_id ${t.int} NOT NULL REFERENCES users(id),
  usdt_value ${t.int} NOT NULL,
  created_at ${t.int} NOT NULL
);
CREATE INDEX withdrawal_usage_user ON withdrawal_usage(user_id, created_at);`;
  },
};
