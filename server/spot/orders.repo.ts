import { num, type Queryable } from '../storage/db.ts';
import { writeColumns } from '../storage/bulk.ts';
import type { SettledTrade, TradeFact } from './settlement.ts';
import { pageOf, type PageRequest } from '../storage/paging.ts';

/** The account an order trades from: the spot account, or a margin account (server/margin). */
export type OrderAccount = 'spot' | 'cross' | 'isolated';

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
  account: OrderAccount;
  /** Margin orders: each fill repays the received asset's debt. */
  autoRepay: boolean;
  /** Margin orders: what the order borrowed when it was placed. */
  borrowed: bigint;
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
    account: (r.account as OrderAccount) ?? 'spot',
    autoRepay: Boolean(num(r.auto_repay ?? 0)),
    borrowed: BigInt((r.borrowed as bigint) ?? 0n),
  };
}

export async function findOrder(q: Queryable, id: number): Promise<OrderRow | undefined> {
  const row = await q.get('SELECT * FROM orders WHERE id = ?', [id]);
  return row ? toOrder(row) : undefined;
}

const ORDERS_UPSERT = {
  head: 'INSERT INTO orders (id, symbol, user_id, side, kind, tif, price, quantity, quote_budget, filled_qty, filled_quote, fee, frozen, seq, status, done_reason, created_at, updated_at, account, auto_repay, borrowed)',
  tail: `ON CONFLICT (id) DO UPDATE SET filled_qty = excluded.filled_qty, filled_quote = excluded.filled_quote, fee = excluded.fee,
         frozen = excluded.frozen, status = excluded.status, done_reason = excluded.done_reason, updated_at = excluded.updated_at`,
  types: [
    ...['int', 'text', 'int', 'text', 'text', 'text', 'int', 'int', 'int', 'int', 'int', 'int', 'int', 'int'],
    ...['text', 'text', 'int', 'int', 'text', 'int', 'int'],
  ],
} as const;
const TRADES_INSERT = {
  head: 'INSERT INTO trades (id, symbol, price, quantity, quote_qty, taker_side, maker_order_id, taker_order_id, maker_user_id, taker_user_id, maker_fee, taker_fee, created_at)',
  types: ['int', 'text', 'int', 'int', 'int', 'text', 'int', 'int', 'int', 'int', 'int', 'int', 'int'],
} as const;

/** Writes orders as they now stand, new or changed, with a few multi-row statements. */
export async function upsertOrders(q: Queryable, orders: Iterable<OrderRow>): Promise<void> {
  await writeColumns(
    q,
    ORDERS_UPSERT,
    [...orders].map((o) => [
      o.id,
      o.symbol,
      o.userId,
      o.side,
      o.kind,
      o.tif,
      o.price,
      o.quantity,
      o.quoteBudget,
      o.filledQty,
      o.filledQuote,
      o.fee,
      o.frozen,
      0,
      o.status,
      o.doneReason,
      o.createdAt,
      o.updatedAt,
      o.account,
      o.autoRepay ? 1 : 0,
      o.borrowed,
    ]),
  );
}

export async function insertTrades(q: Queryable, trades: readonly TradeFact[]): Promise<void> {
  await writeColumns(
    q,
    TRADES_INSERT,
    trades.map((t) => [
      t.id,
      t.symbol,
      t.price,
      t.quantity,
      t.quoteQty,
      t.takerSide,
      t.makerOrderId,
      t.takerOrderId,
      t.makerUserId,
      t.takerUserId,
      t.makerFee,
      t.takerFee,
      t.createdAt,
    ]),
  );
}

/** The highest order and trade ids written: the core numbers on from there. */
export async function lastIds(q: Queryable): Promise<{ order: number; trade: number }> {
  const o = await q.get<{ id: bigint | null }>('SELECT MAX(id) AS id FROM orders');
  const t = await q.get<{ id: bigint | null }>('SELECT MAX(id) AS id FROM trades');
  return { order: Number(o?.id ?? 0), trade: Number(t?.id ?? 0) };
}

