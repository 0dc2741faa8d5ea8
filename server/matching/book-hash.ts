/**
 * A digest of the book for rebuild and replay checks: two books hash alike exactly when they hold the same
 * orders with the same fields in the same priority. Two independent 32-bit multiply-xorshift lanes (the
 * cyrb53 construction) over every integer; no crypto import, so the engine stays free of Node APIs.
 */
import type { OrderBook } from './order-book.ts';

export function hashBook(book: OrderBook): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  const mix = (n: number): void => {
    // A safe integer as two 32-bit words: ToUint32 keeps the low word, the division the high one.
    const words = [n >>> 0, Math.floor(n / 4294967296) >>> 0];
    for (const w of words) {
      h1 = Math.imul(h1 ^ w, 2654435761);
      h2 = Math.imul(h2 ^ w, 1597334677);
    }
  };
  for (const side of [book.bids, book.asks]) {
    mix(side.side);
    mix(side.liveLevels);
    for (let i = side.levels.length - 1; i >= 0; i--) {
      const level = side.levels[i]!;
      // Empty levels kept for reuse are not part of the book's state: a rebuilt book has none.
      if (level.count === 0) continue;
      mix(level.price);
      mix(level.count);
      for (let o = level.head; o !== null; o = o.next) {
        mix(o.id);
        mix(o.userId);
        mix(o.remaining);
        mix(o.postOnly ? 1 : 0);
        mix(o.stp);
      }
    }
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h2 >>> 0).toString(16).padStart(8, '0') + (h1 >>> 0).toString(16).padStart(8, '0');
}
