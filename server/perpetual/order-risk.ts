/**
 * The risk check before an order reaches the book: is the leverage allowed, does the position it could make stay
 * inside the leverage's brackets, and does the account have the margin it needs. A refusal is a value naming
 * why; nothing here holds funds (the core's risk rule holds `margin` when the check passes).
 *
 * Only the part of an order that opens or adds to a position needs margin: closing is free, and an order larger
 * than the opposite position pays for the rest only. The margin is the initial margin of that part at the order
 * price plus its open loss, what it would lose at once at the mark (Binance adds it so that an order priced
 * worse than the mark cannot open a position already under water). The bracket check values the projected
 * position, with the same-side orders already resting, at the worse of order price and mark.
 *
 * An isolated order also holds the taker fee of its opening part: the position it opens has no released margin
 * to pay a fee from, and the fee must never fall to anyone but the trader.
 */
import { feeOf } from '../spot/market.ts';
import { maxLeverage, maxNotionalAt, type Contract } from './contracts.ts';
import { fillValue, initialMargin, notional, unrealisedPnl, type Position } from './position-math.ts';
import { abs } from './rounding.ts';

export type OrderRefusal =
  | 'badQuantity'
  | 'leverageOutOfRange'
  | 'reduceOnlyWouldIncrease'
  | 'sizeOverBracket'
  | 'insufficientMargin';

export interface OrderContext {
  contract: Contract;
  leverage: bigint;
  position: Position;
  /** Quantity of this user's resting orders on the contract that would add to the position in the order's direction. */
  pending: bigint;
  mark: bigint;
  /** What the account can commit (cross: crossAvailable; isolated: the cross wallet it draws the margin from). */
  available: bigint;
  /** The fee rate the opening part holds (basis points): the taker rate when isolated, 0 for cross. */
  feeBps: bigint;
}

/** What an order of a margin mode holds for fees: see the module comment. */
export const heldFeeBps = (c: Contract, mode: 'cross' | 'isolated'): bigint =>
  mode === 'isolated' ? c.takerFeeBps : 0n;

interface OrderIntent {
  /** Signed: buy > 0, sell < 0. */
  qty: bigint;
  /** Limit price, or for a market order the worst price it may fill at. */
  price: bigint;
  reduceOnly?: boolean;
}

type OrderCheck = { ok: true; margin: bigint; opening: bigint } | { ok: false; reason: OrderRefusal };

export function checkOrder(ctx: OrderContext, order: OrderIntent): OrderCheck {
  const { contract: c, leverage, position, mark } = ctx;
  if (order.qty === 0n || order.price <= 0n) return { ok: false, reason: 'badQuantity' };
  if (leverage < 1n || leverage > maxLeverage(c)) return { ok: false, reason: 'leverageOutOfRange' };
  const sameSide = position.qty === 0n || position.qty > 0n === order.qty > 0n;
  const size = abs(order.qty);
  const closing = sameSide ? 0n : size < abs(position.qty) ? size : abs(position.qty);
  const opening = size - closing;
  if (opening === 0n) return { ok: true, margin: 0n, opening };
  if (order.reduceOnly) return { ok: false, reason: 'reduceOnlyWouldIncrease' };
  const projected = (sameSide ? abs(position.qty) : 0n) + opening + ctx.pending;
  // Linear notional grows with the price and inverse notional as the price falls: take the larger.
  const worse = (c.kind === 'linear') === order.price > mark ? order.price : mark;
  if (notional(c, projected, worse) > maxNotionalAt(c, leverage)) return { ok: false, reason: 'sizeOverBracket' };
  const signed = order.qty > 0n ? opening : -opening;
  const atMark = unrealisedPnl(c, { qty: signed, cost: fillValue(c, opening, order.price) }, mark);
  const fee = ctx.feeBps ? feeOf(fillValue(c, opening, order.price), ctx.feeBps) : 0n;
  const margin = initialMargin(c, opening, order.price, leverage) + (atMark < 0n ? -atMark : 0n) + fee;
  if (margin > ctx.available) return { ok: false, reason: 'insufficientMargin' };
  return { ok: true, margin, opening };
}

/**
 * The largest order quantity in a direction (1 buy, −1 sell) at a price that the check lets through: the "max"
 * an order form shows. The check only gets stricter as the quantity grows, and the brackets' caps end the search.
 */
export function maxOrderQty(ctx: OrderContext, side: 1n | -1n, price: bigint): bigint {
  const passes = (q: bigint) => checkOrder(ctx, { qty: side * q, price }).ok;
  if (!passes(1n)) return 0n;
  let lo = 1n;
  let hi = 2n;
  while (passes(hi)) [lo, hi] = [hi, hi * 2n];
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    if (passes(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}
