import type { WithdrawLockReason } from '../../../isomorphic/contract/security.ts';
import { fail } from '../../outcome.ts';
import type { Queryable } from '../../storage/db.ts';
import { isWhitelisted, pauseWithdrawals, securityOf } from './security.repo.ts';

const HOUR = 3_600_000;

/** How long a security change pauses withdrawals: a taken-over account cannot be emptied right after the change. */
const PAUSE_MS: Record<WithdrawLockReason, number> = {
  passwordChange: 24 * HOUR,
  passwordReset: 24 * HOUR,
  googleReset: 24 * HOUR,
  binding: 6 * HOUR,
};

/** Pauses the user's withdrawals after a security change, inside that change's transaction. */
export function pauseAfter(q: Queryable, userId: number, reason: WithdrawLockReason, now: number): Promise<void> {
  return pauseWithdrawals(q, userId, now + PAUSE_MS[reason], reason, now);
}

interface WithdrawalTarget {
  method: 'address' | 'bank';
  network: string | null;
  address: string;
}

/**
 * Refuses a withdrawal during a pause after a security change, and, with the whitelist on, one to an address not
 * on it. Runs inside the withdrawal's prepare step, so the check and the hold see the same settings. A bank-card
 * withdrawal goes only to the card the account has bound, so the address whitelist leaves it alone.
 */
export async function checkWithdrawalAllowed(
  q: Queryable,
  userId: number,
  to: WithdrawalTarget,
  now: number,
): Promise<void> {
  const s = await securityOf(q, userId);
  if (s.withdrawLockedUntil !== null && s.withdrawLockedUntil > now)
    fail('withdrawalsLocked', { hours: Math.ceil((s.withdrawLockedUntil - now) / HOUR) });
  if (s.whitelistOn && to.method === 'address' && !(await isWhitelisted(q, userId, to.network ?? '', to.address)))
    fail('addressNotWhitelisted');
}
