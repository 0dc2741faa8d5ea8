import { randomUUID } from 'node:crypto';
import { fail } from '../http/errors.ts';
import { num, type Queryable, type SqlValue } from '../storage/db.ts';
import { ACCOUNT, isPlatformAccount, type AccountType, type BillType } from './account-types.ts';
import { accountKey, pendingOf } from './pending.ts';

/** One line of a ledger transaction: how an account's available and frozen amounts change. */
export interface Posting {
  /** The user, or null for a platform account. */
  owner: number | null;
  type: AccountType;
  asset: string;
  available?: bigint;
  frozen?: bigint;
  /** A different bill type for this line than the transaction's (a fee line inside a trade). */
  billType?: BillType;
}

export interface PostingMeta {
  billType: BillType;
  /** What caused it: 'order' / '123', 'deposit' / '45', … */
  refType: string;
  refId: string | number;
}

export interface Balance {
  available: bigint;
  frozen: bigint;
}

/**
 * Account ids never change once made, so each process remembers them: a posting then costs one UPDATE and one
 * INSERT. An account created in a transaction that later rolled back is gone while its id is remembered; a
 * posting whose update finds nothing therefore looks the id up afresh once before it refuses.
 */
const accountIdsByDb = new WeakMap<object, Map<string, number>>();
function idsOf(q: Queryable): Map<string, number> {
  let ids = accountIdsByDb.get(q.scope);
  if (!ids) accountIdsByDb.set(q.scope, (ids = new Map()));
  return ids;
}

/** Drops the remembered ids of a database, after a transaction that may have created accounts rolled back. */
export function forgetAccountIds(scope: object): void {
  accountIdsByDb.delete(scope);
}

/** The account row for (owner, type, asset), created empty on first use. */
export async function accountId(q: Queryable, owner: number | null, type: AccountType, asset: string, now: number): Promise<number> {
  const key = accountKey(owner, type, asset);
  const known = idsOf(q).get(key);
  if (known !== undefined) return known;
  const id = await findOrCreateAccount(q, owner, type, asset, now);
  idsOf(q).set(key, id);
  return id;
}

async function findOrCreateAccount(q: Queryable, owner: number | null, type: AccountType, asset: string, now: number): Promise<number> {
  const find = () =>
    q.get<{ id: bigint }>('SELECT id FROM accounts WHERE COALESCE(owner_id, 0) = ? AND type = ? AND asset = ?', [owner ?? 0, type, asset]);
  let row = await find();
  if (!row) {
    // Two transactions may create it together: the loser's insert does nothing and both read the same row.
    await q.run('INSERT INTO accounts (owner_id, type, asset, available, frozen, updated_at) VALUES (?, ?, ?, 0, 0, ?) ON CONFLICT DO NOTHING', [owner, type, asset, now]);
    row = await find();
  }
  return num(row!.id);
}

const min0 = (v: bigint) => (v < 0n ? v : 0n);

/** Refuses a ledger transaction whose lines do not sum to zero per asset, or whose owners and types disagree. */
export function assertBalanced(postings: readonly Posting[]): void {
  const sums = new Map<string, bigint>();
  for (const p of postings) {
    if ((p.owner === null) !== isPlatformAccount(p.type)) throw new Error(`account type ${p.type} and owner ${p.owner} do not go together`);
    sums.set(p.asset, (sums.get(p.asset) ?? 0n) + (p.available ?? 0n) + (p.frozen ?? 0n));
  }
  for (const [asset, sum] of sums) if (sum !== 0n) throw new Error(`unbalanced ledger transaction: ${asset} is off by ${sum}`);
}

/**
 * Writes one balanced ledger transaction inside the caller's database transaction: for every asset the deltas
 * sum to zero, no user or platform balance may go below zero (the conditional update refuses, and the caller's
 * transaction rolls back), and every line is kept with the balances after it. Returns the transaction id.
 */
