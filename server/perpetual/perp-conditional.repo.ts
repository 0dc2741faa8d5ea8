/** The conditional orders' table (migration 42): the projection of the core's conditional orders, and their history. */
import { writeRows } from '../storage/bulk.ts';
import { num, type Queryable, type SqlValue } from '../storage/db.ts';
import type { PerpConditionalRow } from './perp-conditional.ts';

const big = (v: unknown) => BigInt(v as bigint);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : num(v));

function toConditional(r: Record<string, unknown>): PerpConditionalRow {
  return {
    id: num(r.id),
    userId: num(r.user_id),
    symbol: String(r.symbol),
    side: r.side as PerpConditionalRow['side'],
    type: r.type as PerpConditionalRow['type'],
    quantity: big(r.quantity),
    price: big(r.price),
    stopPrice: big(r.stop_price),
    by: r.trigger_by as PerpConditionalRow['by'],
    tif: r.tif as PerpConditionalRow['tif'],
    reduceOnly: Number(r.reduce_only) === 1,
    algo: Number(r.algo) === 1,
    clientId: String(r.client_id),
    status: r.status as PerpConditionalRow['status'],
    reason: r.reason === null || r.reason === undefined ? null : String(r.reason),
    orderId: numOrNull(r.order_id),
    triggeredAt: numOrNull(r.triggered_at),
    createdAt: num(r.created_at),
    updatedAt: num(r.updated_at),
  };
}

export async function activeConditionals(q: Queryable): Promise<PerpConditionalRow[]> {
  return (await q.all("SELECT * FROM perp_conditional WHERE status = 'active' ORDER BY id")).map(toConditional);
}

/** The highest conditional order id: they are numbered with the orders, which go on after all of them. */
export async function lastConditionalId(q: Queryable): Promise<number> {
  return num((await q.get<{ m: unknown }>('SELECT COALESCE(MAX(id), 0) AS m FROM perp_conditional'))!.m);
}

/** A user's conditional orders, newest first, from `fromId` on when given (Binance's allAlgoOrders). */
export async function userConditionals(
  q: Queryable,
  userId: number,
  o: { symbol?: string; fromId?: number; limit?: number } = {},
): Promise<PerpConditionalRow[]> {
  const where = ['user_id = ?'];
  const args: SqlValue[] = [userId];
  if (o.symbol) where.push('symbol = ?'), args.push(o.symbol);
  if (o.fromId !== undefined) where.push('id >= ?'), args.push(o.fromId);
  const rows = await q.all(
    `SELECT * FROM perp_conditional WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT ${Math.trunc(o.limit ?? 100)}`,
    args,
  );
  return rows.map(toConditional);
}

export async function findConditional(q: Queryable, id: number): Promise<PerpConditionalRow | undefined> {
  const r = await q.get('SELECT * FROM perp_conditional WHERE id = ?', [id]);
  return r ? toConditional(r) : undefined;
}

/** The last state of each conditional order several batches changed. */
export async function writeConditionalRows(q: Queryable, rows: readonly PerpConditionalRow[]): Promise<void> {
  const last = new Map<number, PerpConditionalRow>();
  for (const o of rows) last.set(o.id, o);
  if (!last.size) return;
  await writeRows(
    q,
    {
      head: 'INSERT INTO perp_conditional (id, user_id, symbol, side, type, quantity, price, stop_price, trigger_by, tif, reduce_only, algo, client_id, status, reason, order_id, triggered_at, created_at, updated_at)',
      tail: 'ON CONFLICT (id) DO UPDATE SET status = excluded.status, reason = excluded.reason, order_id = excluded.order_id, triggered_at = excluded.triggered_at, updated_at = excluded.updated_at',
    },
    [...last.values()].map((o) => [
      o.id,
      o.userId,
      o.symbol,
      o.side,
      o.type,
      o.quantity,
      o.price,
      o.stopPrice,
      o.by,
      o.tif,
      o.reduceOnly ? 1 : 0,
      o.algo ? 1 : 0,
      o.clientId,
      o.status,
      o.reason,
      o.orderId,
      o.triggeredAt,
      o.createdAt,
      o.updatedAt,
    ]),
  );
}
