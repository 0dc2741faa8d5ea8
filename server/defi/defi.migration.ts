import { columnTypes } from '../storage/db.ts';
import type { Migration } from '../storage/migrations.ts';

/**
 * DeFi wallet links (server/defi): the messages issued to sign (used once, valid minutes) and the addresses linked,
 * each to one user, with the signature that proved it. A message's nonce is its key, so it is used at most once.
 */
export const DEFI_MIGRATION: Migration = {
  version: 27,
  name: 'defi links',
  up(dialect) {
    const t = columnTypes(dialect);
    return `
CREATE TABLE defi_challenges (
  nonce ${t.text} PRIMARY KEY,
  user_id ${t.int} NOT NULL,
  address ${t.text} NOT NULL,
  message ${t.text} NOT NULL,
  expires_at ${t.int} NOT NULL,
  used_at ${t.int}
);
CREATE TABLE defi_links (
  address ${t.text} PRIMARY KEY,
  user_id ${t.int} NOT NULL,
  message ${t.text} NOT NULL,
  signature ${t.text} NOT NULL,
  fee ${t.int} NOT NULL,
  linked_at ${t.int} NOT NULL
);
CREATE INDEX defi_links_user ON defi_links (user_id);
`;
  },
};
