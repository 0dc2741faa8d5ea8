import { HDKey } from '@scure/bip32';
import { networks, payments } from 'bitcoinjs-lib';
import { DEPOSIT_BRANCH } from '../evm/hd.ts';

/**
 * Bitcoin deposit addresses from BTC_XPUB, the account key of m/84'/0'/0' (BIP84): native segwit P2WPKH (bc1q…) at
 * receive branch 0/i, as every BIP84 wallet the operator imports the key into shows them. Wallets export that key as
 * a zpub (BIP84's version bytes) or an xpub (BIP32's); both carry the same key, so a zpub is read with its own
 * version bytes. A ypub is for P2SH-wrapped addresses (BIP49), which the operator's wallet would not watch as bc1q….
 */
const ZPUB = { public: 0x04b24746, private: 0x04b2430c };

function accountKey(xpub: string): HDKey {
  if (xpub.startsWith('zpub')) return HDKey.fromExtendedKey(xpub, ZPUB);
  if (xpub.startsWith('xpub')) return HDKey.fromExtendedKey(xpub);
  throw new Error("BTC_XPUB must be the xpub or zpub of a BIP84 account (m/84'/0'/0'), not a ypub");
}

export function btcDepositAddress(xpub: string, index: number): string {
  const key = accountKey(xpub).deriveChild(DEPOSIT_BRANCH).deriveChild(index);
  const { address } = payments.p2wpkh({ pubkey: key.publicKey!, network: networks.bitcoin });
  return address!;
}
