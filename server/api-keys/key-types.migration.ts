import { columnTypes } from '../storage/db.ts';
import type { Migration } from '../storage/migrations.ts';

/**
 * Ed25519 keys beside HMAC ones (Binance's two key types): a key's type, and for an ED25519 key the user's public
 * key in PEM. Such a key has no secret, so its `secret_sealed` is empty; keys from before are HMAC.
 */
export const API_KEY_TYPES_MIGRATION: Migration = {
  version: 40,
  name: 'api keys: Ed25519 keys',
  up(dialect) {
    const t = columnTypes(dialect);
    return `ALTER TABLE api_keys ADD COLUMN key_type ${t.text} NOT NULL DEFAULT 'HMAC';
ALTER TABLE api_keys ADD COLUMN public_key ${t.text};`;
  },
};
