/**
 * The operator audit log. Every feature that records an operator's decision writes here, so this module sits below
 * all of them: it imports only storage and the shared layer, never a feature.
 */
import type { AuditEntry } from '../../isomorphic/contract/wallet.ts';
import { ASSET_SCALE } from '../../isomorphic/format/asset.ts';
import { formatUnits } from '../../isomorphic/money/units.ts';
import type { Db, Queryable } from '../storage/db.ts';
import { auditRows, insertAudit } from './audit.repo.ts';

/** Writes who did what to what, in the caller's transaction (so a decision and its audit line commit together). */
export async function audit(
  q: Queryable,
  operatorId: number,
  action: string,
  targetType: string,
  targetId: string | number,
  detail: Record<string, unknown>,
): Promise<void> {
  await insertAudit(q, {
    operatorId,
    action,
    targetType,
    targetId: String(targetId),
    detail: JSON.stringify(detail),
    at: Date.now(),
  });
}

/** Audit lines keep amounts in base units, as the ledger does; operators read them as decimals of their coin:
 * readableDetail('{"coin":"USDT","amount":"150000000"}') → '{"coin":"USDT","amount":"1.50000000"}'. */
function readableDetail(detail: string): string {
  const parsed = JSON.parse(detail) as Record<string, unknown>;
  for (const field of ['amount', 'fee']) {
    const v = parsed[field];
    if (typeof v === 'string' && /^-?\d+$/.test(v)) parsed[field] = formatUnits(BigInt(v), ASSET_SCALE);
  }
  return JSON.stringify(parsed);
}

export async function auditLog(db: Db, page: number, size: number) {
  const { total, rows } = await auditRows(db, { page, size });
  const records: AuditEntry[] = rows.map((r) => ({
    id: Number(r.id),
    operatorId: Number(r.operator_id),
    operator: String(r.operator),
    action: String(r.action),
    targetType: String(r.target_type),
    targetId: String(r.target_id),
    detail: readableDetail(String(r.detail)),
    time: Number(r.created_at),
  }));
  return { total, page, size, records };
}
