import { secp256k1 } from '@noble/curves/secp256k1.js';
import { describe, expect, it } from 'vitest';
import { addressOf, personalHash, personalSign, recoverSigner } from './eth-sign.ts';

describe('personal_sign signatures (EIP-191)', () => {
  it('derives the address of a known key as wallets do', () => {
    // The private key 1's address, as every Ethereum library derives it.
    const one = new Uint8Array(32);
    one[31] = 1;
    expect(addressOf(secp256k1.getPublicKey(one))).toBe('0x7e5f4552091a69125d5dfcb7b8c2659029395bdf');
  });

  it('hashes with the Ethereum prefix', () => {
    // keccak256("\\x19Ethereum Signed Message:\\n5hello"), as ethers' hashMessage('hello') gives it.
    expect(Buffer.from(personalHash('hello')).toString('hex')).toBe(
      '50b2c43fd39106bafbba0da34fc430e1f91e3c96ea2acee2bc34119f92b37750',
    );
  });

  it('recovers the signer, and nobody else, from a signature', () => {
    const { secretKey, publicKey } = secp256k1.keygen();
    const sig = personalSign('link my wallet', secretKey);
    expect(recoverSigner('link my wallet', sig)).toBe(addressOf(publicKey));
    expect(recoverSigner('link my wallet!', sig)).not.toBe(addressOf(publicKey));
    const v01 = `${sig.slice(0, -2)}${(parseInt(sig.slice(-2), 16) - 27).toString(16).padStart(2, '0')}`;
    expect(recoverSigner('link my wallet', v01)).toBe(addressOf(publicKey));
    for (const bad of ['0x', `${sig}00`, sig.slice(0, -2) + '1d', `0x${'0'.repeat(130)}`, sig.replace('0x', '')])
      expect(recoverSigner('link my wallet', bad)).toBeNull();
  });
});