export async function post(q: Queryable, postings: Posting[], meta: PostingMeta): Promise<string> {
  assertBalanced(postings);

  const txId = randomUUID();
  const now = Date.now();
  const entries: SqlValue[][] = [];
  for (const p of postings) {
    const da = p.available ?? 0n;
    const df = p.frozen ?? 0n;
    if (da === 0n && df === 0n) continue;
    // The row must still be the account the id was remembered for (SQLite reuses an id a rollback freed).
    const update = (accountRow: number) =>
      q.get<{ available: bigint; frozen: bigint }>(
        `UPDATE accounts SET available = available + ?, frozen = frozen + ?, updated_at = ?
         WHERE id = ? AND COALESCE(owner_id, 0) = ? AND type = ? AND asset = ? AND (type = 102 OR (available + ? >= 0 AND frozen + ? >= 0))
         RETURNING available, frozen`,
        [da, df, now, accountRow, p.owner ?? 0, p.type, p.asset, da, df],
      );
    let id = await accountId(q, p.owner, p.type, p.asset, now);
    let row = await update(id);
    if (!row) {
      idsOf(q).delete(accountKey(p.owner, p.type, p.asset));
      id = await accountId(q, p.owner, p.type, p.asset, now);
      row = await update(id);
    }
    if (!row) fail('insufficientBalance');
    // Checked after the update, which holds the row: whatever the journal committed before it is in `pending`.
    const pending = p.type === ACCOUNT.external ? undefined : pendingOf(q.scope, accountKey(p.owner, p.type, p.asset));
    if (pending && (BigInt(row.available) + min0(pending.available) < 0n || BigInt(row.frozen) + min0(pending.frozen) < 0n)) fail('insufficientBalance');
    entries.push([txId, id, p.owner, p.asset, da, df, BigInt(row.available), BigInt(row.frozen), p.billType ?? meta.billType, meta.refType, String(meta.refId), now]);
  }
  // All lines of the transaction in one statement: a trade's six lines cost one round trip, not six.
  if (entries.length) {
    await q.run(
      `INSERT INTO ledger_entries (tx_id, account_id, owner_id, asset, delta_available, delta_frozen, available_after, frozen_after, bill_type, ref_type, ref_id, created_at)
       VALUES ${entries.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
      entries.flat(),
    );
  }
  return txId;
}

/** One account's balance (zero when it has never been used). */
export async function balanceOf(q: Queryable, owner: number | null, type: AccountType, asset: string): Promise<Balance> {
  const row = await q.get<{ available: bigint; frozen: bigint }>(
    'SELECT available, frozen FROM accounts WHERE COALESCE(owner_id, 0) = ? AND type = ? AND asset = ?',
    [owner ?? 0, type, asset],
  );
  return { available: row ? BigInt(row.available) : 0n, frozen: row ? BigInt(row.frozen) : 0n };
}

/** Every balance of a user, per account type and asset. */
export async function balancesOf(q: Queryable, owner: number): Promise<Array<{ type: number; asset: string } & Balance>> {
  const rows = await q.all<{ type: bigint; asset: string; available: bigint; frozen: bigint }>(
    'SELECT type, asset, available, frozen FROM accounts WHERE owner_id = ? ORDER BY type, asset',
    [owner],
  );
  return rows.map((r) => ({ type: num(r.type), asset: r.asset, available: BigInt(r.available), frozen: BigInt(r.frozen) }));
}

/**
 * The ledger's invariants, for tests and an operator health check: per asset all accounts sum to zero, every
 * account equals the sum of its entries, and no user or platform balance is negative. Returns the problems found.
 */
export async function auditLedger(q: Queryable): Promise<string[]> {
  const problems: string[] = [];
  for (const r of await q.all<{ asset: string; total: bigint }>('SELECT asset, SUM(available + frozen) AS total FROM accounts GROUP BY asset')) {
    if (BigInt(r.total ?? 0) !== 0n) problems.push(`${r.asset}: accounts sum to ${r.total}, not 0`);
  }
  const drift = await q.all<{ id: bigint }>(
    `SELECT a.id FROM accounts a LEFT JOIN (SELECT account_id, SUM(delta_available) AS da, SUM(delta_frozen) AS df FROM ledger_entries GROUP BY account_id) e
     ON e.account_id = a.id WHERE a.available <> COALESCE(e.da, 0) OR a.frozen <> COALESCE(e.df, 0)`,
  );
  for (const r of drift) problems.push(`account ${r.id} differs from its entries`);
  const negative = await q.all<{ id: bigint }>('SELECT id FROM accounts WHERE type <> 102 AND (available < 0 OR frozen < 0)');
  for (const r of negative) problems.push(`account ${r.id} is negative`);
  return problems;
}
