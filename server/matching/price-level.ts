/**
 * One price of one side: a FIFO of resting orders (time priority) with a running total, so depth and
 * fill-or-kill checks read a level's size without walking it.
 */
import type { BookOrder } from './book-order.ts';

export class PriceLevel {
  price = 0;
  /** Sum of `remaining` over the orders in the queue. */
  total = 0;
  count = 0;
  head: BookOrder | null = null;
  tail: BookOrder | null = null;

  /** Joins the back of the queue: the newest order has the lowest priority at this price. */
  append(order: BookOrder): void {
    order.level = this;
    order.next = null;
    order.prev = this.tail;
    if (this.tail === null) this.head = order;
    else this.tail.next = order;
    this.tail = order;
    this.total += order.remaining;
    this.count++;
  }

  /** Leaves the queue from anywhere in it; the caller removes the level once `count` is 0. */
  unlink(order: BookOrder): void {
    const { prev, next } = order;
    if (prev === null) this.head = next;
    else prev.next = next;
    if (next === null) this.tail = prev;
    else next.prev = prev;
    order.prev = order.next = null;
    order.level = null;
    this.total -= order.remaining;
    this.count--;
  }
}

/** Empty levels are recycled for the same reason orders are: a moving book opens and closes levels constantly. */
export class LevelPool {
  private free: PriceLevel[] = [];
  take(price: number): PriceLevel {
    const level = this.free.pop() ?? new PriceLevel();
    level.price = price;
    return level;
  }
  give(level: PriceLevel): void {
    level.head = level.tail = null;
    level.total = level.count = 0;
    if (this.free.length < 4096) this.free.push(level);
  }
}
