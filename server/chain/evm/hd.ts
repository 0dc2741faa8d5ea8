import { HDKey } from '@scure/bip32';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { getAddress, keccak256, toHex } from 'viem';

/**
 * EVM addresses from the install's account-level extended key (m/44'/60'/0', docs/products/chain.md, "Keys"): the
 * receive branch 0/i holds users' deposit addresses, the change branch's 1/0 is the hot wallet. Non-hardened
 * steps only, so the public key alone derives every address and the API process never needs a private key.
 */
export const DEPOSIT_BRANCH = 0;
export const HOT_BRANCH = 1;

export function evmAddressOf(publicKey: Uint8Array): `0x${string}` {
  const full = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return getAddress(`0x${keccak256(toHex(full.subarray(1))).slice(-40)}`);
}

/** The receive branch of each xpub seen, parsed once: every address shown is derived from it again (custody.ts). */
const branches = new Map<string, HDKey>();

export function evmDepositAddress(xpub: string, index: number): `0x${string}` {
  let branch = branches.get(xpub);
  if (!branch) branches.set(xpub, (branch = HDKey.fromExtendedKey(xpub).deriveChild(DEPOSIT_BRANCH)));
  return evmAddressOf(branch.deriveChild(index).publicKey!);
}

export function evmHotWallet(xpub: string): `0x${string}` {
  return evmAddressOf(HDKey.fromExtendedKey(xpub).deriveChild(HOT_BRANCH).deriveChild(0).publicKey!);
}
