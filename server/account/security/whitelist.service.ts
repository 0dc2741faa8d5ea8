import type {
  WhitelistAddBody,
  Whitelist,
  WhitelistDeleteBody,
  WhitelistSwitchBody,
} from '../../../isomorphic/contract/security.ts';
import { isChainAddress } from '../../../isomorphic/validate/chain-address.ts';
import { fail } from '../../outcome.ts';
import type { Db } from '../../storage/db.ts';
import type { UserRow } from '../../user/user.repo.ts';
import { findNetwork } from '../../wallet/wallet.repo.ts';
import { confirmSecurityChange } from './second-factor.ts';
import { addWhitelisted, removeWhitelisted, securityOf, setWhitelistOn, whitelistOf } from './security.repo.ts';

/** Addresses one account may whitelist. */
const WHITELIST_MAX = 50;

export async function whitelist(db: Db, userId: number): Promise<Whitelist> {
  return { enabled: (await securityOf(db, userId)).whitelistOn, addresses: await whitelistOf(db, userId) };
}

/** Adds an address on one of the coin's networks; like every whitelist change it is confirmed as a security change. */
export async function addAddress(db: Db, user: UserRow, body: WhitelistAddBody, now: number): Promise<Whitelist> {
  const network = await findNetwork(db, body.coin, body.network);
  if (!network || network.network !== body.network.toUpperCase()) fail('unknownNetwork');
  const address = body.address.trim();
  if (!isChainAddress(network.network, address)) fail('addressInvalid', { network: network.network });
  const list = await whitelistOf(db, user.id);
  if (list.some((e) => e.network === network.network && e.address === address)) fail('whitelistAddressExists');
  if (list.length >= WHITELIST_MAX) fail('whitelistFull', { max: WHITELIST_MAX });
  await confirmSecurityChange(db, user, body, now);
  if (
    !(await addWhitelisted(
      db,
      user.id,
      { coin: body.coin, network: network.network, address, label: body.label?.trim() || null },
      now,
    ))
  )
    fail('whitelistAddressExists');
  return whitelist(db, user.id);
}

export async function removeAddress(db: Db, user: UserRow, body: WhitelistDeleteBody, now: number): Promise<Whitelist> {
  if (!(await whitelistOf(db, user.id)).some((e) => e.id === body.id)) fail('whitelistEntryNotFound');
  await confirmSecurityChange(db, user, body, now);
  if (!(await removeWhitelisted(db, user.id, body.id))) fail('whitelistEntryNotFound');
  return whitelist(db, user.id);
}

/**
 * With the whitelist on, withdrawals to addresses go only to those on it (server/account/security/withdraw-guard.ts).
 */
export async function switchWhitelist(
  db: Db,
  user: UserRow,
  body: WhitelistSwitchBody,
  now: number,
): Promise<Whitelist> {
  await confirmSecurityChange(db, user, body, now);
  await setWhitelistOn(db, user.id, body.enabled, now);
  return whitelist(db, user.id);
}
