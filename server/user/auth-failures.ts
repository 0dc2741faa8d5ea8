import { fail } from '../http/errors.ts';
import { num, type Db } from '../storage/db.ts';

export interface LockSettings {
  loginMaxFailures: number;
  loginLockMinutes: number;
}

/**
 * Failed logins per account name, kept in the database so the limit holds across restarts and across every
 * server process. Counted by the name typed, whether or not it exists, so the lock does not reveal accounts.
 */
export async function assertNotLocked(db: Db, subject: string, cfg: LockSettings): Promise<void> {
  const since = Date.now() - cfg.loginLockMinutes * 60_000;
  const row = await db.get<{ n: bigint; first: bigint | null }>(
    'SELECT COUNT(*) AS n, MIN(created_at) AS first FROM auth_failures WHERE subject = ? AND created_at > ?',
    [subject, since],
  );
  if (num(row?.n) >= cfg.loginMaxFailures) {
    const minutes = Math.max(1, Math.ceil((num(row?.first) + cfg.loginLockMinutes * 60_000 - Date.now()) / 60_000));
    fail('accountLocked', { minutes });
  }
}

export async function recordFailure(db: Db, subject: string): Promise<void> {
  await db.run('INSERT INTO auth_failures (subject, created_at) VALUES (?, ?)', [subject, Date.now()]);
}

export async function clearFailures(db: Db, subject: string): Promise<void> {
  await db.run('DELETE FROM auth_failures WHERE subject = ?', [subject]);
}
