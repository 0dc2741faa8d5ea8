import type { ErrorName } from '../../src/lib/contract/codes.ts';
import { fail } from '../outcome.ts';
import type { Db } from '../storage/db.ts';
import { clearSubject, lockSubject, readLock, takeAttempt } from './auth-locks.repo.ts';

/** How many guesses a subject gets, and for how long it is locked after them (doubling with every lock, up to a day). */
export interface LockPolicy {
  maxFailures: number;
  lockMinutes: number;
  /** What a refused attempt answers: 'accountLocked' for logins, 'fundPasswordLocked' for the fund password. */
  error: ErrorName;
}

const MAX_LOCK_MS = 24 * 3600_000;
const lockMs = (p: LockPolicy, lockCount: number) => Math.min(p.lockMinutes * 60_000 * 2 ** Math.min(lockCount, 20), MAX_LOCK_MS);
const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

/**
 * Password guesses under a lock, counted atomically: `guarded` takes an attempt before the password is checked
 * (refusing at once when none is left), so parallel guesses never check more than `maxFailures` passwords per
 * window. The `maxFailures`-th wrong guess locks the subject for `lockMinutes`, doubling with each lock until a
 * right password clears it.
 */
export async function guarded(db: Db, subject: string, p: LockPolicy, check: () => Promise<boolean>, now = Date.now()): Promise<boolean> {
  const windowMs = p.lockMinutes * 60_000;
  if (!(await takeAttempt(db, subject, now, now - windowMs, p.maxFailures))) {
    const row = await readLock(db, subject);
    const left = row && row.lockedUntil > now ? row.lockedUntil - now : lockMs(p, row?.lockCount ?? 0);
    fail(p.error, { minutes: minutes(left) });
  }
  const good = await check();
  if (good) {
    await clearSubject(db, subject);
    return true;
  }
  const row = await readLock(db, subject);
  if (row && row.failures >= p.maxFailures) await lockSubject(db, subject, row.lockCount, now + lockMs(p, row.lockCount), now);
  return false;
}
