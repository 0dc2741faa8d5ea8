import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Db } from '../storage/db.ts';
import { settingOnce } from '../settings/settings.repo.ts';

/**
 * API-key secrets at rest. HMAC needs the secret itself to check a signature, so it cannot be stored hashed: it is
 * sealed with AES-256-GCM, bound to its key's public id (a sealed secret copied onto another key does not open).
 * The sealing key is API_KEY_SEAL_KEY when set, so a copy of the database alone opens nothing; otherwise one made
 * on first use and kept in the database, shared by every server process.
 */
export interface SecretSeal {
  seal(secret: string, apiKey: string): string;
  open(sealed: string, apiKey: string): string;
}

export async function loadSecretSeal(db: Db, configured: Buffer | undefined): Promise<SecretSeal> {
  const key =
    configured ??
    Buffer.from(await settingOnce(db, 'apikeys.sealKey', () => randomBytes(32).toString('base64')), 'base64');
  return {
    seal(secret, apiKey) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(apiKey));
      const box = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `v1.${iv.toString('base64')}.${box.toString('base64')}`;
    },
    open(sealed, apiKey) {
      const [version, iv, box] = sealed.split('.');
      if (version !== 'v1' || !iv || !box) throw new Error('unknown sealed secret format');
      const bytes = Buffer.from(box, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAAD(Buffer.from(apiKey));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString('utf8');
    },
  };
}
