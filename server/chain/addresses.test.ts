import { HDKey } from '@scure/bip32';
import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { isChainAddress } from '../../isomorphic/validate/chain-address.ts';
import { DERIVE } from './addresses.ts';
import { chainSettings } from './chain-config.ts';
import { tronAddressOf } from './tron/hd.ts';

/** BIP39's seed of the well-known test mnemonic (PBKDF2-HMAC-SHA512, 2048 rounds, salt "mnemonic"). */
const MNEMONIC = `${'abandon '.repeat(11)}about`;
const root = HDKey.fromMasterSeed(pbkdf2(sha512, MNEMONIC, 'mnemonic', { c: 2048, dkLen: 64 }));
const account = (path: string) => root.derive(path).publicExtendedKey;

describe('deposit addresses from the account keys', () => {
  it("derives BIP84's test vector from the xpub of m/84'/0'/0', and the same from its zpub", () => {
    const xpub = account("m/84'/0'/0'");
    // The zpub BIP84 lists for this account: the same key under version bytes 0x04b24746.
    const zpub =
      'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
    for (const key of [xpub, zpub]) {
      expect(DERIVE.btc(key, 0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
      expect(DERIVE.btc(key, 1)).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
    }
    expect(isChainAddress('BTC', DERIVE.btc(xpub, 7))).toBe(true);
  });

  it('refuses a ypub, whose wallet watches P2SH-wrapped addresses, not the bc1q… derived here', () => {
    const ypub = HDKey.fromMasterSeed(root.privateKey!, { private: 0x049d7878, public: 0x049d7cb2 });
    expect(() => DERIVE.btc(ypub.publicExtendedKey, 0)).toThrow(/ypub/);
  });

  it("derives TRON's addresses of the test mnemonic at m/44'/195'/0'/0/i", () => {
    const xpub = account("m/44'/195'/0'");
    expect(DERIVE.tron(xpub, 0)).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
    expect(DERIVE.tron(xpub, 1)).toBe('TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK');
    expect(isChainAddress('TRC20', DERIVE.tron(xpub, 2))).toBe(true);
  });

  it('makes a TRON address of a key as TRON does: 0x41 and the EVM address bytes, base58check', () => {
    const pub = secp256k1.getPublicKey(
      hexToBytes('b6c6b0997429b1d3662a58bfa2dee8c039512c8143871ae2ff67f520d74da0e7'),
      true,
    );
    expect(tronAddressOf(pub)).toBe('TCLR62QdWGGG56nDZ8Gtsscab4cSUJZo3A');
  });

  it("derives the EVM test vector at m/44'/60'/0'/0/0, lower case as stored", () => {
    expect(DERIVE.evm(account("m/44'/60'/0'"), 0)).toBe('0x9858effd232b4033e47d90003d41ec34ecaeda94');
  });
});

describe('the account keys the configuration takes', () => {
  it('refuses a ypub for BTC_XPUB at start, before any user asks for an address', () => {
    const ypub = HDKey.fromMasterSeed(new Uint8Array(32).fill(3), { private: 0x049d7878, public: 0x049d7cb2 });
    expect(ypub.publicExtendedKey).toMatch(/^ypub/);
    expect(() => chainSettings({ BTC_XPUB: ypub.publicExtendedKey })).toThrow(/not a ypub/);
    expect(chainSettings({ BTC_XPUB: account("m/84'/0'/0'") }).btcXpub).toMatch(/^xpub/);
  });
});
