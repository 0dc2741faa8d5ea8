import type { AuditEntry, RechargeRecord, WithdrawalRecord } from '../../isomorphic/contract/wallet.ts';
import { fail } from '../outcome.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import type { Db, Queryable } from '../storage/db.ts';
import type { TradingCore } from '../core/core.ts';
import { postFunds, releaseFunds, type FundsPost, type FundsRelease } from '../core/funds.ts';
import { withdrawalHoldId } from '../wallet/withdrawal-holds.ts';
import { auditRows, decideRequest, insertAudit, queueRows, requestExists } from './admin.repo.ts';
import { money } from '../wallet/amounts.ts';
import { toRecharge, toRequestRecord, toWithdrawal, type RequestRecord } from '../wallet/wallet.service.ts';

/** Writes who did what to what, in the caller's transaction (so a decision and its audit line commit together). */
export async function audit(q: Queryable, operatorId: number, action: string, targetType: string, targetId: string | number, detail: Record<string, unknown>): Promise<void> {
  await insertAudit(q, { operatorId, action, targetType, targetId: String(targetId), detail: JSON.stringify(detail), at: Date.now() });
}

/** Audit lines keep amounts in base units, as the ledger does; operators read them as decimals of their coin:
 * readableDetail('{"coin":"USDT","amount":"150000000"}') → '{"coin":"USDT","amount":"1.50000000"}'. */
export function readableDetail(detail: string): string {
  const parsed = JSON.parse(detail) as Record<string, unknown>;
  for (const field of ['amount', 'fee']) {
    const v = parsed[field];
    if (typeof v === 'string' && /^-?\d+$/.test(v)) parsed[field] = money(v);
  }
  return JSON.stringify(parsed);
}

export async function auditLog(db: Db, page: number, size: number) {
  const { total, rows } = await auditRows(db, { page, size });
  const records: AuditEntry[] = rows.map((r) => ({ id: Number(r.id), operatorId: Number(r.operator_id), operator: String(r.operator), action: String(r.action), targetType: String(r.target_type), targetId: String(r.target_id), detail: readableDetail(String(r.detail)), time: Number(r.created_at) }));
  return { total, page, size, records };
}

export async function queue<T extends keyof RequestRecord>(db: Db, table: T, status: string, page: number, size: number) {
  const { total, rows } = await queueRows(db, table, status, { page, size });
  return { total, page, size, records: rows.map(toRequestRecord(table)) };
}

/** Moves a request out of review exactly once: the conditional update makes a second decision (or a race) a refusal. */
async function decide(q: Queryable, table: 'recharges' | 'withdrawals', id: number, approve: boolean, reason: string | null, operatorId: number): Promise<Record<string, unknown>> {
  const row = await decideRequest(q, table, { id, status: approve ? 'passed' : 'failed', reason, operatorId, at: Date.now() });
  if (!row) fail((await requestExists(q, table, id)) ? 'alreadyReviewed' : 'recordNotFound');
  return row;
}

/**
 * Review passed: the amount is credited to the user's spot account from the external account, through the core,
 * in one transaction with the decision and its audit line. Failed: nothing moves.
 */
export async function reviewRecharge(db: Db, core: TradingCore, operatorId: number, id: number, approve: boolean, reason?: string): Promise<RechargeRecord> {
  if (!approve && !reason?.trim()) fail('reasonRequired');
  const decided = async (q: Queryable) => {
    const r = await decide(q, 'recharges', id, approve, reason?.trim() || null, operatorId);
    await audit(q, operatorId, approve ? 'recharge.approve' : 'recharge.reject', 'recharge', id, { orderNo: r.order_no, coin: r.coin, amount: String(r.amount), reason: reason ?? null });
    return r;
  };
  if (!approve) return toRecharge(await db.tx(decided));
  let record: RechargeRecord | undefined;
  await core.submitPrepared(postFunds, async (q): Promise<FundsPost> => {
    const r = await decided(q);
    record = toRecharge(r);
    const amount = BigInt(r.amount as bigint);
    return {
      lines: [
        { owner: null, type: ACCOUNT.external, asset: String(r.coin), available: -amount },
        { owner: Number(r.user_id), type: ACCOUNT.spot, asset: String(r.coin), available: amount },
      ],
      meta: { billType: 'deposit', refType: 'recharge', refId: id },
    };
  });
  return record!;
}

/**
 * Review passed: the held amount leaves to the external account and the fee to fee income (bills withdraw and
 * withdraw_fee). Failed: the hold returns amount and fee to available (bill withdraw_return). Either way through
 * the core, in one transaction with the decision and its audit line.
 */
export async function reviewWithdrawal(core: TradingCore, operatorId: number, id: number, approve: boolean, reason?: string): Promise<WithdrawalRecord> {
  if (!approve && !reason?.trim()) fail('reasonRequired');
  let record: WithdrawalRecord | undefined;
  const decided = async (q: Queryable) => {
    const w = await decide(q, 'withdrawals', id, approve, reason?.trim() || null, operatorId);
    await audit(q, operatorId, approve ? 'withdrawal.approve' : 'withdrawal.reject', 'withdrawal', id, { orderNo: w.order_no, coin: w.coin, amount: String(w.amount), fee: String(w.fee), reason: reason ?? null });
    record = toWithdrawal(w);
    return { coin: String(w.coin), amount: BigInt(w.amount as bigint), fee: BigInt(w.fee as bigint) };
  };
  const hold = withdrawalHoldId(id);
  const meta = { refType: 'withdrawal', refId: id };
  if (approve) {
    await core.submitPrepared(postFunds, async (q): Promise<FundsPost> => {
      const { coin, amount, fee } = await decided(q);
      return {
        spends: [{ hold, amount, billType: 'withdraw' }, { hold, amount: fee, billType: 'withdraw_fee' }],
        lines: [
          { owner: null, type: ACCOUNT.external, asset: coin, available: amount },
          { owner: null, type: ACCOUNT.feeIncome, asset: coin, available: fee, billType: 'withdraw_fee' },
        ],
        meta: { ...meta, billType: 'withdraw' },
      };
    });
  } else {
    await core.submitPrepared(releaseFunds, async (q): Promise<FundsRelease> => {
      await decided(q);
      return { id: hold, meta: { ...meta, billType: 'withdraw_return' } };
    });
  }
  return record!;
}
