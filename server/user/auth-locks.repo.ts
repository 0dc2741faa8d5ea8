import type { Queryable } from '../storage/db.ts';

interface LockRow {
  failures: number;
  windowStart: number;
  lockedUntil: number;
  lockCount: number;
}

/**
 * Takes one attempt for a subject, atomically: the conditional update counts it only while the subject is not
 * locked and has attempts left in its window (a window older than `windowCut` starts afresh). Parallel attempts
 * therefore take at most `max` between them. Says whether the attempt was granted.
 */
export async function takeAttempt(
  q: Queryable,
  subject: string,
  now: number,
  windowCut: number,
  max: number,
): Promise<boolean> {
  await q.run('INSERT INTO auth_locks (subject, updated_at) VALUES (?, ?) ON CONFLICT (subject) DO NOTHING', [
    subject,
    now,
  ]);
  const changed = await q.run(
    `UPDATE auth_locks
     SET failures = CASE WHEN window_start <= ? THEN 1 ELSE failures + 1 END,
         window_start = CASE WHEN window_start <= ? THEN ? ELSE window_start END,
         updated_at = ?
     WHERE subject = ? AND locked_until <= ? AND (failures < ? OR window_start <= ?)`,
    [windowCut, windowCut, now, now, subject, now, max, windowCut],
  );
  return changed === 1;
}

export async function readLock(q: Queryable, subject: string): Promise<LockRow | undefined> {
  const r = await q.get<{ failures: bigint; window_start: bigint; locked_until: bigint; lock_count: bigint }>(
    'SELECT failures, window_start, locked_until, lock_count FROM auth_locks WHERE subject = ?',
    [subject],
  );
  return (
    r && {
      failures: Number(r.failures),
      windowStart: Number(r.window_start),
      lockedUntil: Number(r.locked_until),
      lockCount: Number(r.lock_count),
    }
  );
}

/**
 * Locks the subject until `until`, once per episode: of racing failures only the one that finds `lockCount` unchanged
 * locks.
 */
export async function lockSubject(
  q: Queryable,
  subject: string,
  lockCount: number,
  until: number,
  now: number,
): Promise<void> {
  await q.run(
    'UPDATE auth_locks SET locked_until = ?, lock_count = lock_count + 1, failures = 0, updated_at = ? WHERE subject = ? AND lock_count = ?',
    [until, now, subject, lockCount],
  );
}

/** A success forgives the subject's failures and past locks. */
export async function clearSubject(q: Queryable, subject: string): Promise<void> {
  await q.run('UPDATE auth_locks SET failures = 0, lock_count = 0, locked_until = 0 WHERE subject = ?', [subject]);
}
