import type { Queryable } from '../../storage/db.ts';
import { pageOf, type PageRequest } from '../../storage/paging.ts';

/**
 * The deposit watcher's SQL (server/chain/chain.migration.ts): each chain's cursor and recent block hashes, the
 * deposits seen, and users' EVM deposit addresses. Deposits are keyed by (chain, tx hash, log index); every status
 * change is a conditional update, so two watchers or a replay change a row once.
 */
export interface DepositRow {
  id: bigint | number;
  chain: string;
  tx_hash: string;
  log_index: bigint | number;
  block_number: bigint | number;
  block_hash: string;
  user_id: bigint | number;
  address: string;
  coin: string;
  raw_amount: string;
  amount: bigint | number;
  status: string;
  created_at: bigint | number;
  final_at: bigint | number | null;
}

export interface Cursor {
  genesis: string;
  number: number;
  hash: string;
}

export async function cursorOf(q: Queryable, chain: string): Promise<Cursor | undefined> {
  const r = await q.get<{ genesis: string; number: bigint | number; hash: string }>(
    'SELECT genesis, number, hash FROM chain_cursors WHERE chain = ?',
    [chain],
  );
  return r && { genesis: r.genesis, number: Number(r.number), hash: r.hash };
}

/**
 * Starts a chain's view over at `c` (its first watch, or a new chain behind the key): false when the stored cursor
 * already has this genesis (another watcher started it over first).
 */
export async function resetCursor(q: Queryable, chain: string, c: Cursor, at: number): Promise<boolean> {
  return (
    (await q.run(
      `INSERT INTO chain_cursors (chain, genesis, number, hash, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (chain) DO UPDATE SET genesis = excluded.genesis, number = excluded.number, hash = excluded.hash,
         updated_at = excluded.updated_at
       WHERE chain_cursors.genesis <> excluded.genesis`,
      [chain, c.genesis, c.number, c.hash, at],
    )) === 1
  );
}

/** Moves the cursor from where this watcher read it; false when another watcher moved it first. */
export async function moveCursor(
  q: Queryable,
  chain: string,
  from: Cursor,
  to: { number: number; hash: string },
  at: number,
): Promise<boolean> {
  return (
    (await q.run(
      'UPDATE chain_cursors SET number = ?, hash = ?, updated_at = ? WHERE chain = ? AND genesis = ? AND number = ? AND hash = ?',
      [to.number, to.hash, at, chain, from.genesis, from.number, from.hash],
    )) === 1
  );
}

/** The stored hashes of blocks from `below` down, newest first (the walk back to a common ancestor). */
export const storedBlocks = (q: Queryable, chain: string, below: number, limit: number) =>
  q.all<{ number: bigint | number; hash: string }>(
    'SELECT number, hash FROM chain_blocks WHERE chain = ? AND number <= ? ORDER BY number DESC LIMIT ?',
    [chain, below, limit],
  );

export async function putBlocks(q: Queryable, chain: string, blocks: ReadonlyArray<{ number: number; hash: string }>) {
  for (const b of blocks)
    await q.run(
      'INSERT INTO chain_blocks (chain, number, hash) VALUES (?, ?, ?) ON CONFLICT (chain, number) DO UPDATE SET hash = excluded.hash',
      [chain, b.number, b.hash],
    );
}

/** Forgets blocks above `above` (orphaned by a reorg; -1: all) and below `below` (deeper than any reorg followed). */
export async function forgetBlocks(q: Queryable, chain: string, range: { above?: number; below?: number }) {
  if (range.above !== undefined)
    await q.run('DELETE FROM chain_blocks WHERE chain = ? AND number > ?', [chain, range.above]);
  if (range.below !== undefined)
    await q.run('DELETE FROM chain_blocks WHERE chain = ? AND number < ?', [chain, range.below]);
}

export interface NewDeposit {
  chain: string;
  txHash: string;
  logIndex: number;
  blockNumber: number;
  blockHash: string;
  userId: number;
  address: string;
  coin: string;
  raw: bigint;
  amount: bigint;
  status: 'pending' | 'dust';
  at: number;
}

