/** The trailing stops' table (migration 37): the projection of the core's trailing stops, and their history. */
import { writeRows } from '../storage/bulk.ts';
import { num, type Queryable } from '../storage/db.ts';
import type { TrailingRow } from './perp-state.ts';

const big = (v: unknown) => (v === null || v === undefined ? null : BigInt(v as bigint));

function toTrailing(r: Record<string, unknown>): TrailingRow {
  return {
    id: num(r.id),
    userId: num(r.user_id),
    symbol: String(r.symbol),
    side: r.side as TrailingRow['side'],
    quantity: big(r.quantity)!,
    callbackBps: num(r.callback_bps),
    activation: big(r.activation_price),
    by: r.trigger_by as TrailingRow['by'],
    best: big(r.best_price),
    status: r.status as TrailingRow['status'],
    orderId: r.order_id === null || r.order_id === undefined ? null : num(r.order_id),
    createdAt: num(r.created_at),
    updatedAt: num(r.updated_at),
  };
}

export async function activeTrailing(q: Queryable): Promise<TrailingRow[]> {
  return (await q.all("SELECT * FROM perp_trailing WHERE status = 'active' ORDER BY id")).map(toTrailing);
}

/** The highest trailing stop id: they are numbered with the orders, which go on after both. */
export async function lastTrailingId(q: Queryable): Promise<number> {
  return num((await q.get<{ m: unknown }>('SELECT COALESCE(MAX(id), 0) AS m FROM perp_trailing'))!.m);
}

/** A user's trailing stops, active ones first, then the latest ended ones. */
export async function userTrailing(q: Queryable, userId: number, symbol?: string): Promise<TrailingRow[]> {
  const rows = await q.all(
    `SELECT * FROM perp_trailing WHERE user_id = ?${symbol ? ' AND symbol = ?' : ''} ORDER BY CASE status WHEN 'active' THEN 0 ELSE 1 END, id DESC LIMIT 100`,
    symbol ? [userId, symbol] : [userId],
  );
  return rows.map(toTrailing);
}

export async function findTrailing(q: Queryable, id: number): Promise<TrailingRow | undefined> {
  const r = await q.get('SELECT * FROM perp_trailing WHERE id = ?', [id]);
  return r ? toTrailing(r) : undefined;
}

/** The last state of each trailing stop several batches changed. */
export async function writeTrailingRows(q: Queryable, rows: readonly TrailingRow[]): Promise<void> {
  const last = new Map<number, TrailingRow>();
  for (const t of rows) last.set(t.id, t);
  await writeRows(
    q,
    {
      head: 'INSERT INTO perp_trailing (id, user_id, symbol, side, quantity, callback_bps, activation_price, trigger_by, best_price, status, order_id, created_at, updated_at)',
      tail: 'ON CONFLICT (id) DO UPDATE SET best_price = excluded.best_price, status = excluded.status, order_id = excluded.order_id, updated_at = excluded.updated_at',
    },
    [...last.values()].map((t) => [
      t.id,
      t.userId,
      t.symbol,
      t.side,
      t.quantity,
      t.callbackBps,
      t.activation,
      t.by,
      t.best,
      t.status,
      t.orderId,
      t.createdAt,
      t.updatedAt,
    ]),
  );
}
