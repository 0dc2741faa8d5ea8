/** Reading the book out (depth, resting orders for persistence) and loading resting orders back in. */
import {
  BUY,
  type BookOrder,
  SELL,
  STP_CANCEL_BOTH,
  STP_CANCEL_MAKER,
  STP_CANCEL_TAKER,
  type Stp,
} from './book-order.ts';
import type { BookSide } from './book-side.ts';
import { isPositiveInt } from './int-math.ts';
import { type OrderBook, SIDE_NAMES } from './order-book.ts';
import type { Depth, RestingOrder, StpMode } from './types.ts';

const STP_NAMES: readonly StpMode[] = ['cancel_taker', 'cancel_maker', 'cancel_both'];

export function snapshotOf(o: BookOrder): RestingOrder {
  return {
    orderId: o.id,
    userId: o.userId,
    side: SIDE_NAMES[o.side]!,
    price: o.price,
    remaining: o.remaining,
    tif: o.postOnly ? 'POST_ONLY' : 'GTC',
    stp: STP_NAMES[o.stp]!,
  };
}

function sideDepth(side: BookSide, max: number): Array<[number, number]> {
  const result: Array<[number, number]> = [];
  const levels = side.levels;
  for (let i = levels.length - 1; i >= 0 && result.length < max; i--) {
    if (levels[i]!.count !== 0) result.push([levels[i]!.price, levels[i]!.total]);
  }
  return result;
}

export function depthOf(book: OrderBook, max: number): Depth {
  return { bids: sideDepth(book.bids, max), asks: sideDepth(book.asks, max) };
}

export function restingOf(book: OrderBook): RestingOrder[] {
  const result: RestingOrder[] = [];
  for (const side of [book.bids, book.asks]) {
    for (let i = side.levels.length - 1; i >= 0; i--) {
      for (let o = side.levels[i]!.head; o !== null; o = o.next) result.push(snapshotOf(o));
    }
  }
  return result;
}

function stpOf(mode: unknown): Stp | -1 {
  return mode === 'cancel_taker'
    ? STP_CANCEL_TAKER
    : mode === 'cancel_maker'
      ? STP_CANCEL_MAKER
      : mode === 'cancel_both'
        ? STP_CANCEL_BOTH
        : -1;
}

/** Checks everything first and only then inserts, so a refused load leaves the book as it was. */
export function loadOrders(book: OrderBook, orders: readonly RestingOrder[]): void {
  const seen = new Set<number>();
  let maxBid = book.bids.best()?.price ?? -Infinity;
  let minAsk = book.asks.best()?.price ?? Infinity;
  orders.forEach((o, i) => {
    const what = `load: order #${i} (id ${String(o.orderId)})`;
    if (!isPositiveInt(o.orderId)) throw new Error(`${what} has an invalid id`);
    if (!isPositiveInt(o.userId)) throw new Error(`${what} has an invalid userId ${String(o.userId)}`);
    if (o.side !== 'buy' && o.side !== 'sell') throw new Error(`${what} has an invalid side ${String(o.side)}`);
    if (!isPositiveInt(o.price)) throw new Error(`${what} has an invalid price ${String(o.price)}`);
    if (!isPositiveInt(o.remaining)) throw new Error(`${what} has an invalid remaining ${String(o.remaining)}`);
    if (o.tif !== 'GTC' && o.tif !== 'POST_ONLY')
      throw new Error(`${what} cannot rest with time in force ${String(o.tif)}`);
    if (stpOf(o.stp) === -1) throw new Error(`${what} has an invalid stp ${String(o.stp)}`);
    if (seen.has(o.orderId) || book.orders.has(o.orderId)) throw new Error(`${what} is a duplicate`);
    seen.add(o.orderId);
    if (o.side === 'buy') maxBid = Math.max(maxBid, o.price);
    else minAsk = Math.min(minAsk, o.price);
  });
  if (maxBid >= minAsk) throw new Error(`load: the book would be crossed (best bid ${maxBid} ≥ best ask ${minAsk})`);
  for (const o of orders) {
    const side = o.side === 'buy' ? BUY : SELL;
    book.add(
      book.newOrder(o.orderId, o.userId, side, o.price, o.remaining, o.tif === 'POST_ONLY', stpOf(o.stp) as Stp),
    );
  }
}
