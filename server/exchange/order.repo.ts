import { num, type Queryable } from '../storage/db.ts';

/** An orders row with its amounts as bigints. */
export interface OrderRow {
  id: number;
  symbol: string;
  userId: number;
  side: 'buy' | 'sell';
  kind: 'limit' | 'market';
  tif: 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY';
  price: bigint;
  quantity: bigint;
  quoteBudget: bigint;
  filledQty: bigint;
  filledQuote: bigint;
  fee: bigint;
  frozen: bigint;
  status: 'open' | 'partial' | 'filled' | 'cancelled' | 'rejected';
  doneReason: string | null;
  createdAt: number;
  updatedAt: number;
}

export function toOrder(r: Record<string, unknown>): OrderRow {
  return {
    id: num(r.id),
    symbol: String(r.symbol),
    userId: num(r.user_id),
    side: r.side as OrderRow['side'],
    kind: r.kind as OrderRow['kind'],
    tif: r.tif as OrderRow['tif'],
    price: BigInt(r.price as bigint),
    quantity: BigInt(r.quantity as bigint),
    quoteBudget: BigInt(r.quote_budget as bigint),
    filledQty: BigInt(r.filled_qty as bigint),
    filledQuote: BigInt(r.filled_quote as bigint),
    fee: BigInt(r.fee as bigint),
    frozen: BigInt(r.frozen as bigint),
    status: r.status as OrderRow['status'],
    doneReason: (r.done_reason as string) ?? null,
    createdAt: num(r.created_at),
    updatedAt: num(r.updated_at),
  };
}

export async function findOrder(q: Queryable, id: number): Promise<OrderRow | undefined> {
  const row = await q.get('SELECT * FROM orders WHERE id = ?', [id]);
  return row ? toOrder(row) : undefined;
}

/** The orders of one market still on the book, in time priority: what a restart rebuilds the book from. */
export async function restingOrders(q: Queryable, symbol: string): Promise<OrderRow[]> {
  const rows = await q.all("SELECT * FROM orders WHERE symbol = ? AND status IN ('open', 'partial') ORDER BY id", [symbol]);
  return rows.map(toOrder);
}

/** Inserts a new order and returns it as stored. Time priority follows the id (one runner per market). */
export async function insertOrder(q: Queryable, o: Omit<OrderRow, 'id' | 'filledQty' | 'filledQuote' | 'fee' | 'doneReason' | 'updatedAt'>): Promise<OrderRow> {
  const row = await q.get<{ id: bigint }>(
    `INSERT INTO orders (symbol, user_id, side, kind, tif, price, quantity, quote_budget, frozen, seq, status, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?) RETURNING id`,
    [o.symbol, o.userId, o.side, o.kind, o.tif, o.price, o.quantity, o.quoteBudget, o.frozen, o.status, o.createdAt, o.createdAt],
  );
  return { ...o, id: num(row!.id), filledQty: 0n, filledQuote: 0n, fee: 0n, doneReason: null, updatedAt: o.createdAt };
}

export async function saveOrderProgress(q: Queryable, o: OrderRow, now: number): Promise<void> {
  await q.run(
    'UPDATE orders SET filled_qty = ?, filled_quote = ?, fee = ?, frozen = ?, status = ?, done_reason = ?, updated_at = ? WHERE id = ?',
    [o.filledQty, o.filledQuote, o.fee, o.frozen, o.status, o.doneReason, now, o.id],
  );
}

export interface TradeRow {
  symbol: string;
  price: bigint;
  quantity: bigint;
  quoteQty: bigint;
  takerSide: 'buy' | 'sell';
  makerOrderId: number;
  takerOrderId: number;
  makerUserId: number;
  takerUserId: number;
  makerFee: bigint;
  takerFee: bigint;
  createdAt: number;
}

export async function insertTrade(q: Queryable, t: TradeRow): Promise<number> {
  const row = await q.get<{ id: bigint }>(
    `INSERT INTO trades (symbol, price, quantity, quote_qty, taker_side, maker_order_id, taker_order_id, maker_user_id, taker_user_id, maker_fee, taker_fee, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [t.symbol, t.price, t.quantity, t.quoteQty, t.takerSide, t.makerOrderId, t.takerOrderId, t.makerUserId, t.takerUserId, t.makerFee, t.takerFee, t.createdAt],
  );
  return num(row!.id);
}
