/**
 * The engine's internal order: one object per resting order, threaded into two intrusive doubly-linked lists
 * (its price level's FIFO and its user's list), so cancel, move and fill each unlink it in O(1) without
 * searching or allocating. Sides and STP modes are small integers here because comparing numbers in the
 * matching loop is cheaper than comparing strings.
 */
import type { PriceLevel } from './price-level.ts';

export const BUY = 0;
export const SELL = 1;
export type Side = typeof BUY | typeof SELL;

export const STP_CANCEL_TAKER = 0;
export const STP_CANCEL_MAKER = 1;
export const STP_CANCEL_BOTH = 2;
export type Stp = typeof STP_CANCEL_TAKER | typeof STP_CANCEL_MAKER | typeof STP_CANCEL_BOTH;

export class BookOrder {
  id = 0;
  userId = 0;
  side: Side = BUY;
  price = 0;
  remaining = 0;
  postOnly = false;
  stp: Stp = STP_CANCEL_TAKER;
  /** The level it rests in; null while it is a taker (just placed, or being moved). */
  level: PriceLevel | null = null;
  prev: BookOrder | null = null;
  next: BookOrder | null = null;
  userPrev: BookOrder | null = null;
  userNext: BookOrder | null = null;

  /** Sets every field, so an order taken from the pool carries nothing of its previous life. */
  init(id: number, userId: number, side: Side, price: number, remaining: number, postOnly: boolean, stp: Stp): this {
    this.id = id;
    this.userId = userId;
    this.side = side;
    this.price = price;
    this.remaining = remaining;
    this.postOnly = postOnly;
    this.stp = stp;
    this.level = null;
    this.prev = this.next = this.userPrev = this.userNext = null;
    return this;
  }
}

/**
 * Finished orders are kept for reuse: a busy book creates and drops an order per place, and recycling them
 * keeps the young generation quiet, which is what holds the p99.99 latency down. Safe because no BookOrder
 * ever leaves the engine (queries return copies).
 */
export class OrderPool {
  private free: BookOrder[] = [];
  take(): BookOrder {
    return this.free.pop() ?? new BookOrder();
  }
  give(order: BookOrder): void {
    order.level = order.prev = order.next = order.userPrev = order.userNext = null;
    if (this.free.length < 65536) this.free.push(order);
  }
}
