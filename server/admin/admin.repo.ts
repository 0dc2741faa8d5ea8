import type { Queryable, Row } from '../storage/db.ts';
import { pageOf, type PageRequest } from '../storage/paging.ts';

/** Who did what to what, in the caller's transaction (so a decision and its audit line commit together). */
export async function insertAudit(q: Queryable, a: { operatorId: number; action: string; targetType: string; targetId: string; detail: string; at: number }): Promise<void> {
  await q.run('INSERT INTO admin_audit (operator_id, action, target_type, target_id, detail, created_at) VALUES (?, ?, ?, ?, ?, ?)', [a.operatorId, a.action, a.targetType, a.targetId, a.detail, a.at]);
}

/**
 * Moves a request out of review: the conditional update decides it once, so a second decision (or a race) finds
 * nothing and gets undefined. `exists` then tells the two refusals apart.
 */
export async function decideRequest(q: Queryable, table: 'recharges' | 'withdrawals', d: { id: number; status: 'passed' | 'failed'; reason: string | null; operatorId: number; at: number }): Promise<Row | undefined> {
  return q.get<Row>(`UPDATE ${table} SET status = ?, reason = ?, reviewer_id = ?, reviewed_at = ? WHERE id = ? AND status = 'review' RETURNING *`, [d.status, d.reason, d.operatorId, d.at, d.id]);
}

export async function requestExists(q: Queryable, table: 'recharges' | 'withdrawals', id: number): Promise<boolean> {
  return (await q.get(`SELECT id FROM ${table} WHERE id = ?`, [id])) !== undefined;
}

/** The audit log, newest first, with each operator's name. */
export function auditRows(q: Queryable, page: PageRequest) {
  return pageOf<Row>(q, { select: 'a.*, COALESCE(u.username, u.email) AS operator', from: 'FROM admin_audit a JOIN users u ON u.id = a.operator_id', order: 'a.id DESC' }, page);
}

/** Requests in one status with the user's name: the review queue oldest first, decided ones newest first. */
export function queueRows(q: Queryable, table: 'recharges' | 'withdrawals', status: string, page: PageRequest) {
  return pageOf<Row>(
    q,
    { select: 'r.*, COALESCE(u.username, u.email, u.phone) AS username', from: `FROM ${table} r JOIN users u ON u.id = r.user_id WHERE r.status = ?`, order: `r.id ${status === 'review' ? 'ASC' : 'DESC'}`, params: [status] },
    page,
  );
}
