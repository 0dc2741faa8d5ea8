import type { Queryable, Row } from '../storage/db.ts';
import { pageOf, type PageRequest } from '../storage/paging.ts';

/**
 * Verification submissions: one under review per user at a time, one passed primary per identity (the indexes say so).
 */

export interface KycInsert {
  userId: number;
  level: 1 | 2;
  realName: string;
  country: string;
  idType: string;
  idNumber: string;
  photos: { front: string; back: string; selfie: string } | null;
  at: number;
}

/** The new submission, or undefined when the user already has one under review (a double submit). */
export function insertKyc(q: Queryable, k: KycInsert): Promise<Row | undefined> {
  return q.get<Row>(
    `INSERT INTO kyc_requests (user_id, level, status, real_name, country, id_type, id_number, front_upload, back_upload, selfie_upload, created_at)
     VALUES (?, ?, 'review', ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING *`,
    [
      k.userId,
      k.level,
      k.realName,
      k.country,
      k.idType,
      k.idNumber,
      k.photos?.front ?? null,
      k.photos?.back ?? null,
      k.photos?.selfie ?? null,
      k.at,
    ],
  );
}

/** The user's latest submission of a level. */
export function latestKyc(q: Queryable, userId: number, level: 1 | 2): Promise<Row | undefined> {
  return q.get<Row>('SELECT * FROM kyc_requests WHERE user_id = ? AND level = ? ORDER BY id DESC LIMIT 1', [
    userId,
    level,
  ]);
}

/** The identity the user's primary verification proved, or undefined before one passed. */
export function latestPassedPrimary(q: Queryable, userId: number): Promise<Row | undefined> {
  return q.get<Row>(
    "SELECT * FROM kyc_requests WHERE user_id = ? AND level = 1 AND status = 'passed' ORDER BY id DESC LIMIT 1",
    [userId],
  );
}

/** The highest level the user has passed (0 when none), and whether a submission of theirs awaits review. */
export async function kycStanding(q: Queryable, userId: number): Promise<{ level: 0 | 1 | 2; pending: boolean }> {
  const row = await q.get<{ level: bigint | null; pending: bigint | null }>(
    "SELECT MAX(CASE WHEN status = 'passed' THEN level END) AS level, SUM(CASE WHEN status = 'review' THEN 1 ELSE 0 END) AS pending FROM kyc_requests WHERE user_id = ?",
    [userId],
  );
  return { level: Number(row?.level ?? 0) as 0 | 1 | 2, pending: Number(row?.pending ?? 0) > 0 };
}

/** Whether another account has this identity verified. */
export async function identityTakenByOther(
  q: Queryable,
  userId: number,
  country: string,
  idType: string,
  idNumber: string,
): Promise<boolean> {
  const row = await q.get(
    "SELECT id FROM kyc_requests WHERE country = ? AND id_type = ? AND id_number = ? AND status = 'passed' AND level = 1 AND user_id <> ?",
    [country, idType, idNumber, userId],
  );
  return row !== undefined;
}

/** Moves a submission out of review exactly once; undefined when it was not under review. */
export function decideKyc(
  q: Queryable,
  d: { id: number; status: 'passed' | 'failed'; reason: string | null; operatorId: number; at: number },
): Promise<Row | undefined> {
  return q.get<Row>(
    "UPDATE kyc_requests SET status = ?, reason = ?, reviewer_id = ?, reviewed_at = ? WHERE id = ? AND status = 'review' RETURNING *",
    [d.status, d.reason, d.operatorId, d.at, d.id],
  );
}

export function findKyc(q: Queryable, id: number): Promise<Row | undefined> {
  return q.get<Row>('SELECT * FROM kyc_requests WHERE id = ?', [id]);
}

/** Submissions in one status with the user's name: the review queue oldest first, decided ones newest first. */
export function kycQueueRows(q: Queryable, status: string, page: PageRequest) {
  return pageOf<Row>(
    q,
    {
      select: 'k.*, COALESCE(u.username, u.email, u.phone) AS username',
      from: 'FROM kyc_requests k JOIN users u ON u.id = k.user_id WHERE k.status = ?',
      order: `k.id ${status === 'review' ? 'ASC' : 'DESC'}`,
      params: [status],
    },
    page,
  );
}

/** Whether an upload is the user's own (photos are referenced by id after the image upload). */
export async function ownsUpload(q: Queryable, userId: number, uploadId: string): Promise<boolean> {
  const row = await q.get<{ owner_id: bigint }>('SELECT owner_id FROM uploads WHERE id = ?', [uploadId]);
  return row !== undefined && Number(row.owner_id) === userId;
}

/** A broken UNIQUE index, in either dialect (SQLite's message, PostgreSQL's SQLSTATE 23505). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || /UNIQUE constraint failed/.test(e?.message ?? '');
}
