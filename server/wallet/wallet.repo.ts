import type { Queryable, Row } from '../storage/db.ts';
import { pageOf, type PageRequest } from '../storage/paging.ts';

/** The wallet's SQL: networks, deposit and withdrawal requests, transfers and the bills (ledger lines) users read. */

interface NetworkRow {
  coin: string;
  network: string;
  withdraw_fee: bigint;
  withdraw_min: bigint;
}

export function depositNetworks(q: Queryable, coin?: string): Promise<NetworkRow[]> {
  return q.all<NetworkRow>(
    `SELECT coin, network, withdraw_fee, withdraw_min FROM wallet_networks WHERE deposit_enabled = 1${coin ? ' AND coin = ?' : ''} ORDER BY sort, coin, network`,
    coin ? [coin] : [],
  );
}

/** The named network of a coin, or its first one. */
export function findNetwork(q: Queryable, coin: string, network: string | undefined): Promise<NetworkRow | undefined> {
  return q.get<NetworkRow>(
    `SELECT coin, network, withdraw_fee, withdraw_min FROM wallet_networks WHERE coin = ?${network ? ' AND network = ?' : ''} ORDER BY sort LIMIT 1`,
    network ? [coin, network.toUpperCase()] : [coin],
  );
}

export function findActiveAsset(
  q: Queryable,
  code: string,
): Promise<{ code: string; name: string; display_decimals: bigint } | undefined> {
  return q.get("SELECT code, name, display_decimals FROM assets WHERE code = ? AND status = 'active'", [code]);
}

export function activeAssets(q: Queryable): Promise<Array<{ code: string; name: string; display_decimals: bigint }>> {
  return q.all("SELECT code, name, display_decimals FROM assets WHERE status = 'active' ORDER BY sort, code");
}

export async function insertTransfer(
  q: Queryable,
  t: { userId: number; coin: string; from: number; to: number; amount: bigint; at: number },
): Promise<number> {
  const row = await q.get<{ id: bigint }>(
    'INSERT INTO transfers (user_id, coin, from_type, to_type, amount, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id',
    [t.userId, t.coin, t.from, t.to, t.amount, t.at],
  );
  return Number(row!.id);
}

/**
 * A withdrawal's transaction on chain, when it has one (server/chain/payouts): the payout row and its chain's names,
 * as `payout_*` columns beside the request's own (toWithdrawal reads them).
 */
const PAYOUT_COLUMNS = `p.chain AS payout_chain, p.status AS payout_status, p.tx_hash AS payout_tx,
  p.error AS payout_error, c.name AS payout_chain_name, c.chain_id AS payout_chain_id, c.demo AS payout_demo,
  c.confirmations AS payout_confirmations, c.explorer_tx AS payout_explorer`;
const PAYOUT_JOIN = 'LEFT JOIN chain_payouts p ON p.withdrawal_id = r.id LEFT JOIN chains c ON c.key = p.chain';
const joined = (table: string) =>
  table === 'withdrawals'
    ? { cols: `, ${PAYOUT_COLUMNS}`, join: PAYOUT_JOIN }
    : {
        cols: '',
        join: '',
      };

/** A page of one user's rows of a table (transfers, recharges, withdrawals), newest first, optionally of one coin. */
export function userRows(
  q: Queryable,
  table: 'transfers' | 'recharges' | 'withdrawals',
  userId: number,
  page: PageRequest,
  coin?: string,
) {
  const { cols, join } = joined(table);
  return pageOf<Row>(
    q,
    {
      select: `r.*${cols}`,
      from: `FROM ${table} r ${join} WHERE r.user_id = ?${coin ? ' AND r.coin = ?' : ''}`,
      order: 'r.id DESC',
      params: coin ? [userId, coin] : [userId],
    },
    page,
  );
}

/**
 * Moves a request out of review: the conditional update decides it once, so a second decision (or a race) finds
 * nothing and gets undefined. `exists` then tells the two refusals apart.
 */
export async function decideRequest(
  q: Queryable,
  table: 'recharges' | 'withdrawals',
  d: { id: number; status: 'passed' | 'failed'; reason: string | null; operatorId: number; at: number },
): Promise<Row | undefined> {
  return q.get<Row>(
    `UPDATE ${table} SET status = ?, reason = ?, reviewer_id = ?, reviewed_at = ? WHERE id = ? AND status = 'review' RETURNING *`,
    [d.status, d.reason, d.operatorId, d.at, d.id],
  );
}

