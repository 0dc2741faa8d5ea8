import { fail } from '../outcome.ts';
import type { Db } from '../storage/db.ts';
import { guarded } from './auth-locks.ts';
import { verifyPassword } from './password.ts';
import { findUserBy } from './user.repo.ts';

/**
 * A fund password gets five guesses, then locks for 15 minutes, doubling with each lock (server/user/auth-locks.ts).
 */
const FUND_PASSWORD_LOCK = { maxFailures: 5, lockMinutes: 15, error: 'fundPasswordLocked' } as const;

/** Refuses unless `password` is the user's fund password (withdrawals, OTC releases), under its guess lock. */
export async function requireFundPassword(db: Db, userId: number, password: string): Promise<void> {
  // Read afresh: the session's cached user row may predate the fund password being set.
  const hash = (await findUserBy(db, 'id', userId))?.fundPasswordHash;
  if (!hash) fail('fundPasswordNotSet');
  if (!(await guarded(db, `fund:${userId}`, FUND_PASSWORD_LOCK, () => verifyPassword(password, hash))))
    fail('fundPasswordWrong');
}
