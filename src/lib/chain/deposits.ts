import { computed, onMount } from 'nanostores';
import { request } from '../api/client.ts';
import * as api from '../../../isomorphic/contract/chain.endpoints.ts';
import type { ChainDeposit } from '../../../isomorphic/contract/chain.ts';
import type { Loadable } from '../stores/loadable.ts';
import { $accountActivity, privateFeed } from '../feed/private-feed.ts';
import { remote } from '../stores/remote.ts';
import { chainMessageOf, mergeDeposit } from './view.ts';

/** How many of the latest chain deposits the deposit page lists. */
export const CHAIN_DEPOSITS_SHOWN = 10;

// A (re)connection of the private feed: pushes may have been missed, so the list is asked for again. Listening to
// the account activity also signs the feed in as this user.
const $synced = computed($accountActivity, (a) => a.synced);

// Quiet: the list says itself that it could not load (a server without the chain watcher answers 404).
const deposits = remote(
  () =>
    request(api.chainDeposits, { query: { page: 1, size: CHAIN_DEPOSITS_SHOWN }, quiet: true }).then((p) => p.records),
  { deps: [$synced] },
);

/**
 * The user's latest deposits seen on chain, newest first, live: each CHAIN `deposit` push (seen, one more
 * confirmation, credited, dropped by a reorg, dust) replaces the deposit it names or comes in front.
 */
export const $chainDeposits = deposits.$value;

/** Asks for the list again (the retry of a list that failed to load). */
export const reloadChainDeposits = (): Promise<void> => deposits.reload();

/** What a CHAIN `deposit` push does to the list on screen: merged into an answer, or the answer asked for again. */
export function applyPushedDeposit(
  current: Loadable<ChainDeposit[]>,
  d: ChainDeposit,
): { put: ChainDeposit[] } | { reload: true } {
  return current.status === 'success'
    ? { put: mergeDeposit(current.value, d, CHAIN_DEPOSITS_SHOWN) }
    : { reload: true };
}

onMount($chainDeposits, () => {
  if (typeof window === 'undefined') return;
  return privateFeed.listen((m) => {
    const c = chainMessageOf(m);
    if (c?.kind !== 'deposit') return;
    const next = applyPushedDeposit($chainDeposits.get(), c.deposit);
    if ('put' in next) deposits.put(next.put);
    else void deposits.reload().catch(() => {});
  });
});

/**
 * Demo chain only: test coins sent to the user's own deposit address from outside the platform (the faucet
 * account), so a deposit can be tried end to end. Answers the transaction's hash; quiet, the form says why it failed.
 */
export async function requestTestCoins(coin: string, network: string): Promise<string> {
  const { txHash } = await request(api.faucet, { body: { coin, network }, quiet: true });
  // The watcher pushes the deposit once it sees it; asking now shows it sooner if it is already there.
  void deposits.reload().catch(() => {});
  return txHash;
}
