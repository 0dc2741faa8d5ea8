/**
 * Seals a JSON value for the server with WebCrypto: a fresh AES-256-GCM key encrypts the value with the time,
 * the signed-in user's id and a random nonce (so the server accepts it once, from this user, for 5 minutes),
 * and RSA-OAEP-256 with the server's public key wraps that key.
 * seal({ oldPassword, newPassword }, publicKeyBase64, 42) → 'v1.<key>.<iv>.<box>'.
 */
export async function seal(data: unknown, publicKeySpkiBase64: string, userId: number): Promise<string> {
  const subtle = globalThis.crypto.subtle;
  const rsa = await subtle.importKey(
    'spki',
    fromBase64(publicKeySpkiBase64),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const aes = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const nonce = toBase64(globalThis.crypto.getRandomValues(new Uint8Array(18)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
  const plain = new TextEncoder().encode(JSON.stringify({ ts: Date.now(), nonce, uid: userId, data }));
  const box = await subtle.encrypt({ name: 'AES-GCM', iv }, aes, plain);
  const wrapped = await subtle.encrypt({ name: 'RSA-OAEP' }, rsa, await subtle.exportKey('raw', aes));
  return ['v1', toBase64(wrapped), toBase64(iv), toBase64(box)].join('.');
}

function fromBase64(s: string): Uint8Array<ArrayBuffer> {
  const bin = atob(s);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function toBase64(buf: ArrayBuffer | Uint8Array): string {
  const bytes = buf instanceof Uint8Array ? buf : new Uint8Array(buf);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}
