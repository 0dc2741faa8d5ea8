/** The operators' side of deposits and withdrawals: the review queues and each decision's ledger transaction. */
import type { RechargeRecord, WithdrawalRecord } from '../../isomorphic/contract/wallet.ts';
import { audit } from '../audit/audit.ts';
import type { TradingCore } from '../core/core.ts';
import { postFunds, releaseFunds, type FundsPost, type FundsRelease } from '../core/funds.ts';
import { ASSET_SCALE, parseUnits } from '../../isomorphic/money/units.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { findUserBy } from '../user/user.repo.ts';
import { requireAsset } from './amounts.ts';
import { fail } from '../outcome.ts';
import type { Db, Queryable } from '../storage/db.ts';
import { withdrawalHoldId } from './withdrawal-holds.ts';
import { decideRequest, findWithdrawal, queueRows, requestExists } from './wallet.repo.ts';
import type { Chain } from '../chain/chains.ts';
import type { Bus } from '../bus/bus.ts';
import type { ChainMessage } from '../../isomorphic/contract/private-feed.ts';
import { userTopics } from '../feeds/topics.ts';
import { payoutToken, queuePayout } from '../chain/payouts/queue.ts';
import { toRecharge, toRequestRecord, toWithdrawal, type RequestRecord } from './wallet.service.ts';

export async function queue<T extends keyof RequestRecord>(
  db: Db,
  table: T,
  status: string,
  page: number,
  size: number,
) {
  const { total, rows } = await queueRows(db, table, status, { page, size });
  return { total, page, size, records: rows.map(toRequestRecord(table)) };
}

/** Moves a request out of review exactly once: the conditional update makes a second decision (or a race) a refusal. */
async function decide(
  q: Queryable,
  table: 'recharges' | 'withdrawals',
  id: number,
  approve: boolean,
  reason: string | null,
  operatorId: number,
): Promise<Record<string, unknown>> {
  const row = await decideRequest(q, table, {
    id,
    status: approve ? 'passed' : 'failed',
    reason,
    operatorId,
    at: Date.now(),
  });
  if (!row) fail((await requestExists(q, table, id)) ? 'alreadyReviewed' : 'recordNotFound');
  return row;
}

/**
 * Review passed: the amount is credited to the user's spot account from the external account, through the core,
 * in one transaction with the decision and its audit line. Failed: nothing moves.
 */
export async function reviewRecharge(
  db: Db,
  core: TradingCore,
  operatorId: number,
  id: number,
  approve: boolean,
  reason?: string,
): Promise<RechargeRecord> {
  if (!approve && !reason?.trim()) fail('reasonRequired');
  const decided = async (q: Queryable) => {
    const r = await decide(q, 'recharges', id, approve, reason?.trim() || null, operatorId);
    await audit(q, operatorId, approve ? 'recharge.approve' : 'recharge.reject', 'recharge', id, {
      orderNo: r.order_no,
      coin: r.coin,
      amount: String(r.amount),
      reason: reason ?? null,
    });
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
 * the core, in one transaction with the decision and its audit line. On a network a watched chain serves
 * (`custody`), an approval moves no money yet: it queues the payout in the same transaction, the hold stays while
 * the funds are in flight, and the core settles it once the chain has decided (server/chain/payouts).
 */
export async function reviewWithdrawal(
  core: TradingCore,
  operatorId: number,
  id: number,
  approve: boolean,
  reason?: string,
  custody?: { db: Db; chains: Chain[]; bus?: Bus },
): Promise<WithdrawalRecord> {
  if (!approve && !reason?.trim()) fail('reasonRequired');
  let record: WithdrawalRecord | undefined;
  const decided = async (q: Queryable) => {
    const w = await decide(q, 'withdrawals', id, approve, reason?.trim() || null, operatorId);
    await audit(q, operatorId, approve ? 'withdrawal.approve' : 'withdrawal.reject', 'withdrawal', id, {
      orderNo: w.order_no,
      coin: w.coin,
      amount: String(w.amount),
      fee: String(w.fee),
      reason: reason ?? null,
    });
    record = toWithdrawal(w);
    return {
      coin: String(w.coin),
      amount: BigInt(w.amount as bigint),
      fee: BigInt(w.fee as bigint),
      address: String(w.address),
    };
  };
  const hold = withdrawalHoldId(id);
  const meta = { refType: 'withdrawal', refId: id };
  const row = approve && custody ? await findWithdrawal(custody.db, id) : undefined;
  const at =
    row?.method === 'address' ? payoutToken(custody, String(row.coin), row.network as string | null) : undefined;
  if (at) {
    await custody!.db.tx(async (q) => {
      const { coin, amount, address } = await decided(q);
      record!.chain = await queuePayout(q, at, { id, coin, address, amount }, Date.now());
    });
    // The user's records show the payout queued now, not when the signer first moves it (which a short gas budget
    // can hold up): the same push as the signer's moves, after commit.
    const queued: ChainMessage = { kind: 'withdrawal', withdrawalId: id, status: 'queued', txHash: null };
    custody!.bus?.publish(userTopics.chain(Number(row!.user_id)), queued);
  } else if (approve) {
    await core.submitPrepared(postFunds, async (q): Promise<FundsPost> => {
      const { coin, amount, fee } = await decided(q);
      return {
        spends: [
          { hold, amount, billType: 'withdraw' },
          { hold, amount: fee, billType: 'withdraw_fee' },
        ],
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

/**
 * Test funds for a development install, credited by an operator to a user named by username or e-mail: a ledger
 * transaction against the external account, like a deposit.
 */
export async function creditTestFunds(
  db: Db,
  core: TradingCore,
  operatorId: number,
  body: { username: string; asset: string; amount: string },
): Promise<void> {
  const user =
    (await findUserBy(db, 'username', body.username)) ?? (await findUserBy(db, 'email', body.username.toLowerCase()));
  if (!user) fail('notFound');
  const code = (await requireAsset(db, body.asset.toUpperCase())).code;
  const parsed = parseUnits(body.amount, ASSET_SCALE, 10n ** 17n);
  if (!parsed.ok || parsed.value <= 0n) fail('invalidNumber', { field: 'trade.field.amount', decimals: ASSET_SCALE });
  await core.submit(postFunds, {
    lines: [
      { owner: null, type: ACCOUNT.external, asset: code, available: -parsed.value },
      { owner: user.id, type: ACCOUNT.spot, asset: code, available: parsed.value },
    ],
    meta: { billType: 'dev_credit', refType: 'operator', refId: operatorId },
  });
}