/** The orders of one market still on the book, in time priority: what a restart rebuilds the book from. */
export async function restingOrders(q: Queryable, symbol: string): Promise<OrderRow[]> {
  const rows = await q.all("SELECT * FROM orders WHERE symbol = ? AND status IN ('open', 'partial') ORDER BY id", [
    symbol,
  ]);
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

/** A trades row with its id. */
export interface TradeRecord extends TradeRow {
  id: number;
}

function toTrade(r: Record<string, unknown>): TradeRecord {
  return {
    id: num(r.id),
    symbol: String(r.symbol),
    price: BigInt(r.price as bigint),
    quantity: BigInt(r.quantity as bigint),
    quoteQty: BigInt(r.quote_qty as bigint),
    takerSide: r.taker_side as TradeRow['takerSide'],
    makerOrderId: num(r.maker_order_id),
    takerOrderId: num(r.taker_order_id),
    makerUserId: num(r.maker_user_id),
    takerUserId: num(r.taker_user_id),
    makerFee: BigInt(r.maker_fee as bigint),
    takerFee: BigInt(r.taker_fee as bigint),
    createdAt: num(r.created_at),
  };
}

interface FillFilter {
  symbol?: string;
  /** Only the fills of this order of the user's. */
  orderId?: number;
  /** Newest first (a user's fill log) or oldest first (one order's fills, in the order they happened). */
  newestFirst: boolean;
  page: number;
  size: number;
}

/** A page of the trades a user took part in, as maker or taker (self-trade prevention keeps them apart). */
export async function userFills(
  q: Queryable,
  userId: number,
  f: FillFilter,
): Promise<{ total: number; rows: TradeRecord[] }> {
  const side = (role: 'maker' | 'taker') =>
    `(${role}_user_id = ?${f.orderId === undefined ? '' : ` AND ${role}_order_id = ?`})`;
  const mine = f.orderId === undefined ? [userId] : [userId, f.orderId];
  const where = `(${side('maker')} OR ${side('taker')})${f.symbol ? ' AND symbol = ?' : ''}`;
  const params = [...mine, ...mine, ...(f.symbol ? [f.symbol] : [])];
  const total = num((await q.get<{ n: unknown }>(`SELECT COUNT(*) AS n FROM trades WHERE ${where}`, params))!.n);
  const rows = await q.all(
    `SELECT * FROM trades WHERE ${where} ORDER BY id ${f.newestFirst ? 'DESC' : 'ASC'} LIMIT ? OFFSET ?`,
    [...params, f.size, (f.page - 1) * f.size],
  );
  return { total, rows: rows.map(toTrade) };
}

/** The pairs a user has placed orders on: how many, how many still rest, and when the last one came. */
export async function orderSymbolsOf(
  q: Queryable,
  userId: number,
): Promise<Array<{ symbol: string; orders: number; openOrders: number; lastOrderTime: number }>> {
  const rows = await q.all(
    `SELECT symbol, COUNT(*) AS orders, SUM(CASE WHEN status IN ('open', 'partial') THEN 1 ELSE 0 END) AS open_orders, MAX(created_at) AS last_at
     FROM orders WHERE user_id = ? AND account = 'spot' GROUP BY symbol ORDER BY last_at DESC, symbol`,
    [userId],
  );
  return rows.map((r) => ({
    symbol: String(r.symbol),
    orders: num(r.orders),
    openOrders: num(r.open_orders),
    lastOrderTime: num(r.last_at),
  }));
}

/** A market's latest trades, oldest first, as the exchange keeps them in memory for its feed and ticker. */
export async function latestTrades(q: Queryable, symbol: string, limit: number): Promise<SettledTrade[]> {
  const rows = await q.all<Record<string, bigint | string>>(
    'SELECT * FROM trades WHERE symbol = ? ORDER BY id DESC LIMIT ?',
    [symbol, limit],
  );
  return rows.reverse().map((r) => ({
    id: Number(r.id),
    symbol,
    price: BigInt(r.price!),
    quantity: BigInt(r.quantity!),
    quoteQty: BigInt(r.quote_qty!),
    takerSide: r.taker_side as 'buy' | 'sell',
    time: Number(r.created_at),
    makerUserId: Number(r.maker_user_id),
    takerUserId: Number(r.taker_user_id),
  }));
}

/**
 * A page of a user's orders, newest first: open ones (resting, partly filled) or finished ones, optionally of one
 * market.
 */
export async function userOrders(
  q: Queryable,
  userId: number,
  state: 'open' | 'history',
  page: PageRequest,
  symbol?: string,
  account: OrderAccount = 'spot',
): Promise<{ total: number; rows: OrderRow[] }> {
  const states = state === 'open' ? "('open', 'partial')" : "('filled', 'cancelled', 'rejected')";
  const found = await pageOf<Record<string, unknown>>(
    q,
    {
      select: '*',
      from: `FROM orders WHERE user_id = ? AND account = ? AND status IN ${states}${symbol ? ' AND symbol = ?' : ''}`,
      order: 'id DESC',
      params: symbol ? [userId, account, symbol] : [userId, account],
    },
    page,
  );
  return { total: found.total, rows: found.rows.map(toOrder) };
}
