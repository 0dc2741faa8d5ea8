import { toOrder, type OrderRow } from '../../spot/orders.repo.ts';
import type { Queryable } from '../../storage/db.ts';

/** The door's history reads, which page by id from a point as Binance's do (allOrders, myTrades). */
export interface IdRange {
  fromId?: number | undefined;
  startTime?: number | undefined;
  endTime?: number | undefined;
  limit: number;
}

function rangeOf(r: IdRange) {
  const where: string[] = [];
  const params: number[] = [];
  if (r.fromId !== undefined) where.push(`id >= ?`), params.push(r.fromId);
  if (r.startTime !== undefined) where.push(`created_at >= ?`), params.push(r.startTime);
  if (r.endTime !== undefined) where.push(`created_at <= ?`), params.push(r.endTime);
  return { sql: where.map((w) => ` AND ${w}`).join(''), params };
}

/**
 * A user's spot orders on one market, oldest first from `fromId` (or the newest `limit` of the range when no
 * fromId is given, as Binance answers allOrders).
 */
export async function ordersFrom(q: Queryable, userId: number, symbol: string, r: IdRange): Promise<OrderRow[]> {
  const range = rangeOf(r);
  const newest = r.fromId === undefined;
  const rows = await q.all<Record<string, unknown>>(
    `SELECT * FROM orders WHERE user_id = ? AND account = 'spot' AND symbol = ?${range.sql}
     ORDER BY id ${newest ? 'DESC' : 'ASC'} LIMIT ?`,
    [userId, symbol, ...range.params, r.limit],
  );
  const list = rows.map(toOrder);
  return newest ? list.reverse() : list;
}
