import { randomBytes } from 'node:crypto';
import { DEFI_LINK_FEE, type DefiChallenge, type DefiLink } from '../../isomorphic/contract/defi.ts';
import { ASSET_SCALE, formatUnits, parseUnits } from '../../isomorphic/money/units.ts';
import type { TradingCore } from '../core/core.ts';
import { postFunds, type FundsPost } from '../core/funds.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { fail } from '../outcome.ts';
import { isUniqueViolation } from '../identity/kyc.repo.ts';
import type { Db } from '../storage/db.ts';
import type { UserRow } from '../user/user.repo.ts';
import { recoverSigner } from './eth-sign.ts';
import { insertChallenge, insertLink, linkOwner, linksOf, useChallenge } from './defi.repo.ts';

interface DefiDeps {
  db: Db;
  core: TradingCore;
  now: () => number;
  /**
   * The watched Ethereum-network chain's check of a signature (viem's verifyMessage: EIP-1271 for smart-contract
   * wallets, which sign through their contract, not with a key ecrecover finds); absent when no chain is watched.
   */
  verifyOnChain?: (address: `0x${string}`, message: string, signature: `0x${string}`) => Promise<boolean>;
}

/** How long an issued message may be signed and sent back. */
export const CHALLENGE_MS = 10 * 60_000;
const FEE = (() => {
  const r = parseUnits(DEFI_LINK_FEE.amount, ASSET_SCALE);
  if (!r.ok) throw new Error('bad DEFI_LINK_FEE');
  return r.value;
})();
const fee = { coin: DEFI_LINK_FEE.coin, amount: formatUnits(FEE, ASSET_SCALE) };

/**
 * The message a wallet signs to link `address` to the user: who and what it is for, a nonce, its validity, and that
 * signing it sends nothing on chain. Issued once; it is accepted only back from the same user for the same address.
 */
export async function challenge(d: DefiDeps, user: UserRow, address: string): Promise<DefiChallenge> {
  const owner = await linkOwner(d.db, address);
  if (owner !== undefined && owner !== user.id) fail('defiAddressTaken');
  const now = d.now();
  const nonce = randomBytes(16).toString('hex');
  const expiresAt = now + CHALLENGE_MS;
  const message = [
    `Lumex asks you to link this wallet to your account UID ${user.uid}.`,
    '',
    `Address: ${address}`,
    `Nonce: ${nonce}`,
    `Issued: ${new Date(now).toISOString()}`,
    `Expires: ${new Date(expiresAt).toISOString()}`,
    '',
    'Signing proves you control this address. It is not a transaction and approves no token: nothing is sent on chain.',
  ].join('\n');
  await insertChallenge(d.db, { nonce, userId: user.id, address, message, expiresAt });
  return { address, message, expiresAt, fee };
}

/**
 * Links the address once the signature over the issued message recovers it. The message is used up, the link
 * stored and the one-time fee charged in ETH from the spot account to fee income, all in one transaction: without
 * the ETH, nothing is linked and the message can be sent again.
 */
export async function link(
  d: DefiDeps,
  user: UserRow,
  body: { address: string; message: string; signature: string },
): Promise<DefiLink> {
  if (!(await signedBy(d, body))) fail('defiBadSignature');
  const now = d.now();
  try {
    await d.core.submitPrepared(postFunds, async (q): Promise<FundsPost> => {
      if (!(await useChallenge(q, user.id, body.address, body.message, now))) fail('defiChallengeUnknown');
      if ((await linkOwner(q, body.address)) !== undefined) fail('defiAddressTaken');
      await insertLink(q, {
        address: body.address,
        userId: user.id,
        message: body.message,
        signature: body.signature,
        fee: FEE,
        linkedAt: now,
      });
      return {
        lines: [
          { owner: user.id, type: ACCOUNT.spot, asset: DEFI_LINK_FEE.coin, available: -FEE },
          { owner: null, type: ACCOUNT.feeIncome, asset: DEFI_LINK_FEE.coin, available: FEE },
        ],
        meta: { billType: 'defi_link_fee', refType: 'defi_link', refId: body.address },
      };
    });
  } catch (err) {
    // Two links of one address racing: the second insert meets the first's row.
    if (isUniqueViolation(err)) fail('defiAddressTaken');
    throw err;
  }
  return { address: body.address, linkedAt: now, fee };
}

/**
 * Whether the address signed the message: recovered from the signature for a key's account (EOA); otherwise, on a
 * watched chain, asked of the address's contract (EIP-1271). A chain that cannot be reached proves nothing.
 */
async function signedBy(d: DefiDeps, body: { address: string; message: string; signature: string }): Promise<boolean> {
  if (recoverSigner(body.message, body.signature) === body.address) return true;
  if (!d.verifyOnChain || !/^0x[0-9a-fA-F]+$/.test(body.signature)) return false;
  try {
    return await d.verifyOnChain(body.address as `0x${string}`, body.message, body.signature as `0x${string}`);
  } catch {
    return false;
  }
}

export async function links(d: DefiDeps, userId: number): Promise<DefiLink[]> {
  return (await linksOf(d.db, userId)).map((l) => ({
    address: l.address,
    linkedAt: l.linkedAt,
    fee: { coin: DEFI_LINK_FEE.coin, amount: formatUnits(l.fee, ASSET_SCALE) },
  }));
}
