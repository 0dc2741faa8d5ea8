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
