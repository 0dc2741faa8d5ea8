import type { Queryable, Row } from '../storage/db.ts';

/** Payment methods for OTC trades: each user's own, one per kind and account. */

export interface PaymentFields {
  kind: string;
  name: string;
  account: string;
  bank: string | null;
  branch: string | null;
  qrUpload: string | null;
}

/** Adds a method; the same kind and account again updates it instead (a double submit makes one). */
export function upsertPayment(q: Queryable, userId: number, f: PaymentFields, at: number): Promise<Row | undefined> {
  return q.get<Row>(
    `INSERT INTO payment_methods (user_id, kind, name, account, bank, branch, qr_upload, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (user_id, kind, account) DO UPDATE SET name = excluded.name, bank = excluded.bank, branch = excluded.branch, qr_upload = excluded.qr_upload, updated_at = excluded.updated_at
     RETURNING *`,
    [userId, f.kind, f.name, f.account, f.bank, f.branch, f.qrUpload, at, at],
  );
}

/** Changes one of the user's own methods; undefined when it is not theirs or does not exist. */
export function updatePayment(
  q: Queryable,
  userId: number,
  id: number,
  f: PaymentFields,
  at: number,
): Promise<Row | undefined> {
  return q.get<Row>(
    'UPDATE payment_methods SET kind = ?, name = ?, account = ?, bank = ?, branch = ?, qr_upload = ?, updated_at = ? WHERE id = ? AND user_id = ? RETURNING *',
    [f.kind, f.name, f.account, f.bank, f.branch, f.qrUpload, at, id, userId],
  );
}

/** Removes one of the user's own methods; says whether there was one. */
export async function deletePayment(q: Queryable, userId: number, id: number): Promise<boolean> {
  return (await q.run('DELETE FROM payment_methods WHERE id = ? AND user_id = ?', [id, userId])) > 0;
}

/** The given methods of one user (the ones an OTC ad or order names), in id order; ids not theirs are left out. */
export function paymentsByIds(q: Queryable, userId: number, ids: readonly number[]): Promise<Row[]> {
  if (!ids.length) return Promise.resolve([]);
  return q.all<Row>(
    `SELECT * FROM payment_methods WHERE user_id = ? AND id IN (${ids.map(() => '?').join(', ')}) ORDER BY id`,
    [userId, ...ids],
  );
}

export function paymentRows(q: Queryable, userId: number): Promise<Row[]> {
  return q.all<Row>('SELECT * FROM payment_methods WHERE user_id = ? ORDER BY id', [userId]);
}

export async function paymentCount(q: Queryable, userId: number): Promise<number> {
  return Number(
    (await q.get<{ n: bigint }>('SELECT COUNT(*) AS n FROM payment_methods WHERE user_id = ?', [userId]))?.n ?? 0,
  );
}

export async function hasPayment(q: Queryable, userId: number, kind: string, account: string): Promise<boolean> {
  return (
    (await q.get('SELECT id FROM payment_methods WHERE user_id = ? AND kind = ? AND account = ?', [
      userId,
      kind,
      account,
    ])) !== undefined
  );
}
