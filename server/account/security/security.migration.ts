import { columnTypes } from '../../storage/db.ts';
import type { Migration } from '../../storage/migrations.ts';

/**
 * Account security: one row per user that has touched a setting (the authenticator's secret and last used time
 * step, a setup waiting for its first code, the anti-phishing code, the whitelist switch, a withdrawal pause after
 * a security change), and the whitelisted withdrawal addresses.
 */
export const SECURITY_MIGRATION: Migration = {
  version: 15,
  name: 'account security: authenticator, anti-phishing code, withdrawal pause and whitelist',
  up(dialect) {
    const t = columnTypes(dialect);
    return `
CREATE TABLE account_security (
  user_id ${t.int} PRIMARY KEY REFERENCES users(id),
  totp_secret ${t.text},
  totp_bound_at ${t.int},
  totp_last_step ${t.int},
  totp_pending_secret ${t.text},
  totp_pending_until ${t.int},
  anti_code ${t.text},
  whitelist_on ${t.int} NOT NULL DEFAULT 0,
  withdraw_locked_until ${t.int},
  withdraw_lock_reason ${t.text},
  updated_at ${t.int} NOT NULL
);
CREATE TABLE withdraw_whitelist (
  id ${t.id},
  user_id ${t.int} NOT NULL REFERENCES users(id),
  coin ${t.text} NOT NULL,
  network ${t.text} NOT NULL,
  address ${t.text} NOT NULL,
  label ${t.text},
  created_at ${t.int} NOT NULL,
  UNIQUE (user_id, network, address)
);`;
  },
};
