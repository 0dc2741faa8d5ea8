import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ed25519Matches, readEd25519PublicKey } from './ed25519.ts';
import { readSigned } from './signature.ts';

const pair = () => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    publicPem: String(publicKey.export({ type: 'spki', format: 'pem' })),
    privatePem: String(privateKey.export({ type: 'pkcs8', format: 'pem' })),
    privateKey,
  };
};
const PARAMS = 'symbol=BTCUSDT&side=SELL&type=LIMIT&timeInForce=GTC&quantity=1&price=0.2&timestamp=1668481559918';
const signWith = (key: ReturnType<typeof pair>['privateKey'], payload: string) =>
  sign(null, Buffer.from(payload, 'utf8'), key).toString('base64');

describe('Ed25519 signatures (Binance: base64 of the Ed25519 signature of the HMAC payload, URL-encoded)', () => {
  const alice = pair();
  const mallory = pair();

  it('verifies a good signature, sent URL-encoded in the query string as Binance asks', () => {
    const signature = signWith(alice.privateKey, PARAMS);
    const read = readSigned(`${PARAMS}&signature=${encodeURIComponent(signature)}`, '');
    expect(read.payload).toBe(PARAMS);
    expect(read.signatures).toEqual([signature]);
    const registered = readEd25519PublicKey(alice.publicPem) as { pem: string };
    expect(ed25519Matches(registered.pem, read.payload, read.signatures[0]!)).toBe(true);
  });

  it('refuses a tampered payload, a wrong key and a flipped bit', () => {
    const signature = signWith(alice.privateKey, PARAMS);
    expect(ed25519Matches(alice.publicPem, PARAMS.replace('price=0.2', 'price=0.3'), signature)).toBe(false);
    expect(ed25519Matches(mallory.publicPem, PARAMS, signature)).toBe(false);
    expect(ed25519Matches(alice.publicPem, PARAMS, signWith(mallory.privateKey, PARAMS))).toBe(false);
    const bytes = Buffer.from(signature, 'base64');
    bytes[10]! ^= 1;
    expect(ed25519Matches(alice.publicPem, PARAMS, bytes.toString('base64'))).toBe(false);
  });

  it('refuses base64 garbage, hex, a truncated signature and another spelling of the same bytes', () => {
    const signature = signWith(alice.privateKey, PARAMS);
    expect(ed25519Matches(alice.publicPem, PARAMS, 'not base64 at all!')).toBe(false);
    expect(ed25519Matches(alice.publicPem, PARAMS, Buffer.from(signature, 'base64').toString('hex'))).toBe(false);
    expect(ed25519Matches(alice.publicPem, PARAMS, signature.slice(0, 86))).toBe(false);
    expect(ed25519Matches(alice.publicPem, PARAMS, '')).toBe(false);
    // The last character before `==` carries 2 bits and 4 unused ones: node reads every spelling of them alike, so
    // only the canonical one (unused bits zero) may pass, or the once-only rule could be dodged by respelling.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const last = alphabet.indexOf(signature[85]!);
    const respelt = `${signature.slice(0, 85)}${alphabet[last + 1]}==`;
    expect(Buffer.from(respelt, 'base64').equals(Buffer.from(signature, 'base64'))).toBe(true);
    expect(ed25519Matches(alice.publicPem, PARAMS, respelt)).toBe(false);
    expect(ed25519Matches(alice.publicPem, PARAMS, signature)).toBe(true);
  });

  it('reads a pasted public key, refusing a private key, another key type and garbage by name', () => {
    const read = readEd25519PublicKey(`\n  ${alice.publicPem.replace(/\n/g, '\r\n')}  \n`);
    expect(read).toEqual({ pem: alice.publicPem.trim() });
    expect(readEd25519PublicKey(alice.privatePem)).toEqual({ refused: 'private' });
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' });
    expect(readEd25519PublicKey(String(rsa))).toEqual({ refused: 'notEd25519' });
    expect(readEd25519PublicKey('-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----')).toEqual({
      refused: 'malformed',
    });
    expect(readEd25519PublicKey('ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI')).toEqual({ refused: 'malformed' });
    expect(readEd25519PublicKey('')).toEqual({ refused: 'malformed' });
  });
});
