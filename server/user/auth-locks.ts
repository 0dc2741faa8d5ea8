import type { ErrorName } from '../../isomorphic/contract/codes.ts';
import { fail } from '../outcome.ts';
import type { Db } from '../storage/db.ts';
import { clearSubject, lockSubject, readLock, takeAttempt } from './auth-locks.repo.ts';

/**
 * How many guesses a subject gets, and for how long it is locked after them (doubling with every lock, up to a day).
 */
interface LockPolicy {
  maxFailures: number;
  lockMinutes: number;
  /** What a refused attempt answers: 'accountLocked' for logins, 'fundPasswordLocked' for the fund password. */
  error: ErrorName;
}

const MAX_LOCK_MS = 24 * 3600_000;
const lockMs = (p: LockPolicy, lockCount: number) =>
  Math.min(p.lockMinutes * 60_000 * 2 ** Math.min(lockCount, 20), MAX_LOCK_MS);
const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

/** Each subject's last attempt in this process, which the next one waits for. */
const pending = new Map<string, Promise<unknown>>();

/**
 * Runs the attempts on one subject one after another. An attempt holds its place in the count while its password
 * is checked, so right answers sent together (a seller releasing twenty orders at once) would take up the whole
 * budget between them and be refused as locked; in turn, each right answer has cleared its place before the next
 * is counted, and only wrong answers add up. Across processes the count alone still bounds parallel guesses.
 */
function inTurn<T>(subject: string, attempt: () => Promise<T>): Promise<T> {
  const result = (pending.get(subject) ?? Promise.resolve()).then(attempt);
  const settled = result.catch(() => undefined);
  pending.set(subject, settled);
  void settled.then(() => pending.get(subject) === settled && pending.delete(subject));
  return result;
}

/**
 * Password guesses under a lock, counted atomically: `guarded` takes an attempt before the password is checked
 * (refusing at once when none is left), so parallel guesses never check more than `maxFailures` passwords per
 * window; a right answer gives its attempt back. The `maxFailures`-th wrong guess locks the subject for
 * `lockMinutes`, doubling with each lock until a right password clears it.
 */
export function guarded(
  db: Db,
  subject: string,
  p: LockPolicy,
  check: () => Promise<boolean>,
  now?: number,
): Promise<boolean> {
  return inTurn(subject, () => attempt(db, subject, p, check, now ?? Date.now()));
}

async function attempt(
  db: Db,
  subject: string,
  p: LockPolicy,
  check: () => Promise<boolean>,
  now: number,
): Promise<boolean> {
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
  if (row && row.failures >= p.maxFailures)
    await lockSubject(db, subject, row.lockCount, now + lockMs(p, row.lockCount), now);
  return false;
}
