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

/** The book's priority for a taker on `side`: the best price for it first, then the earliest. */
const priority = (side: PerpSide) => (x: PerpOrderRow, y: PerpOrderRow) =>
  x.price === y.price ? x.id - y.id : (side === 'buy' ? x.price < y.price : x.price > y.price) ? -1 : 1;

/**
 * Other users' resting reduce-only orders that an order on `side` for `qty` up to `price` would fill and that would
 * then no longer only reduce: their position is gone or turned, or their reduce-only orders, taken in the order the
 * book fills them, add up past it. A reduce-only order is clipped to its position when placed, but the position may
 * shrink while it rests; `finish` trims the user's own after each command, this catches what one command does to
 * another user's position before the next order meets it.
 */
export function overReducingMakers(
  b: PerpBook,
  c: Contract,
  userId: number,
  side: PerpSide,
  price: bigint,
  qty: bigint,
): PerpOrderRow[] {
  const reach: PerpOrderRow[] = [];
  for (const o of b.live.values())
    if (
      o.symbol === c.symbol &&
      o.side !== side &&
      o.userId !== userId &&
      (side === 'buy' ? o.price <= price : o.price >= price)
    )
      reach.push(o);
  reach.sort(priority(side));
  const used = new Map<number, bigint>();
  const out: PerpOrderRow[] = [];
  let left = qty;
  for (const o of reach) {
    if (left <= 0n) break;
    const rest = o.quantity - o.filledQty;
    if (o.reduceOnly) {
      const p = b.position(o.userId, c.symbol);
      const sum = (used.get(o.userId) ?? 0n) + rest;
      // A cancelled order takes nothing from the taker: the next one in line is reached instead.
      if (!reducing(p, o.side) || sum > abs(p!.qty)) {
        out.push(o);
        continue;
      }
      used.set(o.userId, sum);
    }
    left -= rest;
  }
  return out;
}

/**
 * Keeps a user's resting reduce-only orders on a contract within the position: all of them when it closed or
 * turned, else the furthest from the market first until the rest add up to no more than it (Binance cancels the
 * reduce-only orders a position no longer covers; these are cancelled, not cut).
 */
export function endOrphanReduceOnly(ctx: CommandContext, b: PerpBook, p: PositionRow): void {
  const mine = b.userOrders(p.userId).filter((o) => o.reduceOnly && o.symbol === p.symbol);
  if (!mine.length) return;
  let room = abs(p.qty);
  // The side that would meet them takes them in the book's priority; what is past the room goes.
  const takerSide: PerpSide = mine[0]!.side === 'sell' ? 'buy' : 'sell';
  for (const o of mine.sort(priority(takerSide))) {
    const rest = o.quantity - o.filledQty;
    if (reducing(p, o.side) && rest <= room) room -= rest;
    else cancel(ctx, o.userId, o.id);
  }
}

export const CLOSE_COMMANDS = [closePart];
