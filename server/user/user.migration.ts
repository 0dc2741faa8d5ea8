import { columnTypes } from '../storage/db.ts';
import type { Migration } from '../storage/migrations.ts';

/** Accounts, sessions, verification codes, the outbox and settings: the first schema of every install. */
export const USER_MIGRATION: Migration = {
  version: 1,
  name: 'accounts and sessions',
  up(dialect) {
    const t = columnTypes(dialect);
    return `
CREATE TABLE users (
  id ${t.id},
  uid ${t.text} NOT NULL UNIQUE,
  username ${t.text} UNIQUE,
  email ${t.text} UNIQUE,
  phone ${t.text} UNIQUE,
  country_code ${t.text},
  password_hash ${t.text} NOT NULL,
  fund_password_hash ${t.text},
  invite_code ${t.text} NOT NULL UNIQUE,
  inviter_id ${t.int} REFERENCES users(id),
  role ${t.text} NOT NULL DEFAULT 'user',
  is_merchant ${t.int} NOT NULL DEFAULT 1,
  avatar ${t.text},
  status ${t.text} NOT NULL DEFAULT 'active',
  created_at ${t.int} NOT NULL,
  updated_at ${t.int} NOT NULL
);
CREATE INDEX users_inviter ON users(inviter_id);
CREATE TABLE sessions (
  id ${t.id},
  user_id ${t.int} NOT NULL REFERENCES users(id),
  family ${t.text} NOT NULL,
  token_hash ${t.text} NOT NULL UNIQUE,
  refresh_hash ${t.text} NOT NULL UNIQUE,
  issued_at ${t.int} NOT NULL,
  expires_at ${t.int} NOT NULL,
  refresh_expires_at ${t.int} NOT NULL,
  revoked_at ${t.int},
  revoke_reason ${t.text},
  ip ${t.text},
  user_agent ${t.text}
);
CREATE INDEX sessions_user ON sessions(user_id);
CREATE INDEX sessions_family ON sessions(family);
CREATE TABLE verify_codes (
  id ${t.id},
  channel ${t.text} NOT NULL,
  target ${t.text} NOT NULL,
  purpose ${t.text} NOT NULL,
  code_hash ${t.text} NOT NULL,
  attempts ${t.int} NOT NULL DEFAULT 0,
  created_at ${t.int} NOT NULL,
  expires_at ${t.int} NOT NULL,
  consumed_at ${t.int}
);
CREATE INDEX verify_codes_target ON verify_codes(channel, target, purpose, created_at);
CREATE TABLE outbox (
  id ${t.id},
  channel ${t.text} NOT NULL,
  target ${t.text} NOT NULL,
  subject ${t.text} NOT NULL,
  body ${t.text} NOT NULL,
  created_at ${t.int} NOT NULL,
  delivered_at ${t.int},
  error ${t.text}
);
CREATE INDEX outbox_target ON outbox(target, created_at);
CREATE TABLE auth_failures (
  id ${t.id},
  subject ${t.text} NOT NULL,
  created_at ${t.int} NOT NULL
);
CREATE INDEX auth_failures_subject ON auth_failures(subject, created_at);
CREATE TABLE app_settings (
  key ${t.text} PRIMARY KEY,
  value ${t.text} NOT NULL,
  updated_at ${t.int} NOT NULL
);`;
  },
};
