import type { AuditEntry, RechargeRecord, WithdrawalRecord } from '../../src/lib/contract/wallet.ts';
import { fail } from '../http/errors.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { post } from '../ledger/ledger.ts';
import type { Db, Queryable } from '../storage/db.ts';
import { toRecharge, toWithdrawal } from '../wallet/wallet.service.ts';

/** Writes who did what to what, in the caller's transaction (so a decision and its audit line commit together). */
export async function audit(q: Queryable, operatorId: number, action: string, targetType: string, targetId: string | number, detail: Record<string, unknown>): Promise<void> {
  await q.run('INSERT INTO admin_audit (operator_id, action, target_type, target_id, detail, created_at) VALUES (?, ?, ?, ?, ?, ?)', [operatorId, action, targetType, String(targetId), JSON.stringify(detail), Date.now()]);
}

export async function auditLog(db: Db, page: number, size: number) {
  const total = Number((await db.get<{ n: bigint }>('SELECT COUNT(*) AS n FROM admin_audit'))!.n);
  const rows = await db.all<Record<string, unknown>>(
    'SELECT a.*, COALESCE(u.username, u.email) AS operator FROM admin_audit a JOIN users u ON u.id = a.operator_id ORDER BY a.id DESC LIMIT ? OFFSET ?',
    [size, (page - 1) * size],
  );
  const records: AuditEntry[] = rows.map((r) => ({ id: Number(r.id), operatorId: Number(r.operator_id), operator: String(r.operator), action: String(r.action), targetType: String(r.target_type), targetId: String(r.target_id), detail: String(r.detail), time: Number(r.created_at) }));
  return { total, page, size, records };
}

export async function queue(db: Db, table: 'recharges' | 'withdrawals', status: string, page: number, size: number) {
  const total = Number((await db.get<{ n: bigint }>(`SELECT COUNT(*) AS n FROM ${table} WHERE status = ?`, [status]))!.n);
  const rows = await db.all<Record<string, unknown>>(
    `SELECT r.*, COALESCE(u.username, u.email, u.phone) AS username FROM ${table} r JOIN users u ON u.id = r.user_id WHERE r.status = ? ORDER BY r.id ${status === 'review' ? 'ASC' : 'DESC'} LIMIT ? OFFSET ?`,
    [status, size, (page - 1) * size],
  );
  return { total, page, size, records: table === 'recharges' ? rows.map(toRecharge) : rows.map(toWithdrawal) };
}

/** Moves a request out of review exactly once: the conditional update makes a second decision (or a race) a refusal. */
async function decide(q: Queryable, table: 'recharges' | 'withdrawals', id: number, approve: boolean, reason: string | null, operatorId: number): Promise<Record<string, unknown>> {
  const row = await q.get<Record<string, unknown>>(
    `UPDATE ${table} SET status = ?, reason = ?, reviewer_id = ?, reviewed_at = ? WHERE id = ? AND status = 'review' RETURNING *`,
    [approve ? 'passed' : 'failed', reason, operatorId, Date.now(), id],
  );
  if (!row) {
    const exists = await q.get(`SELECT id FROM ${table} WHERE id = ?`, [id]);
    fail(exists ? 'alreadyReviewed' : 'recordNotFound');
  }
  return row;
}

/** Review passed: the amount is credited to the user's spot account from the external account. Failed: nothing moves. */
export async function reviewRecharge(db: Db, operatorId: number, id: number, approve: boolean, reason?: string): Promise<RechargeRecord> {
  if (!approve && !reason?.trim()) fail('reasonRequired');
  return db.tx(async (q) => {
    const r = await decide(q, 'recharges', id, approve, reason?.trim() || null, operatorId);
    const userId = Number(r.user_id);
    const amount = BigInt(r.amount as bigint);
    if (approve) {
      await post(q, [
        { owner: null, type: ACCOUNT.external, asset: String(r.coin), available: -amount },
        { owner: userId, type: ACCOUNT.spot, asset: String(r.coin), available: amount },
      ], { billType: 'deposit', refType: 'recharge', refId: id });
    }
    await audit(q, operatorId, approve ? 'recharge.approve' : 'recharge.reject', 'recharge', id, { orderNo: r.order_no, coin: r.coin, amount: String(r.amount), reason: reason ?? null });
    return toRecharge(r);
  });
}

/**
 * Review passed: the frozen amount leaves to the external account and the fee to fee income (bills withdraw and
 * withdraw_fee). Failed: amount and fee return from frozen to available (bill withdraw_return).
 */
export async function reviewWithdrawal(db: Db, operatorId: number, id: number, approve: boolean, reason?: string): Promise<WithdrawalRecord> {
  if (!approve && !reason?.trim()) fail('reasonRequired');
  return db.tx(async (q) => {
    const w = await decide(q, 'withdrawals', id, approve, reason?.trim() || null, operatorId);
    const userId = Number(w.user_id);
    const coin = String(w.coin);
    const amount = BigInt(w.amount as bigint);
    const fee = BigInt(w.fee as bigint);
    const meta = { refType: 'withdrawal', refId: id };
    if (approve) {
      await post(q, [
        { owner: userId, type: ACCOUNT.spot, asset: coin, frozen: -amount },
        { owner: null, type: ACCOUNT.external, asset: coin, available: amount },
      ], { ...meta, billType: 'withdraw' });
      if (fee > 0n) {
        await post(q, [
          { owner: userId, type: ACCOUNT.spot, asset: coin, frozen: -fee },
          { owner: null, type: ACCOUNT.feeIncome, asset: coin, available: fee },
        ], { ...meta, billType: 'withdraw_fee' });
      }
    } else {
      await post(q, [{ owner: userId, type: ACCOUNT.spot, asset: coin, frozen: -(amount + fee), available: amount + fee }], { ...meta, billType: 'withdraw_return' });
    }
    await audit(q, operatorId, approve ? 'withdrawal.approve' : 'withdrawal.reject', 'withdrawal', id, { orderNo: w.order_no, coin, amount: String(amount), fee: String(fee), reason: reason ?? null });
    return toWithdrawal(w);
  });
}
