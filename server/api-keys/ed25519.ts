import { createPublicKey, verify, type KeyObject } from 'node:crypto';

/**
 * Binance's Ed25519 keys (developers.binance.com, "SIGNED request example (Ed25519)"): the user makes the key pair
 * and registers the public key; a call's `signature` is the base64 Ed25519 signature of the same payload an HMAC
 * key signs (query string then body), URL-encoded in the request. CCXT signs so whenever its `secret` is a PEM
 * private key.
 */

/** What a pasted public key turned out to be: the key in a canonical PEM, or why it cannot be one. */
export type PublicKeyRead = { pem: string } | { refused: 'malformed' | 'private' | 'notEd25519' };

/**
 * Reads a pasted PEM public key. A private key is refused by name (pasting it here would give it away); anything
 * else that is not an Ed25519 SubjectPublicKeyInfo is refused as malformed or of another type. The key is kept as
 * node writes it back, so the same key pasted with other line endings is stored the same.
 */
export function readEd25519PublicKey(text: string): PublicKeyRead {
  if (/PRIVATE KEY/.test(text)) return { refused: 'private' };
  if (!/^-----BEGIN PUBLIC KEY-----[A-Za-z0-9+/=\s]+-----END PUBLIC KEY-----$/.test(text.trim()))
    return { refused: 'malformed' };
  let key: KeyObject;
  try {
    key = createPublicKey({ key: text.trim(), format: 'pem' });
  } catch {
    return { refused: 'malformed' };
  }
  if (key.asymmetricKeyType !== 'ed25519') return { refused: 'notEd25519' };
  return { pem: String(key.export({ type: 'spki', format: 'pem' })).trim() };
}

/** An Ed25519 signature (64 bytes) in canonical padded base64: 86 characters then `==`. */
const BASE64_SIGNATURE = /^[A-Za-z0-9+/]{86}==$/;

/**
 * Whether `sent` is the Ed25519 signature of `payload` under the public key. Only the canonical base64 of the 64
 * bytes is read (node's decoder would also take other spellings of the same bytes, e.g. other unused low bits in
 * the last character), so one signature has one spelling and the once-only rule cannot be dodged by respelling it.
 */
export function ed25519Matches(publicKeyPem: string, payload: string, sent: string): boolean {
  if (!BASE64_SIGNATURE.test(sent)) return false;
  const signature = Buffer.from(sent, 'base64');
  if (signature.length !== 64 || signature.toString('base64') !== sent) return false;
  try {
    return verify(null, Buffer.from(payload, 'utf8'), createPublicKey(publicKeyPem), signature);
  } catch {
    return false;
  }
}
