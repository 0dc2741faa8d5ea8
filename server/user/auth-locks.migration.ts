import { columnTypes } from '../storage/db.ts';
import type { Migration } from '../storage/migrations.ts';

/**
 * Password-guess limits as one counter row per subject (an account name with the client's address, or a
 * user's fund password), so a conditional update can reserve an attempt atomically before the password is
 * checked. Replaces the row-per-failure table, whose count-then-check let parallel guesses through.
 */
export const AUTH_LOCKS_MIGRATION: Migration = {
  version: 9,
  name: 'atomic password-guess locks',
  up(dialect) {
    const t = columnTypes(dialect);
    return `
DROP TABLE auth_failures;
CREATE TABLE auth_locks (
  subject ${t.text} PRIMARY KEY,
  failures ${t.int} NOT NULL DEFAULT 0,
  window_start ${t.int} NOT NULL DEFAULT 0,
  locked_until ${t.int} NOT NULL DEFAULT 0,
  lock_count ${t.int} NOT NULL DEFAULT 0,
  updated_at ${t.int} NOT NULL
);`;
  },
};
