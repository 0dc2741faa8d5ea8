/**
 * One side of a book: its price levels in a sorted array with the best price at the END, so the level that
 * matching consumes (and a new best price) is popped or pushed without moving the others. A Map from price to
 * level finds an existing level in O(1); only a new price binary-searches its slot, over a parallel array of
 * plain number keys, which stays in cache better than chasing level objects.
 *
 * A level that empties in the middle of the book stays in the array, empty, because orders move between
 * nearby prices all the time and the next order at that price then finds it without an insert: profiling
 * showed opening and closing levels (two splices each) was almost half the cost of a move. The best level is
 * never empty (trailing empty levels are popped at once), and empty ones are compacted away when there are
 * more than COMPACT_AT of them and they outnumber the live ones, so memory stays proportional to the book.
 */
import { BUY, type Side } from './book-order.ts';
import type { LevelPool, PriceLevel } from './price-level.ts';

const COMPACT_AT = 1024;

export class BookSide {
  readonly side: Side;
  /** Worst first, best last. */
  readonly levels: PriceLevel[] = [];
  /** keys[i] = dir × levels[i].price, ascending for both sides: +price for bids, −price for asks. */
  private readonly keys: number[] = [];
  private readonly dir: number;
  private readonly pool: LevelPool;
  /** Every level in the array by price: joining an existing price (the common case) skips the binary search. */
  private readonly byPrice = new Map<number, PriceLevel>();
  /** Empty levels still in the array (never the last one). */
  empties = 0;

  constructor(side: Side, pool: LevelPool) {
    this.side = side;
    this.dir = side === BUY ? 1 : -1;
    this.pool = pool;
  }

  best(): PriceLevel | null {
    const n = this.levels.length;
    return n === 0 ? null : this.levels[n - 1]!;
  }

  /** The level at `price`, for an order to join at once (an empty level found here counts as live again). */
  levelAt(price: number): PriceLevel {
    const found = this.byPrice.get(price);
    if (found !== undefined) {
      if (found.count === 0) this.empties--;
      return found;
    }
    const level = this.pool.take(price);
    this.byPrice.set(price, level);
    const key = this.dir * price;
    const keys = this.keys;
    const n = keys.length;
    // A new best price is pushed at the end; anywhere else needs a sorted insert.
    if (n === 0 || key > keys[n - 1]!) {
      keys.push(key);
      this.levels.push(level);
    } else {
      const i = this.lowerBound(key);
      keys.splice(i, 0, key);
      this.levels.splice(i, 0, level);
    }
    return level;
  }

  /** Called when `level` has just lost its last order. */
  emptied(level: PriceLevel): void {
    const levels = this.levels;
    if (levels[levels.length - 1] !== level) {
      if (++this.empties > COMPACT_AT && this.empties * 2 > levels.length) this.compact();
      return;
    }
    // The best level emptied: drop it and any empty ones behind it, so the new best has orders.
    this.close(levels.pop()!);
    while (levels.length !== 0 && levels[levels.length - 1]!.count === 0) {
      this.close(levels.pop()!);
      this.empties--;
    }
  }

  /** Forgets a level just popped off the end of the array. */
  private close(level: PriceLevel): void {
    this.keys.pop();
    this.byPrice.delete(level.price);
    this.pool.give(level);
  }

  /** Number of levels with orders. */
  get liveLevels(): number {
    return this.levels.length - this.empties;
  }

  /** Drops every empty level in one pass. */
  private compact(): void {
    const { levels, keys } = this;
    let j = 0;
    for (let i = 0; i < levels.length; i++) {
      const level = levels[i]!;
      if (level.count === 0) {
        this.byPrice.delete(level.price);
        this.pool.give(level);
        continue;
      }
      levels[j] = level;
      keys[j] = keys[i]!;
      j++;
    }
    levels.length = keys.length = j;
    this.empties = 0;
  }

  /**
   * Whether an order at `price` on the other side would trade: a sell at or below our best bid, a buy at or above our
   * best ask.
   */
  crosses(price: number): boolean {
    const n = this.levels.length;
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
  /** For validate(): the level the price index holds for `price`. */
  indexed(price: number): PriceLevel | undefined {
    return this.byPrice.get(price);
  }
  get indexSize(): number {
    return this.byPrice.size;
  }
}
