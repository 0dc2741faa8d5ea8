/**
 * One side of a book: its price levels in a sorted array with the best price at the END, so the level that
 * matching consumes (and most new orders join) is popped or pushed without moving the others. Lookups binary
 * search a parallel array of plain number keys, which stays in cache better than chasing level objects.
 * About 750 levels sit in a few kilobytes; inserting in the middle is one memmove.
 */
import { BUY, type Side } from './book-order.ts';
import { type LevelPool, PriceLevel } from './price-level.ts';

export class BookSide {
  readonly side: Side;
  /** Worst first, best last. */
  readonly levels: PriceLevel[] = [];
  /** keys[i] = dir × levels[i].price, ascending for both sides: +price for bids, −price for asks. */
  private readonly keys: number[] = [];
  private readonly dir: number;
  private readonly pool: LevelPool;

  constructor(side: Side, pool: LevelPool) {
    this.side = side;
    this.dir = side === BUY ? 1 : -1;
    this.pool = pool;
  }

  best(): PriceLevel | null {
    const n = this.levels.length;
    return n === 0 ? null : this.levels[n - 1]!;
  }

  /** The level at `price`, or null. */
  find(price: number): PriceLevel | null {
    const key = this.dir * price;
    const i = this.lowerBound(key);
    return i < this.keys.length && this.keys[i] === key ? this.levels[i]! : null;
  }

  /** The level at `price`, opened (empty) if there is none yet. */
  levelAt(price: number): PriceLevel {
    const key = this.dir * price;
    const keys = this.keys;
    const n = keys.length;
    // The common case in a live book: the order improves on or joins the best price.
    if (n === 0 || key > keys[n - 1]!) {
      const level = this.pool.take(price);
      keys.push(key);
      this.levels.push(level);
      return level;
    }
    if (key === keys[n - 1]) return this.levels[n - 1]!;
    const i = this.lowerBound(key);
    if (keys[i] === key) return this.levels[i]!;
    const level = this.pool.take(price);
    keys.splice(i, 0, key);
    this.levels.splice(i, 0, level);
    return level;
  }

  /** Closes an empty level, so the array never holds a level without orders. */
  remove(level: PriceLevel): void {
    const levels = this.levels;
    const n = levels.length;
    if (levels[n - 1] === level) {
      levels.pop();
      this.keys.pop();
    } else {
      const i = this.lowerBound(this.dir * level.price);
      levels.splice(i, 1);
      this.keys.splice(i, 1);
    }
    this.pool.give(level);
  }

  /** Whether an order at `price` on the other side would trade against this side's best level. */
  crosses(price: number): boolean {
    const n = this.keys.length;
    // Our best key is dir×best; the other side's order crosses when its price reaches our best price.
    return n !== 0 && (this.dir === 1 ? this.levels[n - 1]!.price >= price : this.levels[n - 1]!.price <= price);
  }

  /** Index of the first key ≥ key. */
  private lowerBound(key: number): number {
    const keys = this.keys;
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (keys[mid]! < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** For validate(): the keys array must mirror the levels exactly. */
  keyAt(i: number): number | undefined {
    return this.keys[i];
  }
  get keyCount(): number {
    return this.keys.length;
  }
  get direction(): number {
    return this.dir;
  }
}
