import { randomBytes } from 'node:crypto';
import type { Queryable } from '../storage/db.ts';
import { settingOnce } from '../settings/settings.repo.ts';

/**
 * A per-install secret of 32 bytes, made on first use and kept in app_settings under `key` (swap quotes sign with it).
 */
export async function installSecret(q: Queryable, key: string): Promise<Buffer> {
  return Buffer.from(await settingOnce(q, key, () => randomBytes(32).toString('base64')), 'base64');
}
