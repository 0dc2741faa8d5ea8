import type { Migration } from '../storage/migrations.ts';

/** Per-user upload quota and rate (server/wallet/uploads.ts) read a user's uploads on every upload. */
export const UPLOADS_OWNER_MIGRATION: Migration = {
  version: 10,
  name: 'uploads: index by owner for the upload quota',
  up: () => 'CREATE INDEX uploads_owner ON uploads(owner_id, created_at);',
};
