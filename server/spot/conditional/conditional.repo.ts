import { num, type Queryable } from '../../storage/db.ts';
import { writeRows } from '../../storage/bulk.ts';
import { pageOf, type PageRequest } from '../../storage/paging.ts';

/** Binance's conditional order types: stop-loss and take-profit, each at market or with a limit price. */
export type StopType = 'STOP_LOSS' | 'STOP_LOSS_LIMIT' | 'TAKE_PROFIT' | 'TAKE_PROFIT_LIMIT';

/**
 * waiting: a TP/SL attached to a limit buy that has not ended yet; pending: waiting for its trigger (Binance's NEW);
 * triggered: placed on the book as order `orderId`; cancelled: by its owner (or with its OCO's limit leg); expired:
 * its OCO's limit leg traded first, or its buy ended without a fill.
 */
export type ConditionalStatus = 'waiting' | 'pending' | 'triggered' | 'cancelled' | 'expired';

/** A stop order (or an OCO's stop leg, or a limit buy's TP/SL) as the core holds it and the table stores it. */
export interface ConditionalRow {
  /** Taken from the spot orders' numbering, so an id names one order or one conditional order, never both. */
  id: number;
  /** The OCO (order list) it belongs to; 0 for a lone stop order. */
  listId: number;
  symbol: string;
  userId: number;
  side: 'buy' | 'sell';
  type: StopType;
  stopPrice: bigint;
  /** The limit price it is placed at; 0 for STOP_LOSS and TAKE_PROFIT, placed at market. */
  price: bigint;
  quantity: bigint;
  /** A stop-market buy: the quote it may spend (by quote amount, or the band's top times its quantity). */
  quoteBudget: bigint;
  tif: 'GTC' | 'IOC' | 'FOK';
  /** What its own hold `stop:<id>` sets aside (an OCO's stop leg: only what its limit leg's hold does not cover). */
  frozen: bigint;
  status: ConditionalStatus;
  /** An OCO's limit leg (a LIMIT_MAKER order on the book); 0 when none. */
  limitOrderId: number;
  /** A TP/SL: the limit buy it waits for; 0 otherwise. */
  parentOrderId: number;
  /** A TP/SL: the take-profit limit price of the sell OCO it becomes. */
  tpPrice: bigint;
  /** The order it was placed as once triggered; 0 before. */
  orderId: number;
  createdAt: number;
  updatedAt: number;
}

const COLUMNS =
  'id, list_id, symbol, user_id, side, type, stop_price, price, quantity, quote_budget, tif, frozen, status, limit_order_id, parent_order_id, tp_price, order_id, created_at, updated_at';

function toRow(r: Record<string, unknown>): ConditionalRow {
  return {
    id: num(r.id),
    listId: num(r.list_id),
    symbol: String(r.symbol),
    userId: num(r.user_id),
    side: r.side as ConditionalRow['side'],
    type: r.type as StopType,
    stopPrice: BigInt(r.stop_price as bigint),
    price: BigInt(r.price as bigint),
    quantity: BigInt(r.quantity as bigint),
    quoteBudget: BigInt(r.quote_budget as bigint),
    tif: r.tif as ConditionalRow['tif'],
    frozen: BigInt(r.frozen as bigint),
    status: r.status as ConditionalStatus,
    limitOrderId: num(r.limit_order_id),
    parentOrderId: num(r.parent_order_id),
    tpPrice: BigInt(r.tp_price as bigint),
    orderId: num(r.order_id),
    createdAt: num(r.created_at),
    updatedAt: num(r.updated_at),
  };
}

/** Writes conditional orders as they now stand, new or changed. */
export async function upsertConditionals(q: Queryable, rows: Iterable<ConditionalRow>): Promise<void> {
  await writeRows(
    q,
    {
      head: `INSERT INTO spot_conditional_orders (${COLUMNS})`,
      tail: `ON CONFLICT (id) DO UPDATE SET quantity = excluded.quantity, frozen = excluded.frozen, status = excluded.status,
             limit_order_id = excluded.limit_order_id, order_id = excluded.order_id, updated_at = excluded.updated_at`,
    },
    [...rows].map((c) => [
      c.id,
      c.listId,
      c.symbol,
      c.userId,
      c.side,
      c.type,
      c.stopPrice,
      c.price,
      c.quantity,
      c.quoteBudget,
      c.tif,
      c.frozen,
      c.status,
      c.limitOrderId,
      c.parentOrderId,
      c.tpPrice,
      c.orderId,
      c.createdAt,
      c.updatedAt,
    ]),
  );
}

