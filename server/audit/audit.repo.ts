import type { Queryable, Row } from '../storage/db.ts';
import { pageOf, type PageRequest } from '../storage/paging.ts';

/** Who did what to what, in the caller's transaction (so a decision and its audit line commit together). */
export async function insertAudit(
  q: Queryable,
  a: { operatorId: number; action: string; targetType: string; targetId: string; detail: string; at: number },
): Promise<void> {
  await q.run(
    'INSERT INTO admin_audit (operator_id, action, target_type, target_id, detail, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    [a.operatorId, a.action, a.targetType, a.targetId, a.detail, a.at],
  );
}

/** The audit log, newest first, with each operator's name. */
export function auditRows(q: Queryable, page: PageRequest) {
  return pageOf<Row>(
    q,
    {
      select: 'a.*, COALESCE(u.username, u.email) AS operator',
      from: 'FROM admin_audit a JOIN users u ON u.id = a.operator_id',
      order: 'a.id DESC',
    },
    page,
  );
}
