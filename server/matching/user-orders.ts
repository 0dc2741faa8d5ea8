/**
 * Each user's resting orders as an intrusive list, so cancelAll touches only that user's orders instead of
 * scanning the whole book, and fill-or-kill checks can skip users with nothing resting. The map holds the
 * head order itself (no per-user wrapper object), so resting an order allocates nothing.
 */
import type { BookOrder } from './book-order.ts';

export class UserIndex {
  /** userId → the user's most recently added resting order; users with none have no entry. */
  readonly heads = new Map<number, BookOrder>();

  add(order: BookOrder): void {
    const head = this.heads.get(order.userId);
    order.userPrev = null;
    if (head === undefined) order.userNext = null;
    else {
      order.userNext = head;
      head.userPrev = order;
    }
    this.heads.set(order.userId, order);
  }

  remove(order: BookOrder): void {
    const { userPrev, userNext } = order;
    if (userNext !== null) userNext.userPrev = userPrev;
    if (userPrev !== null) userPrev.userNext = userNext;
    else if (userNext !== null) this.heads.set(order.userId, userNext);
    else this.heads.delete(order.userId);
    order.userPrev = order.userNext = null;
  }

  has(userId: number): boolean {
    return this.heads.has(userId);
  }

  /** The user's orders sorted by id: cancelAll reports in this order, which survives a rebuild unchanged. */
  ordersOf(userId: number): BookOrder[] {
    const result: BookOrder[] = [];
    for (let o = this.heads.get(userId) ?? null; o !== null; o = o.userNext) result.push(o);
    return result.sort((a, b) => a.id - b.id);
  }
}
