import type { Direction, SecondsStatus } from '../../isomorphic/contract/seconds.ts';
import { writeRows } from '../storage/bulk.ts';
import { num, type Queryable } from '../storage/db.ts';
import { pageOf, type PageRequest } from '../storage/paging.ts';

/** A second-contract order with its amounts as bigints (stake, profit at 8 decimals; prices at the market's scale). */
export interface SecondsOrderRow {
  id: number;
  userId: number;
  symbol: string;
  periodId: number;
  seconds: number;
  direction: Direction;
  asset: string;
  stake: bigint;
  profitBps: number;
  lossBps: number;
  openPrice: bigint;
  openPeriod: number;
  expiresAt: number;
  clientKey: string | null;
  status: SecondsStatus;
  closePrice: bigint | null;
  closePeriod: number | null;
  profit: bigint;
  reason: string | null;
  createdAt: number;
  settledAt: number | null;
}

const big = (v: unknown) => (v === null || v === undefined ? null : BigInt(v as bigint));

function toRow(r: Record<string, unknown>): SecondsOrderRow {
  return {
    id: num(r.id),
    userId: num(r.user_id),
    symbol: String(r.symbol),
    periodId: num(r.period_id),
    seconds: num(r.seconds),
    direction: r.direction as Direction,
    asset: String(r.asset),
    stake: BigInt(r.stake as bigint),
    profitBps: num(r.profit_bps),
    lossBps: num(r.loss_bps),
    openPrice: BigInt(r.open_price as bigint),
    openPeriod: num(r.open_period),
    expiresAt: num(r.expires_at),
    clientKey: (r.client_key as string | null) ?? null,
    status: r.status as SecondsStatus,
    closePrice: big(r.close_price),
    closePeriod: r.close_period === null || r.close_period === undefined ? null : num(r.close_period),
    profit: BigInt(r.profit as bigint),
    reason: (r.reason as string | null) ?? null,
    createdAt: num(r.created_at),
    settledAt: r.settled_at === null || r.settled_at === undefined ? null : num(r.settled_at),
  };
}

const UPSERT = {
  head: `INSERT INTO seconds_orders (id, user_id, symbol, period_id, seconds, direction, asset, stake, profit_bps, loss_bps, open_price,
         open_period, expires_at, client_key, status, close_price, close_period, profit, reason, created_at, settled_at)`,
  tail: `ON CONFLICT (id) DO UPDATE SET status = excluded.status, close_price = excluded.close_price, close_period = excluded.close_period,
         profit = excluded.profit, reason = excluded.reason, settled_at = excluded.settled_at`,
};

/** Writes orders as they now stand, new or settled. */
export async function upsertSecondsOrders(q: Queryable, rows: Iterable<SecondsOrderRow>): Promise<void> {
  await writeRows(
    q,
    UPSERT,
    [...rows].map((o) => [
      o.id,
      o.userId,
      o.symbol,
      o.periodId,
      o.seconds,
      o.direction,
      o.asset,
      o.stake,
      o.profitBps,
      o.lossBps,
      o.openPrice,
      o.openPeriod,
      o.expiresAt,
      o.clientKey,
      o.status,
      o.closePrice,
      o.closePeriod,
      o.profit,
      o.reason,
      o.createdAt,
      o.settledAt,
    ]),
  );
}

export async function lastSecondsId(q: Queryable): Promise<number> {
  return num((await q.get<{ id: unknown }>('SELECT MAX(id) AS id FROM seconds_orders'))?.id);
}

/** Orders still counting down or waiting for their price: what a restart rebuilds the open set from. */
export async function openSecondsOrders(q: Queryable): Promise<SecondsOrderRow[]> {
  return (await q.all("SELECT * FROM seconds_orders WHERE status = 'open' ORDER BY id")).map(toRow);
}

/** Orders opened with a client key since `since`, oldest first: a repeated submission answers the first of them. */
export async function keyedSecondsOrders(q: Queryable, since: number): Promise<SecondsOrderRow[]> {
  return (
    await q.all('SELECT * FROM seconds_orders WHERE client_key IS NOT NULL AND created_at >= ? ORDER BY id', [since])
  ).map(toRow);
}

export async function findSecondsOrder(q: Queryable, id: number): Promise<SecondsOrderRow | undefined> {
  const row = await q.get('SELECT * FROM seconds_orders WHERE id = ?', [id]);
  return row ? toRow(row) : undefined;
}

export async function userSecondsOrders(
  q: Queryable,
  userId: number,
  state: 'open' | 'history',
  symbol: string | undefined,
  page: PageRequest,
) {
  const params: unknown[] = [userId];
  let where = `WHERE user_id = ? AND status ${state === 'open' ? "= 'open'" : "<> 'open'"}`;
  if (symbol) {
    where += ' AND symbol = ?';
    params.push(symbol);
  }
  const res = await pageOf<Record<string, unknown>>(
    q,
    { select: '*', from: `FROM seconds_orders ${where}`, order: 'id DESC', params: params as never },
    page,
  );
  return { total: res.total, rows: res.rows.map(toRow) };
}

/** Settled orders, newest first, optionally of one symbol and before an id (the public list). */
export async function settledSecondsOrders(
  q: Queryable,
  symbol: string | undefined,
  before: number | undefined,
  size: number,
): Promise<SecondsOrderRow[]> {
  const params: unknown[] = [before ?? Number.MAX_SAFE_INTEGER];
  let where = "WHERE status <> 'open' AND id < ?";
  if (symbol) {
    where += ' AND symbol = ?';
    params.push(symbol);
  }
  return (
    await q.all(`SELECT * FROM seconds_orders ${where} ORDER BY id DESC LIMIT ?`, [...params, size] as never)
  ).map(toRow);
}