/**
 * Records a deposit seen in a block: new, or one a reorg dropped whose transaction is back (pending again at its new
 * block). Answers the row when it changed (the user is told), nothing when it was known already: pending or credited
 * deposits are never touched again here.
 */
export const recordDeposit = (q: Queryable, d: NewDeposit) =>
  q.get<DepositRow>(
    `INSERT INTO chain_deposits
       (chain, tx_hash, log_index, block_number, block_hash, user_id, address, coin, raw_amount, amount, status, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (chain, tx_hash, log_index) DO UPDATE SET block_number = excluded.block_number,
       block_hash = excluded.block_hash, status = excluded.status
     WHERE chain_deposits.status = 'dropped'
     RETURNING *`,
    [
      d.chain,
      d.txHash,
      d.logIndex,
      d.blockNumber,
      d.blockHash,
      d.userId,
      d.address,
      d.coin,
      d.raw.toString(),
      d.amount,
      d.status,
      d.at,
    ],
  );

/** Pending and dust deposits in blocks above `number` (orphaned), now dropped; or on every block (a new chain). */
export const dropDeposits = (q: Queryable, chain: string, above = -1) =>
  q.all<DepositRow>(
    `UPDATE chain_deposits SET status = 'dropped'
     WHERE chain = ? AND status IN ('pending', 'dust') AND block_number > ? RETURNING *`,
    [chain, above],
  );

/** Credited deposits in blocks above `number`: a reorg deeper than finality took them out of the chain. */
export const creditedAbove = (q: Queryable, chain: string, above: number) =>
  q.all<DepositRow>(
    "SELECT * FROM chain_deposits WHERE chain = ? AND status = 'credited' AND block_number > ? ORDER BY id",
    [chain, above],
  );

export const pendingDeposits = (q: Queryable, chain: string) =>
  q.all<DepositRow>("SELECT * FROM chain_deposits WHERE chain = ? AND status = 'pending' ORDER BY block_number, id", [
    chain,
  ]);

/** pending → credited, only while it is still pending in that block: the one step that credits it, exactly once. */
export const markCredited = (q: Queryable, id: number, blockHash: string, at: number) =>
  q.get<DepositRow>(
    "UPDATE chain_deposits SET status = 'credited', final_at = ? WHERE id = ? AND status = 'pending' AND block_hash = ? RETURNING *",
    [at, id, blockHash],
  );

/** A user's own deposits, newest first. */
export function userDeposits(q: Queryable, userId: number, f: PageRequest & { coin?: string | undefined }) {
  const params: Array<string | number> = [userId];
  let where = 'user_id = ?';
  if (f.coin) (where += ' AND coin = ?'), params.push(f.coin);
  return pageOf<DepositRow>(
    q,
    { select: '*', from: `FROM chain_deposits WHERE ${where}`, order: 'id DESC', params },
    f,
  );
}

/** The stored block number each chain's view has reached (confirmations of listed deposits count to it). */
export const cursorNumbers = (q: Queryable) =>
  q.all<{ chain: string; number: bigint | number }>('SELECT chain, number FROM chain_cursors');

/**
 * EVM deposit addresses allocated after index `after`, in index order. Indexes are taken one after another (each
 * allocation reads the highest committed one), so reading past the highest seen never skips an address.
 */
export const evmAddressesAfter = (q: Queryable, after: number) =>
  q.all<{ idx: bigint | number; address: string; user_id: bigint | number }>(
    "SELECT idx, address, user_id FROM deposit_addresses WHERE scheme = 'evm' AND idx > ? ORDER BY idx",
    [after],
  );

/**
 * Of these value transfers, the gas top-ups the signer sent to deposit addresses before sweeping a token
 * (server/chain/signer/sweeps.ts records each one's hash before sending it): the platform's own coins, not deposits.
 */
export async function sweepTopups(q: Queryable, chain: string, txHashes: readonly string[]): Promise<Set<string>> {
  if (!txHashes.length) return new Set();
  const rows = await q.all<{ topup_tx: string }>(
    `SELECT topup_tx FROM chain_sweeps WHERE chain = ? AND topup_tx IN (${txHashes.map(() => '?').join(', ')})`,
    [chain, ...txHashes],
  );
  return new Set(rows.map((r) => r.topup_tx));
}
