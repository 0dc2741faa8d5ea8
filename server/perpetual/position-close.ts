/**
 * Closing part or all of a position from its row, at a limit or at market, and keeping reduce-only orders reduce-only
 * while they rest. A close is a reduce-only order of the user's (the close bound of close-limit.ts applies: a limit
 * beyond it is refused, a market close stops at it); its quantity may not exceed the position, which is refused
 * rather than clipped, so the screen never sends less than the user asked without saying so.
 */
import { formatUnits } from '../../isomorphic/money/units.ts';
import { jsonCommand, type CommandContext } from '../core/command.ts';
import { fail } from '../outcome.ts';
import type { Contract } from './contracts.ts';
import type { PerpBook } from './perp-book.ts';
import { book, cancel, finish, place, type PlaceResult } from './perp-orders.ts';
import type { PerpOrderRow, PerpSide, PositionRow } from './perp-state.ts';
import { abs } from './rounding.ts';

interface PartClose {
  userId: number;
  positionId: number;
  kind: 'limit' | 'market';
  /** The limit; 0 for a market close. */
  price: bigint;
  quantity: bigint;
}

export const closePart = jsonCommand<PartClose, PlaceResult>('perp.closePart', (ctx, r) => {
  const b = book(ctx);
  const p = b.positionsById.get(r.positionId);
  if (!p || p.userId !== r.userId || p.qty === 0n) fail('perpNoPosition');
  const c = b.contract(p.symbol);
  if (r.quantity <= 0n) fail('mustBePositive', { field: 'trade.field.amount' });
  if (r.quantity > abs(p.qty)) fail('perpCloseOverPosition', { max: formatUnits(abs(p.qty), c.qtyScale) });
  const result = place(ctx, {
    symbol: c.symbol,
    userId: r.userId,
    side: p.qty > 0n ? 'sell' : 'buy',
    kind: r.kind,
    tif: r.kind === 'limit' ? 'GTC' : 'IOC',
    price: r.price,
    quantity: r.quantity,
    reduceOnly: true,
    closePosition: false,
    source: 'user',
  });
  finish(ctx);
  return result;
});

/** Whether an order on `side` makes the position smaller. */
const reducing = (p: PositionRow | undefined, side: PerpSide) =>
  p !== undefined && p.qty !== 0n && p.qty > 0n === (side === 'sell');

/**
 * Other users' resting reduce-only orders an order on `side` up to `price` could meet that would no longer only
 * reduce: their position is gone or turned, or, taken in the order the book would fill them, they add up past it.
 * A reduce-only order is clipped to its position when placed, but the position may shrink while it rests.
 */
export function overReducingMakers(
  b: PerpBook,
  c: Contract,
  userId: number,
  side: PerpSide,
  price: bigint,
): PerpOrderRow[] {
  const reach: PerpOrderRow[] = [];
  for (const o of b.live.values())
    if (
      o.reduceOnly &&
      o.symbol === c.symbol &&
      o.side !== side &&
      o.userId !== userId &&
      (side === 'buy' ? o.price <= price : o.price >= price)
    )
      reach.push(o);
  // The book's priority: the best price for the taker first, then the earliest.
  reach.sort((x, y) =>
    x.price === y.price ? x.id - y.id : side === 'buy' ? (x.price < y.price ? -1 : 1) : x.price > y.price ? -1 : 1,
  );
  const used = new Map<number, bigint>();
  const out: PerpOrderRow[] = [];
  for (const o of reach) {
    const p = b.position(o.userId, c.symbol);
    const left = o.quantity - o.filledQty;
    const sum = (used.get(o.userId) ?? 0n) + left;
    if (!reducing(p, o.side) || sum > abs(p!.qty)) out.push(o);
    else used.set(o.userId, sum);
  }
  return out;
}

/** A position that closed or turned leaves its reduce-only orders nothing to reduce: they are cancelled. */
export function endOrphanReduceOnly(ctx: CommandContext, b: PerpBook, p: PositionRow): void {
  for (const o of b.userOrders(p.userId))
    if (o.reduceOnly && o.symbol === p.symbol && !reducing(p, o.side)) cancel(ctx, o.userId, o.id);
}

export const CLOSE_COMMANDS = [closePart];
