import { num, type Queryable } from '../storage/db.ts';
import { accountKey, type AccountType, type BillType } from './account-types.ts';

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
 * Account ids never change once made, so each process remembers them for the projector (server/core). An account
 * created in a transaction that later rolled back is gone while its id is remembered: the projector forgets
 * them all when its transaction fails.
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
export async function accountId(
  q: Queryable,
  owner: number | null,
  type: AccountType,
  asset: string,
  now: number,
): Promise<number> {
  const key = accountKey(owner, type, asset);
  const known = idsOf(q).get(key);
  if (known !== undefined) return known;
  const id = await findOrCreateAccount(q, owner, type, asset, now);
  idsOf(q).set(key, id);
  return id;
}

async function findOrCreateAccount(
  q: Queryable,
  owner: number | null,
  type: AccountType,
  asset: string,
  now: number,
): Promise<number> {
  const find = () =>
    q.get<{ id: bigint }>('SELECT id FROM accounts WHERE COALESCE(owner_id, 0) = ? AND type = ? AND asset = ?', [
      owner ?? 0,
      type,
      asset,
    ]);
  let row = await find();
  if (!row) {
    // Two transactions may create it together: the loser's insert does nothing and both read the same row.
    await q.run(
      'INSERT INTO accounts (owner_id, type, asset, available, frozen, updated_at) VALUES (?, ?, ?, 0, 0, ?) ON CONFLICT DO NOTHING',
      [owner, type, asset, now],
    );
    row = await find();
  }
  return num(row!.id);
}

/** One account's balance (zero when it has never been used). */
export async function balanceOf(
  q: Queryable,
  owner: number | null,
  type: AccountType,
  asset: string,
): Promise<Balance> {
  const row = await q.get<{ available: bigint; frozen: bigint }>(
    'SELECT available, frozen FROM accounts WHERE COALESCE(owner_id, 0) = ? AND type = ? AND asset = ?',
    [owner ?? 0, type, asset],
  );
  return { available: row ? BigInt(row.available) : 0n, frozen: row ? BigInt(row.frozen) : 0n };
}

/** Every balance of a user, per account type and asset. */
export async function balancesOf(
  q: Queryable,
  owner: number,
): Promise<Array<{ type: number; asset: string } & Balance>> {
  const rows = await q.all<{ type: bigint; asset: string; available: bigint; frozen: bigint }>(
    'SELECT type, asset, available, frozen FROM accounts WHERE owner_id = ? ORDER BY type, asset',
    [owner],
  );
  return rows.map((r) => ({
    type: num(r.type),
    asset: r.asset,
    available: BigInt(r.available),
    frozen: BigInt(r.frozen),
  }));
}

/**
 * The ledger's invariants, for tests and an operator health check: per asset all accounts sum to zero, every
 * account equals the sum of its entries, and no user or platform balance is negative (but the external world and the
 * perpetual clearing account, which may be). Returns the problems found.
 */
export async function auditLedger(q: Queryable): Promise<string[]> {
  const problems: string[] = [];
  for (const r of await q.all<{ asset: string; total: bigint }>(
    'SELECT asset, SUM(available + frozen) AS total FROM accounts GROUP BY asset',
  )) {
    if (BigInt(r.total ?? 0) !== 0n) problems.push(`${r.asset}: accounts sum to ${r.total}, not 0`);
  }
  const drift = await q.all<{ id: bigint }>(
    `SELECT a.id FROM accounts a LEFT JOIN (SELECT account_id, SUM(delta_available) AS da, SUM(delta_frozen) AS df FROM ledger_entries GROUP BY account_id) e
     ON e.account_id = a.id WHERE a.available <> COALESCE(e.da, 0) OR a.frozen <> COALESCE(e.df, 0)`,
  );
  for (const r of drift) problems.push(`account ${r.id} differs from its entries`);
  const negative = await q.all<{ id: bigint }>(
    'SELECT id FROM accounts WHERE type NOT IN (102, 106) AND (available < 0 OR frozen < 0)',
  );
  for (const r of negative) problems.push(`account ${r.id} is negative`);
  return problems;
}
