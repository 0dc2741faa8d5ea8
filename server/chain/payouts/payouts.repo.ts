import type { Queryable } from '../../storage/db.ts';

/** The core's side of payouts and sweeps (server/chain/payouts): queueing, settling, the console's sums. */

export async function insertPayout(
  q: Queryable,
  p: { withdrawalId: number; chain: string; coin: string; toAddress: string; rawAmount: bigint; at: number },
): Promise<void> {
  await q.run(
    `INSERT INTO chain_payouts (withdrawal_id, chain, coin, to_address, raw_amount, status, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 'queued', ?, ?)`,
    [p.withdrawalId, p.chain, p.coin, p.toAddress, p.rawAmount.toString(), p.at, p.at],
  );
}

export interface FinalPayout {
  withdrawal_id: bigint | number;
  chain: string;
  status: 'confirmed' | 'failed';
  error: string | null;
  gas_cost: string | null;
  tx_hash: string | null;
  user_id: bigint | number;
  coin: string;
  amount: bigint | number;
  fee: bigint | number;
}

/** Payouts confirmed or failed on chain whose ledger side has not happened yet. */
export const unsettledPayouts = (q: Queryable) =>
  q.all<FinalPayout>(
    `SELECT p.withdrawal_id, p.chain, p.status, p.error, p.gas_cost, p.tx_hash, w.user_id, w.coin, w.amount, w.fee
     FROM chain_payouts p JOIN withdrawals w ON w.id = p.withdrawal_id
     WHERE p.settled = 0 AND p.status IN ('confirmed', 'failed') ORDER BY p.withdrawal_id`,
  );

export const unsettledSweeps = (q: Queryable) =>
  q.all<{ id: bigint | number; chain: string; gas_cost: string | null }>(
    "SELECT id, chain, gas_cost FROM chain_sweeps WHERE settled = 0 AND status IN ('confirmed', 'failed') ORDER BY id",
  );

/** Marks a final row settled; false when it was already (the settlement then books nothing: exactly once). */
export const claimPayout = async (q: Queryable, withdrawalId: number): Promise<boolean> =>
  (await q.run(
    "UPDATE chain_payouts SET settled = 1 WHERE withdrawal_id = ? AND settled = 0 AND status IN ('confirmed', 'failed')",
    [withdrawalId],
  )) === 1;

export const claimSweep = async (q: Queryable, id: number): Promise<boolean> =>
  (await q.run(
    "UPDATE chain_sweeps SET settled = 1 WHERE id = ? AND settled = 0 AND status IN ('confirmed', 'failed')",
    [id],
  )) === 1;

/** A payout that failed on chain fails its withdrawal too: the user sees it failed, and its limit usage ends. */
export const failWithdrawal = (q: Queryable, id: number, reason: string, at: number) =>
  q.run("UPDATE withdrawals SET status = 'failed', reason = ?, reviewed_at = COALESCE(reviewed_at, ?) WHERE id = ?", [
    reason,
    at,
    id,
  ]);

/** An automatic approval: the platform decides (no reviewer), with the reason `auto`. */
export const approveAutomatically = async (q: Queryable, id: number, at: number): Promise<boolean> =>
  (await q.run(
    "UPDATE withdrawals SET status = 'passed', reason = 'auto', reviewer_id = NULL, reviewed_at = ? WHERE id = ? AND status = 'review'",
    [at, id],
  )) === 1;

/**
 * Per coin, what the platform owes its users: their balances in every account type, held ones included (a
 * withdrawal in flight is still owed), as the proof of liabilities counts them. The platform's own accounts (fees,
 * pools, the gas budget) are its equity, not a debt to anyone.
 */
export const liabilities = (q: Queryable) =>
  q.all<{ asset: string; total: bigint | number | null }>(
    'SELECT asset, SUM(available + frozen) AS total FROM accounts WHERE owner_id IS NOT NULL GROUP BY asset',
  );

/** Platform account balances of one type per asset (the gas budget, account 110). */
export const platformBalances = (q: Queryable, type: number) =>
  q.all<{ asset: string; available: bigint | number }>(
    'SELECT asset, available FROM accounts WHERE owner_id IS NULL AND type = ?',
    [type],
  );

/** Deposit addresses with credited deposits per chain and coin: where unswept coins may be. */
export const creditedAddresses = (q: Queryable) =>
  q.all<{ chain: string; coin: string; address: string }>(
    "SELECT DISTINCT chain, coin, address FROM chain_deposits WHERE status = 'credited' ORDER BY chain, coin, address",
  );
