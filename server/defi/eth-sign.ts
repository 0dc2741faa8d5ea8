import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';

const utf8 = new TextEncoder();
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

/** The address of an uncompressed or compressed secp256k1 public key: the last 20 bytes of keccak-256 of (x, y). */
export function addressOf(publicKey: Uint8Array): string {
  const full = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return `0x${hex(keccak_256(full.subarray(1)).subarray(12))}`;
}

/** What a wallet signs for `personal_sign` (EIP-191): keccak-256 of the prefixed message. */
export function personalHash(message: string): Uint8Array {
  const body = utf8.encode(message);
  return keccak_256(new Uint8Array([...utf8.encode(`\u0019Ethereum Signed Message:\n${body.length}`), ...body]));
}

/**
 * The address that signed `message` with `personal_sign`, from the 65-byte signature r ‖ s ‖ v (v 27 or 28, or 0
 * or 1), in lower case; null when the signature is malformed or recovers nothing.
 */
export function recoverSigner(message: string, signature: string): string | null {
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) return null;
  const bytes = Buffer.from(signature.slice(2), 'hex');
  const v = bytes[64]!;
  const recovery = v >= 27 ? v - 27 : v;
  if (recovery !== 0 && recovery !== 1) return null;
  try {
    // noble's recovered form puts the recovery byte first.
    const sig = new Uint8Array([recovery, ...bytes.subarray(0, 64)]);
    return addressOf(secp256k1.recoverPublicKey(sig, personalHash(message), { prehash: false }));
  } catch {
    return null;
  }
}

/** Signs as a wallet's personal_sign does (tests and the journeys act as the user's wallet with it). */
export function personalSign(message: string, secretKey: Uint8Array): string {
  const sig = secp256k1.sign(personalHash(message), secretKey, { prehash: false, format: 'recovered' });
  return `0x${hex(sig.subarray(1))}${(sig[0]! + 27).toString(16).padStart(2, '0')}`;
}
