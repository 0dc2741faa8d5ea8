/**
 * The column of a UNIQUE constraint that an insert or update broke, in either dialect, or undefined for any
 * other error: SQLite says "UNIQUE constraint failed: users.email", PostgreSQL gives code 23505 and
 * `users_email_key`.
 */
export function uniqueViolation(err: unknown): string | undefined {
  const e = err as { code?: string; message?: string; constraint_name?: string; errcode?: string };
  const sqlite = /UNIQUE constraint failed: \w+\.(\w+)/.exec(e?.message ?? '');
  if (sqlite) return sqlite[1];
  if (e?.code === '23505' && e.constraint_name) return /^[a-z]+_(\w+)_key$/.exec(e.constraint_name)?.[1];
  return undefined;
}
