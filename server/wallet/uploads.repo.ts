import type { Db, Queryable } from '../storage/db.ts';

/** What a user has uploaded: how many files since a time, and how many bytes in all. */
export async function uploadUsage(
  q: Queryable,
  ownerId: number,
  since: number,
): Promise<{ recent: number; stored: number }> {
  const row = await q.get<{ recent: bigint | null; stored: bigint | string | null }>(
    'SELECT SUM(CASE WHEN created_at > ? THEN 1 ELSE 0 END) AS recent, SUM(size) AS stored FROM uploads WHERE owner_id = ?',
    [since, ownerId],
  );
  return { recent: Number(row?.recent ?? 0), stored: Number(row?.stored ?? 0) };
}

/** Holds the user's row until the transaction ends (PostgreSQL), so one user's uploads are claimed one at a time. */
export async function lockUploader(db: Db, q: Queryable, ownerId: number): Promise<void> {
  if (db.dialect === 'postgres') await q.get('SELECT id FROM users WHERE id = ? FOR UPDATE', [ownerId]);
}

export async function insertUpload(
  q: Queryable,
  u: { id: string; ownerId: number; mime: string; size: number; at: number },
): Promise<void> {
  await q.run('INSERT INTO uploads (id, owner_id, file, mime, size, created_at) VALUES (?, ?, ?, ?, ?, ?)', [
    u.id,
    u.ownerId,
    u.id,
    u.mime,
    u.size,
    u.at,
  ]);
}

export async function deleteUpload(q: Queryable, id: string): Promise<void> {
  await q.run('DELETE FROM uploads WHERE id = ?', [id]);
}

export async function findUpload(q: Queryable, id: string): Promise<{ ownerId: number; mime: string } | undefined> {
  const row = await q.get<{ owner_id: bigint; mime: string }>('SELECT owner_id, mime FROM uploads WHERE id = ?', [id]);
  return row && { ownerId: Number(row.owner_id), mime: row.mime };
}

/** Lets other users see an upload one user showed them (an OTC payment proof, a chat image, a payment QR code). */
export async function grantUpload(q: Queryable, id: string, viewerIds: readonly number[]): Promise<void> {
  for (const viewer of new Set(viewerIds))
    await q.run('INSERT INTO upload_grants (upload_id, viewer_id) VALUES (?, ?) ON CONFLICT DO NOTHING', [id, viewer]);
}

export async function isGranted(q: Queryable, id: string, viewerId: number): Promise<boolean> {
  return !!(await q.get('SELECT 1 AS one FROM upload_grants WHERE upload_id = ? AND viewer_id = ?', [id, viewerId]));
}
