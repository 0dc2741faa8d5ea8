/**
 * Each user's resting orders as an intrusive list, so cancelAll touches only that user's orders instead of
 * scanning the whole book, and self-trade checks can skip users with nothing resting.
 */
import type { BookOrder } from './book-order.ts';

export class UserOrders {
  head: BookOrder | null = null;
  count = 0;
}

export class UserIndex {
  readonly byUser = new Map<number, UserOrders>();

  add(order: BookOrder): void {
    let list = this.byUser.get(order.userId);
    if (list === undefined) {
      list = new UserOrders();
      this.byUser.set(order.userId, list);
    }
    order.userPrev = null;
    order.userNext = list.head;
    if (list.head !== null) list.head.userPrev = order;
    list.head = order;
    list.count++;
  }

  /** Drops the user's entry with its last order, so the map holds only users who have something resting. */
  remove(order: BookOrder): void {
    const list = this.byUser.get(order.userId)!;
    const { userPrev, userNext } = order;
    if (userPrev === null) list.head = userNext;
    else userPrev.userNext = userNext;
    if (userNext !== null) userNext.userPrev = userPrev;
    order.userPrev = order.userNext = null;
    if (--list.count === 0) this.byUser.delete(order.userId);
  }

  has(userId: number): boolean {
    return this.byUser.has(userId);
  }

  /** The user's orders sorted by id: cancelAll reports in this order, which survives a rebuild unchanged. */
  ordersOf(userId: number): BookOrder[] {
    const result: BookOrder[] = [];
    for (let o = this.byUser.get(userId)?.head ?? null; o !== null; o = o.userNext) result.push(o);
    return result.sort((a, b) => a.id - b.id);
  }
}
