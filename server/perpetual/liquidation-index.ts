/**
 * One contract's open positions ordered by the price that triggers their liquidation check, longs and shorts
 * apart, so that a mark tick finds every position it reached without looking at the others: exchange-core's
 * open liquidation change scans every position on every tick, which is what this avoids.
 *
 * - A long is reached when mark ≤ its trigger, a short when mark ≥ its trigger. `reached(mark)` takes the range
 *   of longs from the mark up and of shorts from the mark down: O(log n + k) for k results. `set` and `delete`
 *   are O(log n) (a B+ tree).
 * - Triggers come from liquidation-price.ts. An isolated position's trigger is its liquidation price with its own
 *   margin as backing; it changes only when the position, its margin or (through funding) its wallet changes.
 * - A cross position's liquidation price also moves with the account's other positions and their marks. The core
 *   stores the triggers `crossTriggers` gives (cross-margin.ts), which are safe whatever the other marks do: a
 *   tick that reaches one means "check this account now", after which the core liquidates it or stores new
 *   triggers for all its positions. It also stores new triggers whenever the account's wallet or any of its
 *   positions changes (fills, funding, transfers, margin changes). So a tick on one contract never recomputes
 *   accounts whose triggers it did not reach.
 *
 * Entries are keyed by a 32-bit id: the position's.
 */
import { createRequire } from 'node:module';
import type * as SortedTree from 'sorted-btree';

// sorted-btree is CommonJS with its class on `exports.default`: Node's ESM import and Vitest's disagree about
// which object a default import is, while require gives both the same one.
const BTree: typeof SortedTree.default.default = createRequire(import.meta.url)('sorted-btree').default;

export type Side = 'long' | 'short';

/** Ids fill the low 32 bits of a key and the trigger the rest, so equal triggers stay distinct and ordered. */
const ID_BITS = 32n;
const ID_LIMIT = 1n << ID_BITS;

const compare = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);

export class LiquidationIndex {
  private readonly longs = new BTree<bigint, number>(undefined, compare);
  private readonly shorts = new BTree<bigint, number>(undefined, compare);
  private readonly entries = new Map<number, { side: Side; key: bigint }>();

  get size(): number {
    return this.entries.size;
  }

  /** Stores or moves a position; a null trigger (it cannot be liquidated) takes it out. */
  set(id: number, side: Side, trigger: bigint | null): void {
    this.delete(id);
    if (trigger === null) return;
    if (!Number.isInteger(id) || id < 0 || BigInt(id) >= ID_LIMIT) throw new Error(`${id} is not a 32-bit id`);
    if (trigger < 0n) throw new Error(`trigger ${trigger} below zero`);
    const key = (trigger << ID_BITS) | BigInt(id);
    (side === 'long' ? this.longs : this.shorts).set(key, id);
    this.entries.set(id, { side, key });
  }

  delete(id: number): void {
    const e = this.entries.get(id);
    if (!e) return;
    (e.side === 'long' ? this.longs : this.shorts).delete(e.key);
    this.entries.delete(id);
  }

  triggerOf(id: number): { side: Side; trigger: bigint } | undefined {
    const e = this.entries.get(id);
    return e && { side: e.side, trigger: e.key >> ID_BITS };
  }

  /** Every id whose trigger the mark has reached, the furthest past it first: longs, then shorts. */
  reached(mark: bigint): number[] {
    const out: number[] = [];
    const top = this.longs.maxKey();
    if (top !== undefined) this.longs.forRange(mark << ID_BITS, top, true, (_key, id) => void out.push(id));
    out.reverse();
    const bottom = this.shorts.minKey();
    if (bottom !== undefined)
      this.shorts.forRange(bottom, (mark + 1n) << ID_BITS, false, (_key, id) => void out.push(id));
    return out;
  }
}
