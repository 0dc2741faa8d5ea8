import { num, type Queryable } from '../storage/db.ts';

/** The order a user's client id names now, if any. */
export async function orderOfClientId(
  q: Queryable,
  userId: number,
  clientOrderId: string,
): Promise<number | undefined> {
  const row = await q.get<{ order_id: unknown }>(
    'SELECT order_id FROM binance_client_orders WHERE user_id = ? AND client_order_id = ?',
    [userId, clientOrderId],
  );
  return row ? num(row.order_id) : undefined;
}

/** Gives a client id to an order: the id names this order from now on. */
export async function saveClientId(
  q: Queryable,
  userId: number,
  clientOrderId: string,
  orderId: number,
): Promise<void> {
  await q.run(
    `INSERT INTO binance_client_orders (user_id, client_order_id, order_id) VALUES (?, ?, ?)
     ON CONFLICT (user_id, client_order_id) DO UPDATE SET order_id = excluded.order_id`,
    [userId, clientOrderId, orderId],
  );
}

/** The client ids of these orders (those that have one). */
export async function clientIdsOf(q: Queryable, orderIds: readonly number[]): Promise<Map<number, string>> {
  if (!orderIds.length) return new Map();
  const rows = await q.all<{ order_id: unknown; client_order_id: string }>(
    `SELECT order_id, client_order_id FROM binance_client_orders WHERE order_id IN (${orderIds.map(() => '?').join(', ')})`,
    [...orderIds],
  );
  return new Map(rows.map((r) => [num(r.order_id), r.client_order_id]));
}
