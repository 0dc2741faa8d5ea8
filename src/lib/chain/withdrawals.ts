import { atom, onMount, readonlyType } from 'nanostores';
import { $accountActivity, privateFeed } from '../feed/private-feed.ts';
import { chainMessageOf } from './view.ts';

const moves = atom(0);
/**
 * Moves on every CHAIN `withdrawal` push (a withdrawal signed, sent, confirmed or failed and returned): the
 * withdrawal records follow it, so their chain status is never older than the chain's.
 */
export const $chainWithdrawalMoves = readonlyType(moves);

onMount(moves, () => {
  if (typeof window === 'undefined') return;
  // Following the account activity signs the private feed in as this user.
  const offActivity = $accountActivity.listen(() => {});
  const off = privateFeed.listen((m) => {
    if (chainMessageOf(m)?.kind === 'withdrawal') moves.set(moves.get() + 1);
  });
  return () => {
    off();
    offActivity();
  };
});
