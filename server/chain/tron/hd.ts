import { HDKey } from '@scure/bip32';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import { DEPOSIT_BRANCH } from '../evm/hd.ts';

const base58check = createBase58check(sha256);

/**
 * TRON addresses (T…): 0x41 and the last 20 bytes of the keccak-256 of the uncompressed public key (without its 0x04),
 * in base58check; the 20 bytes are those an EVM address of the same key has. The key is a secp256k1 point.
 */
export function tronAddressOf(publicKey: Uint8Array): string {
  const full = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  const hash = keccak_256(full.subarray(1));
  return base58check.encode(new Uint8Array([0x41, ...hash.subarray(-20)]));
}

/** A deposit address from TRON_XPUB, the account key of m/44'/195'/0' (as TRON wallets derive), at 0/i. */
export function tronDepositAddress(xpub: string, index: number): string {
  return tronAddressOf(HDKey.fromExtendedKey(xpub).deriveChild(DEPOSIT_BRANCH).deriveChild(index).publicKey!);
}
