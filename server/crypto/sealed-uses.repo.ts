import type { Queryable } from '../storage/db.ts';

interface SealedUse {
  userId: number;
  purpose: string;
  refId: number | null;
}

/** The first use of a sealed body's nonce, if it has been used. */
export async function findSealedUse(q: Queryable, nonce: string): Promise<SealedUse | undefined> {
  const row = await q.get<{ user_id: bigint; purpose: string; ref_id: bigint | null }>(
    'SELECT user_id, purpose, ref_id FROM sealed_uses WHERE nonce = ?',
    [nonce],
  );
  return (
    row && { userId: Number(row.user_id), purpose: row.purpose, refId: row.ref_id === null ? null : Number(row.ref_id) }
  );
}

/**
 * Records a nonce's use in the caller's transaction; false when it was used already (of two racing
 * submissions exactly one records it). Uses older than a sealed body's lifetime are dropped on
 * the way: a body that old is refused for its age before its nonce is looked at.
 */
export async function recordSealedUse(
  q: Queryable,
  nonce: string,
  use: SealedUse,
  olderThan: number,
): Promise<boolean> {
  // ON CONFLICT rather than catching the violation: on PostgreSQL a failed statement would abort the caller's
  // transaction.
  const added = await q.run(
    'INSERT INTO sealed_uses (nonce, user_id, purpose, ref_id, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (nonce) DO NOTHING',
    [nonce, use.userId, use.purpose, use.refId, Date.now()],
  );
  if (added !== 1) return false;
  await q.run('DELETE FROM sealed_uses WHERE created_at < ?', [olderThan]);
  return true;
}
