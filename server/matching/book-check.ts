/**
 * The book checks its own structure: every engine test ends here, and the property tests call it after every
 * command, so a broken link or a stale total fails at the command that caused it rather than trades later.
 */
import type { BookOrder } from './book-order.ts';
import type { BookSide } from './book-side.ts';
import type { OrderBook } from './order-book.ts';

function fail(message: string): never {
  throw new Error(`order book invariant broken: ${message}`);
}

function checkSide(book: OrderBook, side: BookSide, name: string): number {
  const levels = side.levels;
  if (side.keyCount !== levels.length) fail(`${name}: ${side.keyCount} keys for ${levels.length} levels`);
  if (side.indexSize !== levels.length) fail(`${name}: ${side.indexSize} prices indexed for ${levels.length} levels`);
  let orders = 0;
  let empties = 0;
  for (let i = 0; i < levels.length; i++) {
    const level = levels[i]!;
    const at = `${name} level ${level.price}`;
    if (side.keyAt(i) !== side.direction * level.price) fail(`${at}: key ${side.keyAt(i)} does not match its price`);
    if (i > 0 && side.keyAt(i - 1)! >= side.keyAt(i)!)
      fail(`${at}: levels not strictly sorted (worst first, best last)`);
    if (side.indexed(level.price) !== level) fail(`${at}: missing from the price index`);
    if (level.count === 0) {
      // Empty levels may stay for reuse, but never as the best level, and they must be truly empty.
      if (i === levels.length - 1) fail(`${at}: the best level is empty`);
      if (level.head !== null || level.tail !== null || level.total !== 0)
        fail(`${at}: count 0 but holds orders or lots`);
      empties++;
      continue;
    }
    if (level.head === null) fail(`${at}: count ${level.count} but no orders`);
    let count = 0;
    let total = 0;
    let prev: BookOrder | null = null;
    for (let o: BookOrder | null = level.head; o !== null; o = o.next) {
      const who = `${at} order ${o.id}`;
      if (o.level !== level) fail(`${who}: points to another level`);
      if (o.prev !== prev) fail(`${who}: broken prev link`);
      if (o.side !== side.side) fail(`${who}: on the wrong side`);
      if (o.price !== level.price) fail(`${who}: price ${o.price} in level ${level.price}`);
      if (!Number.isSafeInteger(o.remaining) || o.remaining <= 0) fail(`${who}: remaining ${o.remaining}`);
      if (book.orders.get(o.id) !== o) fail(`${who}: missing from the id index`);
      count++;
      total += o.remaining;
      prev = o;
    }
    if (level.tail !== prev) fail(`${at}: tail is not the last order`);
    if (count !== level.count) fail(`${at}: count ${level.count}, but ${count} orders`);
    if (total !== level.total) fail(`${at}: total ${level.total}, but orders sum to ${total}`);
    orders += count;
  }
  if (empties !== side.empties) fail(`${name}: ${empties} empty levels, but the side counts ${side.empties}`);
  return orders;
}

export function validateBook(book: OrderBook): void {
  const inLevels = checkSide(book, book.bids, 'bids') + checkSide(book, book.asks, 'asks');
  if (inLevels !== book.orders.size) fail(`${book.orders.size} orders indexed, ${inLevels} in levels`);
  const bid = book.bids.best();
  const ask = book.asks.best();
  if (bid !== null && ask !== null && bid.price >= ask.price)
    fail(`crossed book: best bid ${bid.price} ≥ best ask ${ask.price}`);
  let inUsers = 0;
  for (const [userId, head] of book.users.heads) {
    if (head.userPrev !== null) fail(`user ${userId}: the head order ${head.id} has a predecessor`);
    let prev: BookOrder | null = null;
    for (let o: BookOrder | null = head; o !== null; o = o.userNext) {
      if (o.userId !== userId) fail(`user ${userId}: lists order ${o.id} of user ${o.userId}`);
      if (o.userPrev !== prev) fail(`user ${userId}: broken link at order ${o.id}`);
      if (book.orders.get(o.id) !== o) fail(`user ${userId}: order ${o.id} is not in the id index`);
      prev = o;
      inUsers++;
    }
  }
  if (inUsers !== book.orders.size) fail(`${book.orders.size} orders indexed, ${inUsers} in user lists`);
}
