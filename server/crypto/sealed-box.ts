import { createDecipheriv, constants, generateKeyPairSync, privateDecrypt, createPrivateKey, type KeyObject } from 'node:crypto';
import { fail } from '../http/errors.ts';
import type { Db } from '../storage/db.ts';

/**
 * The server's key pair for bodies the browser seals (spec §5: password changes, withdrawals). It lives in the
 * database so every server process behind a load balancer opens what any browser sealed.
 */
export interface SealedBox {
  /** SPKI DER as base64, handed to browsers in the platform config. */
  publicKey: string;
  open<T>(sealed: string): T;
}

const MAX_AGE_MS = 5 * 60_000;

export async function loadSealedBox(db: Db): Promise<SealedBox> {
  let row = await db.get<{ value: string }>("SELECT value FROM app_settings WHERE key = 'seal.keypair'");
  if (!row) {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const value = JSON.stringify({
      privateKey: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }),
      publicKey: pair.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    });
    // Two processes starting together: the first insert wins and both read it back.
    await db.run("INSERT INTO app_settings (key, value, updated_at) VALUES ('seal.keypair', ?, ?) ON CONFLICT (key) DO NOTHING", [value, Date.now()]);
    row = await db.get<{ value: string }>("SELECT value FROM app_settings WHERE key = 'seal.keypair'");
  }
  const stored = JSON.parse(row!.value) as { privateKey: string; publicKey: string };
  const privateKey: KeyObject = createPrivateKey(stored.privateKey);
  return {
    publicKey: stored.publicKey,
    open<T>(sealed: string): T {
      const parts = sealed.split('.');
      if (parts.length !== 4 || parts[0] !== 'v1') fail('sealedInvalid');
      try {
        const [, wrapped, iv, box] = parts.map((p) => Buffer.from(p, 'base64'));
        const aesKey = privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, wrapped!);
        const decipher = createDecipheriv('aes-256-gcm', aesKey, iv!);
        decipher.setAuthTag(box!.subarray(box!.length - 16));
        const plain = Buffer.concat([decipher.update(box!.subarray(0, box!.length - 16)), decipher.final()]);
        const { ts, data } = JSON.parse(plain.toString('utf8')) as { ts: number; data: T };
        if (typeof ts !== 'number' || Math.abs(Date.now() - ts) > MAX_AGE_MS) throw new Error('stale');
        return data;
      } catch {
        return fail('sealedInvalid');
      }
    },
  };
}
