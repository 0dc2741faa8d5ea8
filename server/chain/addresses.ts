import type { Db } from '../storage/db.ts';
import { addressOfUser, insertAddress, nextAddressIndex } from './chain.repo.ts';
import { btcDepositAddress } from './btc/hd.ts';
import { evmDepositAddress } from './evm/hd.ts';
import { tronDepositAddress } from './tron/hd.ts';

/**
 * Address schemes: every EVM chain shares one (a user has the same address on Ethereum, BNB Smart Chain and the demo
 * chain, as on the exchanges our users know, so coins sent on the wrong EVM chain still reach their owner once that
 * chain is watched); Bitcoin and TRON have their own.
 */
export type AddressScheme = 'evm' | 'btc' | 'tron';

/** Each scheme's address at receive index i of its account key (EVM_XPUB, BTC_XPUB, TRON_XPUB). */
export const DERIVE: Record<AddressScheme, (xpub: string, index: number) => string> = {
  evm: (xpub, i) => evmDepositAddress(xpub, i).toLowerCase(),
  btc: btcDepositAddress,
  tron: tronDepositAddress,
};

/**
 * The user's deposit address in a scheme, allocated on first use: the next free derivation index, stored with the
 * user, unique, never reused. Two first requests at once race for the index; the loser takes the winner's row (the
 * same user) or the next index (another user). Null when the stored address is not what `xpub` derives at its index:
 * the key was changed after addresses were handed out, and an address of another key is never shown as this one's.
 */
export async function addressUnderKey(
  db: Db,
  scheme: AddressScheme,
  xpub: string,
  userId: number,
): Promise<string | null> {
  const derive = DERIVE[scheme];
  for (;;) {
    const found = await addressOfUser(db, scheme, userId);
    if (found) return derive(xpub, Number(found.idx)) === found.address ? found.address : null;
    const idx = await nextAddressIndex(db, scheme);
    const address = derive(xpub, idx);
    if (await insertAddress(db, { scheme, idx, userId, address, at: Date.now() })) return address;
  }
}

/** addressUnderKey where the key must be the one the addresses came from (a changed key is an operator's error). */
export async function depositAddressOf(db: Db, scheme: AddressScheme, xpub: string, userId: number): Promise<string> {
  const address = await addressUnderKey(db, scheme, xpub, userId);
  if (!address) throw new Error(`${scheme} deposit addresses were derived from another key than the one configured`);
  return address;
}
