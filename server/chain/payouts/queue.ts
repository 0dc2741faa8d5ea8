import type { WithdrawalChain } from '../../../isomorphic/contract/chain.ts';
import { fail } from '../../outcome.ts';
import type { Queryable } from '../../storage/db.ts';
import { toChain, type Chain, type ChainToken } from '../chains.ts';
import { chainFor, chainInfo, type Custody } from '../custody.ts';
import { insertPayout } from './payouts.repo.ts';

/** The watched chain and token that pay a withdrawal of `coin` on `network`, if the platform pays it on chain. */
export function payoutToken(
  custody: Pick<Custody, 'chains'> | undefined,
  coin: string,
  network: string | null,
): { chain: Chain; token: ChainToken } | undefined {
  if (!custody || !network) return undefined;
  const chain = chainFor(custody as Custody, coin, network);
  const token = chain?.tokens.find((t) => t.coin === coin);
  return chain && token ? { chain, token } : undefined;
}

/**
 * Refuses an amount the chain cannot carry exactly: a token with fewer decimals than the ledger's 8 (USDT's 6) takes
 * no finer amount, which would otherwise be rounded away between the user's hold and the transaction.
 */
export function requireChainPrecision(token: ChainToken, coin: string, amount: bigint): void {
  if (token.decimals < 8 && amount % 10n ** BigInt(8 - token.decimals) !== 0n)
    fail('withdrawTooPrecise', { coin, decimals: token.decimals });
}

/**
 * An approved withdrawal on a watched chain joins the signer's queue (server/chain/signer), in the caller's
 * transaction: nothing moves in the ledger yet; the hold stays until the payout is settled (./settle.ts).
 */
export async function queuePayout(
  q: Queryable,
  at: { chain: Chain; token: ChainToken },
  w: { id: number; coin: string; address: string; amount: bigint },
  now: number,
): Promise<WithdrawalChain> {
  await insertPayout(q, {
    withdrawalId: w.id,
    chain: at.chain.key,
    coin: w.coin,
    toAddress: w.address.toLowerCase(),
    rawAmount: toChain(w.amount, at.token.decimals),
    at: now,
  });
  return { chain: chainInfo(at.chain), status: 'queued', txHash: null, explorerUrl: null, error: null };
}
