import type { Queryable } from '../../storage/db.ts';

/**
 * What the signer reads and writes (docs/products/chain.md): it writes chain_payouts and
 * chain_sweeps rows only, each change conditional on the status it starts from, so two signers (a lease handed over
 * mid-run) never both move a row. It reads the platform's gas budget, ledger account 110, without importing the
 * ledger: the signer process holds the hot key and touches no balance.
 */

/** Ledger account type of the platform's gas budget (server/ledger/account-types.ts ACCOUNT.chainGas). */
export const CHAIN_GAS_ACCOUNT = 110;

export interface PayoutRow {
  withdrawal_id: bigint | number;
  user_id: bigint | number;
  chain: string;
  coin: string;
  to_address: string;
  raw_amount: string;
  status: string;
  nonce: bigint | number | null;
  tx_hash: string | null;
  raw_tx: string | null;
  gas_cost: string | null;
  error: string | null;
}

export const payoutsIn = (q: Queryable, chain: string, status: string) =>
  q.all<PayoutRow>(
    `SELECT p.*, w.user_id FROM chain_payouts p JOIN withdrawals w ON w.id = p.withdrawal_id
     WHERE p.chain = ? AND p.status = ? ORDER BY p.withdrawal_id`,
    [chain, status],
  );

/** The nonces payouts still in flight hold: the next one signed takes none of them. */
export async function inFlightNonces(q: Queryable, chain: string): Promise<Set<number>> {
  const rows = await q.all<{ nonce: bigint | number }>(
    "SELECT nonce FROM chain_payouts WHERE chain = ? AND status IN ('signed', 'sent') AND nonce IS NOT NULL",
    [chain],
  );
  return new Set(rows.map((r) => Number(r.nonce)));
}

/** A payout moves from one status to the next; false when another signer moved it first. */
export async function movePayout(
  q: Queryable,
  id: number,
  from: string,
  to: string,
  set: Partial<Record<'nonce' | 'tx_hash' | 'raw_tx' | 'block_number' | 'gas_cost' | 'error', string | number | null>>,
): Promise<boolean> {
  const cols = Object.keys(set);
  return (
    (await q.run(
      `UPDATE chain_payouts SET status = ?, updated_at = ?${cols.map((c) => `, ${c} = ?`).join('')}
       WHERE withdrawal_id = ? AND status = ?`,
      [to, Date.now(), ...cols.map((c) => set[c as keyof typeof set] ?? null), id, from],
    )) === 1
  );
}

/** Why a queued payout waits (the hot wallet or the gas budget is short), for the console; null once it goes. */
export const notePayout = (q: Queryable, id: number, error: string | null) =>
  q.run("UPDATE chain_payouts SET error = ? WHERE withdrawal_id = ? AND status = 'queued'", [error, id]);

/** The gas budget of a native coin in ledger units (account 110's available balance). */
export async function gasBudget(q: Queryable, coin: string): Promise<bigint> {
  const r = await q.get<{ available: bigint | number }>(
    'SELECT available FROM accounts WHERE owner_id IS NULL AND type = ? AND asset = ?',
    [CHAIN_GAS_ACCOUNT, coin],
  );
  return BigInt(r?.available ?? 0);
}

/**
 * Gas not yet booked to the ledger on a chain, in chain units: settled rows are in account 110's balance already;
 * the others hold their actual cost once mined, and their most (gas limit × max fee) while in flight.
 */
export async function unsettledGas(q: Queryable, chain: string): Promise<bigint> {
  const rows = await q.all<{ gas_cost: string }>(
    `SELECT gas_cost FROM chain_payouts WHERE chain = ? AND settled = 0 AND gas_cost IS NOT NULL
     UNION ALL SELECT gas_cost FROM chain_sweeps WHERE chain = ? AND settled = 0 AND gas_cost IS NOT NULL`,
    [chain, chain],
  );
  return rows.reduce((s, r) => s + BigInt(r.gas_cost), 0n);
}

export interface SweepRow {
  id: bigint | number;
  chain: string;
  address: string;
  coin: string;
  raw_amount: string;
  status: string;
  topup_tx: string | null;
  tx_hash: string | null;
  gas_cost: string | null;
}

/** Deposit addresses with credited deposits of a coin on a chain and no sweep of theirs in flight. */
export const sweepCandidates = (q: Queryable, chain: string) =>
  q.all<{ idx: bigint | number; address: string; coin: string }>(
    `SELECT DISTINCT a.idx, a.address, d.coin FROM chain_deposits d
     JOIN deposit_addresses a ON a.scheme = 'evm' AND a.address = d.address
     WHERE d.chain = ? AND d.status = 'credited'
       AND NOT EXISTS (SELECT 1 FROM chain_sweeps s WHERE s.chain = d.chain AND s.address = d.address
                       AND s.status NOT IN ('confirmed', 'failed'))
     ORDER BY a.idx, d.coin`,
    [chain],
  );

export const addressIndex = async (q: Queryable, address: string): Promise<number> =>
  Number(
    (await q.get<{ idx: bigint | number }>("SELECT idx FROM deposit_addresses WHERE scheme = 'evm' AND address = ?", [
      address,
    ]))!.idx,
  );

export const sweepsIn = (q: Queryable, chain: string, status: string) =>
  q.all<SweepRow>('SELECT * FROM chain_sweeps WHERE chain = ? AND status = ? ORDER BY id', [chain, status]);

export async function insertSweep(
  q: Queryable,
  s: { chain: string; address: string; coin: string; rawAmount: bigint; status: string } & Partial<
    Record<'topup_tx' | 'tx_hash' | 'gas_cost', string>
  >,
): Promise<number> {
  const now = Date.now();
  const row = await q.get<{ id: bigint | number }>(
    `INSERT INTO chain_sweeps (chain, address, coin, raw_amount, status, topup_tx, tx_hash, gas_cost, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [
      s.chain,
      s.address,
      s.coin,
      s.rawAmount.toString(),
      s.status,
      s.topup_tx ?? null,
      s.tx_hash ?? null,
      s.gas_cost ?? null,
      now,
      now,
    ],
  );
  return Number(row!.id);
}

export async function moveSweep(
  q: Queryable,
  id: number,
  from: string,
  to: string,
  set: Partial<Record<'raw_amount' | 'tx_hash' | 'gas_cost' | 'error', string | null>>,
): Promise<boolean> {
  const cols = Object.keys(set);
  return (
    (await q.run(
      `UPDATE chain_sweeps SET status = ?, updated_at = ?${cols.map((c) => `, ${c} = ?`).join('')}
       WHERE id = ? AND status = ?`,
      [to, Date.now(), ...cols.map((c) => set[c as keyof typeof set] ?? null), id, from],
    )) === 1
  );
}