/** The conditional orders still open (waiting or pending), in id order: what a start without a snapshot rebuilds. */
export async function openConditionals(q: Queryable): Promise<ConditionalRow[]> {
  const rows = await q.all(
    `SELECT ${COLUMNS} FROM spot_conditional_orders WHERE status IN ('waiting', 'pending') ORDER BY id`,
  );
  return rows.map(toRow);
}

/** The highest conditional id and order-list id written. */
export async function lastConditionalIds(q: Queryable): Promise<{ id: number; list: number }> {
  const r = await q.get<{ id: bigint | null; list: bigint | null }>(
    'SELECT MAX(id) AS id, MAX(list_id) AS list FROM spot_conditional_orders',
  );
  return { id: Number(r?.id ?? 0), list: Number(r?.list ?? 0) };
}

/** Each spot market's last trade price: the price the triggers compare with. */
export async function lastTradePrices(q: Queryable): Promise<Array<[string, bigint]>> {
  const rows = await q.all<{ symbol: string; price: bigint }>(
    'SELECT t.symbol AS symbol, t.price AS price FROM trades t JOIN (SELECT symbol, MAX(id) AS id FROM trades GROUP BY symbol) l ON t.id = l.id',
  );
  return rows.map((r) => [String(r.symbol), BigInt(r.price)]);
}

export async function findConditional(q: Queryable, id: number): Promise<ConditionalRow | undefined> {
  const r = await q.get(`SELECT ${COLUMNS} FROM spot_conditional_orders WHERE id = ?`, [id]);
  return r ? toRow(r) : undefined;
}

/** The conditional orders of one order list, in id order. */
export async function listConditionals(q: Queryable, listId: number): Promise<ConditionalRow[]> {
  const rows = await q.all(`SELECT ${COLUMNS} FROM spot_conditional_orders WHERE list_id = ? ORDER BY id`, [listId]);
  return rows.map(toRow);
}

/** A page of a user's conditional orders, newest first: open ones (waiting, pending) or ended ones. */
export async function userConditionals(
  q: Queryable,
  userId: number,
  state: 'open' | 'history',
  page: PageRequest,
  symbol?: string,
): Promise<{ total: number; rows: ConditionalRow[] }> {
  const states = state === 'open' ? "('waiting', 'pending')" : "('triggered', 'cancelled', 'expired')";
  const found = await pageOf<Record<string, unknown>>(
    q,
    {
      select: COLUMNS,
      from: `FROM spot_conditional_orders WHERE user_id = ? AND status IN ${states}${symbol ? ' AND symbol = ?' : ''}`,
      order: 'id DESC',
      params: symbol ? [userId, symbol] : [userId],
    },
    page,
  );
  return { total: found.total, rows: found.rows.map(toRow) };
}

/**
 * A user's conditional orders on one market from `fromId` oldest first, or the newest `limit` of the time range when
 * no fromId is given (the Binance door's allOrders lists them beside the orders: they share the orders' numbers).
 */
export async function conditionalsFrom(
  q: Queryable,
  userId: number,
  symbol: string,
  r: { fromId?: number | undefined; startTime?: number | undefined; endTime?: number | undefined; limit: number },
): Promise<ConditionalRow[]> {
  const where: string[] = [];
  const params: number[] = [];
  if (r.fromId !== undefined) where.push('id >= ?'), params.push(r.fromId);
  if (r.startTime !== undefined) where.push('created_at >= ?'), params.push(r.startTime);
  if (r.endTime !== undefined) where.push('created_at <= ?'), params.push(r.endTime);
  const newest = r.fromId === undefined;
  const rows = await q.all<Record<string, unknown>>(
    `SELECT ${COLUMNS} FROM spot_conditional_orders WHERE user_id = ? AND symbol = ?${where.map((w) => ` AND ${w}`).join('')}
     ORDER BY id ${newest ? 'DESC' : 'ASC'} LIMIT ?`,
    [userId, symbol, ...params, r.limit],
  );
  const list = rows.map(toRow);
  return newest ? list.reverse() : list;
}