export async function requestExists(q: Queryable, table: 'recharges' | 'withdrawals', id: number): Promise<boolean> {
  return (await q.get(`SELECT id FROM ${table} WHERE id = ?`, [id])) !== undefined;
}

/** Requests in one status with the user's name: the review queue oldest first, decided ones newest first. */
export function queueRows(q: Queryable, table: 'recharges' | 'withdrawals', status: string, page: PageRequest) {
  const { cols, join } = joined(table);
  return pageOf<Row>(
    q,
    {
      select: `r.*, COALESCE(u.username, u.email, u.phone) AS username${cols}`,
      from: `FROM ${table} r JOIN users u ON u.id = r.user_id ${join} WHERE r.status = ?`,
      order: `r.id ${status === 'review' ? 'ASC' : 'DESC'}`,
      params: [status],
    },
    page,
  );
}

export async function uploadOwner(q: Queryable, uploadId: string): Promise<number | undefined> {
  const row = await q.get<{ owner_id: bigint }>('SELECT owner_id FROM uploads WHERE id = ?', [uploadId]);
  return row ? Number(row.owner_id) : undefined;
}

export async function insertRecharge(
  q: Queryable,
  r: {
    orderNo: string;
    userId: number;
    coin: string;
    network: string;
    address: string;
    amount: bigint;
    screenshot: string;
    at: number;
  },
): Promise<Row> {
  return (await q.get<Row>(
    'INSERT INTO recharges (order_no, user_id, coin, network, address, amount, screenshot, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *',
    [r.orderNo, r.userId, r.coin, r.network, r.address, r.amount, r.screenshot, 'review', r.at],
  ))!;
}

export async function insertWithdrawal(
  q: Queryable,
  w: {
    orderNo: string;
    userId: number;
    coin: string;
    method: string;
    network: string | null;
    address: string;
    amount: bigint;
    fee: bigint;
    at: number;
  },
): Promise<Row> {
  return (await q.get<Row>(
    'INSERT INTO withdrawals (order_no, user_id, coin, method, network, address, amount, fee, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *',
    [w.orderNo, w.userId, w.coin, w.method, w.network, w.address, w.amount, w.fee, 'review', w.at],
  ))!;
}

export function findWithdrawal(q: Queryable, id: number): Promise<Row | undefined> {
  return q.get<Row>(`SELECT r.*, ${PAYOUT_COLUMNS} FROM withdrawals r ${PAYOUT_JOIN} WHERE r.id = ?`, [id]);
}

/** A page of a user's ledger lines with their account type, newest first, filtered by coin, account type, bill type. */
export function billRows(
  q: Queryable,
  userId: number,
  f: PageRequest & { coin?: string; type: number; billType?: string },
) {
  const where = ['e.owner_id = ?'];
  const params: Array<string | number> = [userId];
  if (f.coin) where.push('e.asset = ?'), params.push(f.coin);
  if (f.type) where.push('a.type = ?'), params.push(f.type);
  if (f.billType) where.push('e.bill_type = ?'), params.push(f.billType);
  return pageOf<Row>(
    q,
    {
      select: 'e.*, a.type AS account_type',
      from: `FROM ledger_entries e JOIN accounts a ON a.id = e.account_id WHERE ${where.join(' AND ')}`,
      order: 'e.id DESC',
      params,
    },
    f,
  );
}

/**
 * Withdrawals whose amount and fee are held: under review until an operator decides, and approved ones on a chain
 * until their payout is settled (confirmed: spent; failed: returned; server/chain/payouts).
 */
export async function withdrawalsInReview(
  q: Queryable,
): Promise<Array<{ id: number; userId: number; coin: string; held: bigint }>> {
  const rows = await q.all<{ id: bigint; user_id: bigint; coin: string; amount: bigint; fee: bigint }>(
    `SELECT id, user_id, coin, amount, fee FROM withdrawals w WHERE status = 'review'
       OR EXISTS (SELECT 1 FROM chain_payouts p WHERE p.withdrawal_id = w.id AND p.settled = 0) ORDER BY id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    userId: Number(r.user_id),
    coin: r.coin,
    held: BigInt(r.amount) + BigInt(r.fee),
  }));
}
