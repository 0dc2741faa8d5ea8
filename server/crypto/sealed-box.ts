import {
  createDecipheriv,
  constants,
  generateKeyPairSync,
  privateDecrypt,
  createPrivateKey,
  type KeyObject,
} from 'node:crypto';
import { fail } from '../outcome.ts';
import type { Db } from '../storage/db.ts';
import { settingOnce } from '../settings/settings.repo.ts';

/**
 * The server's key pair for bodies the browser seals (docs/requirements.md §5: password changes, withdrawals). It lives
 * in the database so every server process behind a load balancer opens what any browser sealed.
 */
export interface SealedBox {
  /** SPKI DER as base64, handed to browsers in the platform config. */
  publicKey: string;
  /**
   * Opens a body sealed for this user: refused when tampered with, sealed for another user, older than 5 minutes
   * or dated ahead of the clock. The nonce lets the caller accept each body once (sealed-uses.repo.ts).
   */
  open<T>(sealed: string, userId: number): Opened<T>;
}

export interface Opened<T> {
  data: T;
  nonce: string;
}

/** How long a sealed body may be submitted, and how far its date may lie ahead (a browser's clock running fast). */
export const SEALED_MAX_AGE_MS = 5 * 60_000;
const MAX_AHEAD_MS = 60_000;

export async function loadSealedBox(db: Db): Promise<SealedBox> {
  const value = await settingOnce(db, 'seal.keypair', () => {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    return JSON.stringify({
      privateKey: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }),
      publicKey: pair.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    });
  });
  const stored = JSON.parse(value) as { privateKey: string; publicKey: string };
  const privateKey: KeyObject = createPrivateKey(stored.privateKey);
  return {
    publicKey: stored.publicKey,
    open<T>(sealed: string, userId: number): Opened<T> {
      const parts = sealed.split('.');
      if (parts.length !== 4 || parts[0] !== 'v1') fail('sealedInvalid');
      try {
        const [, wrapped, iv, box] = parts.map((p) => Buffer.from(p, 'base64'));
        const aesKey = privateDecrypt(
          { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          wrapped!,
        );
        const decipher = createDecipheriv('aes-256-gcm', aesKey, iv!);
        decipher.setAuthTag(box!.subarray(box!.length - 16));
        const plain = Buffer.concat([decipher.update(box!.subarray(0, box!.length - 16)), decipher.final()]);
        const { ts, nonce, uid, data } = JSON.parse(plain.toString('utf8')) as {
          ts: unknown;
          nonce: unknown;
          uid: unknown;
          data: T;
        };
        const age = Date.now() - Number(ts);
        if (typeof ts !== 'number' || age > SEALED_MAX_AGE_MS || age < -MAX_AHEAD_MS)
          throw new Error('stale or from the future');
        if (uid !== userId) throw new Error('sealed for another user');
        if (typeof nonce !== 'string' || !/^[A-Za-z0-9_-]{16,64}$/.test(nonce)) throw new Error('no nonce');
        return { data, nonce };
      } catch {
        return fail('sealedInvalid');
      }
    },
  };
}
