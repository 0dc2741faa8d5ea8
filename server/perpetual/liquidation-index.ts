/**
 * One contract's open positions ordered by the price that triggers their liquidation check, longs and shorts
 * apart, so that a mark tick finds every position it reached without looking at the others: exchange-core's
 * open liquidation change scans every position on every tick, which is what this avoids.
 *
 * - A long is reached when mark ≤ its trigger, a short when mark ≥ its trigger. `reached(mark)` walks the longs
 *   from the highest trigger down and the shorts from the lowest up, stopping at the first one not reached:
 *   O(k) for k results, as the tree keeps its ends at hand. `set` and `delete` are O(log n) (a red-black tree).
 * - Triggers come from liquidation-price.ts. An isolated position's trigger is its liquidation price with its own
 *   margin as backing; it changes only when the position, its margin or (through funding) its wallet changes.
 * - A cross position's liquidation price also moves with the account's other positions and their marks. The core
 *   stores the triggers `crossTriggers` gives (cross-margin.ts), which are safe whatever the other marks do: a
 *   tick that reaches one means "check this account now", after which the core liquidates it or stores new
 *   triggers for all its positions. It also stores new triggers whenever the account's wallet or any of its
 *   positions changes (fills, funding, transfers, margin changes). So a tick on one contract never recomputes
 *   accounts whose triggers it did not reach.
 *
 * One-way mode gives a user at most one position per contract, so the index is keyed by owner.
 */
import { OrderedMap } from '@js-sdsl/ordered-map';

export type Side = 'long' | 'short';

/** Owners fill the low 32 bits of a key and the trigger the rest, so equal triggers stay distinct and ordered. */
const OWNER_BITS = 32n;
const OWNER_LIMIT = 1n << OWNER_BITS;

const compare = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);

export class LiquidationIndex {
  private readonly longs = new OrderedMap<bigint, number>([], compare);
  private readonly shorts = new OrderedMap<bigint, number>([], compare);
  private readonly entries = new Map<number, { side: Side; key: bigint }>();

  get size(): number {
    return this.entries.size;
  }

  /** Stores or moves an owner's position; a null trigger (it cannot be liquidated) takes it out. */
  set(owner: number, side: Side, trigger: bigint | null): void {
    this.delete(owner);
    if (trigger === null) return;
    if (!Number.isInteger(owner) || owner < 0 || BigInt(owner) >= OWNER_LIMIT) throw new Error(`owner ${owner} is not a 32-bit id`);
    if (trigger < 0n) throw new Error(`trigger ${trigger} below zero`);
    const key = (trigger << OWNER_BITS) | BigInt(owner);
    (side === 'long' ? this.longs : this.shorts).setElement(key, owner);
    this.entries.set(owner, { side, key });
  }

  delete(owner: number): void {
    const e = this.entries.get(owner);
    if (!e) return;
    (e.side === 'long' ? this.longs : this.shorts).eraseElementByKey(e.key);
    this.entries.delete(owner);
  }

  triggerOf(owner: number): { side: Side; trigger: bigint } | undefined {
    const e = this.entries.get(owner);
    return e && { side: e.side, trigger: e.key >> OWNER_BITS };
  }

  /** Every owner whose trigger the mark has reached, the furthest past it first: longs, then shorts. */
  reached(mark: bigint): number[] {
    const out: number[] = [];
    const low = mark << OWNER_BITS;
    const longs = this.longs;
    for (let it = longs.rBegin(), end = longs.rEnd(); !it.equals(end) && it.pointer[0] >= low; it.next()) out.push(it.pointer[1]);
    const bound = (mark + 1n) << OWNER_BITS;
    const shorts = this.shorts;
    for (let it = shorts.begin(), end = shorts.end(); !it.equals(end) && it.pointer[0] < bound; it.next()) out.push(it.pointer[1]);
    return out;
  }
}
