import { columnTypes } from '../storage/db.ts';
import type { Migration } from '../storage/migrations.ts';

/**
 * API keys (the secret sealed, never in plain text) and the signatures each key has used, kept past their
 * receive window so a replay is refused and the per-key rate is counted.
 */
export const API_KEYS_MIGRATION: Migration = {
  version: 19,
  name: 'api keys: keys and used signatures',
  up(dialect) {
    const t = columnTypes(dialect);
    return `
CREATE TABLE api_keys (
  id ${t.id},
  user_id ${t.int} NOT NULL REFERENCES users(id),
  label ${t.text} NOT NULL,
  api_key ${t.text} NOT NULL UNIQUE,
  secret_sealed ${t.text} NOT NULL,
  can_trade ${t.int} NOT NULL DEFAULT 0,
  can_withdraw ${t.int} NOT NULL DEFAULT 0,
  ip_list ${t.text} NOT NULL DEFAULT '[]',
  created_at ${t.int} NOT NULL,
  last_used_at ${t.int}
);
CREATE INDEX api_keys_user ON api_keys(user_id, id);
CREATE TABLE api_key_uses (
  key_id ${t.int} NOT NULL,
  signature ${t.text} NOT NULL,
  used_at ${t.int} NOT NULL,
  keep_until ${t.int} NOT NULL,
  PRIMARY KEY (key_id, signature)
);
CREATE INDEX api_key_uses_time ON api_key_uses(key_id, used_at);
CREATE INDEX api_key_uses_keep ON api_key_uses(keep_until);`;
  },
};
