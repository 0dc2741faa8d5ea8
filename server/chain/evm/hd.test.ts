import { describe, expect, it } from 'vitest';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { privateKeyToAccount } from 'viem/accounts';
import { toHex } from 'viem';
import { evmDepositAddress, evmHotWallet } from './hd.ts';

// The BIP39 test mnemonic: its m/44'/60'/0'/0/0 address is the one every EVM wallet shows for it.
const MNEMONIC = 'test test test test test test test test test test test junk';
const account = HDKey.fromMasterSeed(mnemonicToSeedSync(MNEMONIC, '')).derive("m/44'/60'/0'");

describe('EVM addresses from the account xpub', () => {
  it('derives the same deposit address as the private key at 0/i (the key the signer holds)', () => {
    const xpub = account.publicExtendedKey;
    expect(evmDepositAddress(xpub, 0)).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    for (const i of [1, 7, 1000]) {
      const key = account.deriveChild(0).deriveChild(i).privateKey!;
      expect(evmDepositAddress(xpub, i)).toBe(privateKeyToAccount(toHex(key)).address);
    }
  });

  it('keeps the hot wallet (1/0) apart from every deposit address', () => {
    const hot = evmHotWallet(account.publicExtendedKey);
    expect(hot).toBe(privateKeyToAccount(toHex(account.deriveChild(1).deriveChild(0).privateKey!)).address);
    expect(hot).not.toBe(evmDepositAddress(account.publicExtendedKey, 0));
  });
});
