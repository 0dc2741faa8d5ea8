import { num, type Queryable } from '../../storage/db.ts';

/** One fill of a user's perpetual order, with the side they were on and their order's source. */
export interface UserFill {
  id: number;
  orderId: number;
  price: bigint;
  quantity: bigint;
  maker: boolean;
  side: 'buy' | 'sell';
  source: string;
  /** The fee this side was charged (null on trades from before it was recorded: the contract's rate then). */
  fee: bigint | null;
  /** The profit this side realised, before fees (null on trades from before it was recorded). */
  realised: bigint | null;
  time: number;
}

/**
 * A user's fills on one contract, oldest first from `fromId` (Binance's userTrades paging), at most `limit`: each
 * trade seen from the user's side (maker or taker; a self-trade shows once a side).
 */
export async function userFills(
  q: Queryable,
  userId: number,
  symbol: string,
  fromId: number,
  limit: number,
): Promise<UserFill[]> {
  const rows = await q.all(
    `SELECT t.id, t.price, t.quantity, t.created_at, o.id AS order_id, o.side, o.source,
            CASE WHEN o.id = t.maker_order_id THEN 1 ELSE 0 END AS maker,
            CASE WHEN o.id = t.maker_order_id THEN t.maker_fee ELSE t.taker_fee END AS fee,
            CASE WHEN o.id = t.maker_order_id THEN t.maker_realised ELSE t.taker_realised END AS realised
       FROM perp_trades t
       JOIN perp_orders o ON o.id IN (t.maker_order_id, t.taker_order_id) AND o.user_id = ?
      WHERE t.symbol = ? AND t.id >= ?
      ORDER BY t.id, o.id LIMIT ?`,
    [userId, symbol, fromId, limit],
  );
  return rows.map((r) => ({
    id: num(r.id),
    orderId: num(r.order_id),
    price: BigInt(r.price as bigint),
    quantity: BigInt(r.quantity as bigint),
    maker: num(r.maker) === 1,
    side: r.side as UserFill['side'],
    source: String(r.source),
    fee: r.fee === null ? null : BigInt(r.fee as bigint),
    realised: r.realised === null ? null : BigInt(r.realised as bigint),
    time: num(r.created_at),
  }));
}

/** One ledger line of a user's contract account that Binance's income history shows. */
export interface IncomeLine {
  id: number;
  billType: string;
  refType: string;
  refId: string;
  asset: string;
  /** What the line moved on the account, available and held together. */
  amount: bigint;
  time: number;
}

/** The user's contract-account lines of `billTypes`, oldest first within [start, end], at most `limit`. */
export async function incomeLines(
  q: Queryable,
  userId: number,
  contractAccountType: number,
  billTypes: readonly string[],
  window: { start: number; end: number; limit: number },
): Promise<IncomeLine[]> {
  const rows = await q.all(
    `SELECT e.id, e.bill_type, e.ref_type, e.ref_id, e.asset, e.delta_available, e.delta_frozen, e.created_at
       FROM ledger_entries e JOIN accounts a ON a.id = e.account_id
      WHERE a.owner_id = ? AND a.type = ? AND e.bill_type IN (${billTypes.map(() => '?').join(', ')})
        AND e.created_at >= ? AND e.created_at <= ?
      ORDER BY e.id LIMIT ?`,
    [userId, contractAccountType, ...billTypes, window.start, window.end, window.limit],
  );
  return rows.map((r) => ({
    id: num(r.id),
    billType: String(r.bill_type),
    refType: String(r.ref_type),
    refId: String(r.ref_id),
    asset: String(r.asset),
    amount: BigInt(r.delta_available as bigint) + BigInt(r.delta_frozen as bigint),
    time: num(r.created_at),
  }));
}
