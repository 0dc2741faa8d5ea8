/**
 * The active trailing stops of every contract, indexed so that a price move touches only the stops it activates,
 * gives a new best, or fires (a scan of every stop per printed price was the old way: trailing.ts kept the per-user
 * bound at 20 because of it). One lane per (contract, watched price, side); a sell trails a long, a buy a short, and
 * what follows is said for a sell (a buy mirrors it).
 *
 * - Waiting stops (no best yet) sit in buckets by activation price, lowest first: a price p activates every bucket at
 *   or below it (the scan's rule: `price < activation` waits), and each of its stops takes p as its best.
 * - Activated stops sit in buckets by (callback rate, best): the rates are few (10 to 500 bps in steps of 10), and
 *   stops of one rate with one best share their fire level best × (1 − rate). A new high p gives every bucket of a
 *   rate below p the best p, so they merge into one; a fall fires buckets from the highest best down while
 *   p × 10,000 ≤ best × (10,000 − rate), exactly as `retraced` compares.
 *
 * A path (an order's trade prices) is followed step by step as the scan did stop by stop: a stop that is due at one
 * step takes no later step of that path (it is set aside and put back once the path is done, still active: the caller
 * fires it, and a nested move in between may see it). Which stops are due, at which step, and which moved is the
 * same as the scan's, because each stop's course along a path depends on nothing but the path.
 */
import { createRequire } from 'node:module';
import type * as SortedTree from 'sorted-btree';
import type { TriggerSource } from '../../isomorphic/contract/perpetual.ts';
import type { TrailingRow } from './perp-state.ts';

// sorted-btree is CommonJS with its class on `exports.default` (see liquidation-index.ts).
const BTree: typeof SortedTree.default.default = createRequire(import.meta.url)('sorted-btree').default;

const compare = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);
const tree = () => new BTree<bigint, Set<TrailingRow>>(undefined, compare);
type Tree = ReturnType<typeof tree>;
/** A waiting stop without an activation price activates at any price: below every price for a sell, above for a buy. */
const ALWAYS_SELL = -1n;
const ALWAYS_BUY = 1n << 256n;

function put(t: Tree, key: bigint, row: TrailingRow): void {
  const set = t.get(key);
  if (set) set.add(row);
  else t.set(key, new Set([row]));
}

function take(t: Tree, key: bigint, row: TrailingRow): void {
  const set = t.get(key);
  if (!set?.delete(row)) return;
  if (!set.size) t.delete(key);
}

/** The keys of the buckets from one end while `keep` holds, read before any is changed. */
function run(t: Tree, fromTop: boolean, keep: (key: bigint) => boolean): bigint[] {
  const keys: bigint[] = [];
  const edge = fromTop ? t.maxKey() : t.minKey();
  if (edge === undefined || !keep(edge)) return keys;
  for (const [key] of fromTop ? t.entriesReversed() : t.entries()) {
    if (!keep(key)) break;
    keys.push(key);
  }
  return keys;
}

class Lane {
  readonly waiting = tree();
  /** By callback rate (bps), then best. */
  readonly active = new Map<number, Tree>();
  readonly sell: boolean;

  constructor(sell: boolean) {
    this.sell = sell;
  }

  add(row: TrailingRow): void {
    if (row.best === null) put(this.waiting, this.activationKey(row), row);
    else {
      let t = this.active.get(row.callbackBps);
      if (!t) this.active.set(row.callbackBps, (t = tree()));
      put(t, row.best, row);
    }
  }

  delete(row: TrailingRow): void {
    if (row.best === null) take(this.waiting, this.activationKey(row), row);
    else {
      const t = this.active.get(row.callbackBps);
      if (t) take(t, row.best, row);
    }
  }

  get empty(): boolean {
    if (this.waiting.size) return false;
    for (const t of this.active.values()) if (t.size) return false;
    return true;
  }

  /** One printed price: fires, then new bests, then activations (a stop activated here is looked at from the next). */
  step(price: bigint, step: number, due: Array<{ trailing: TrailingRow; step: number }>, moved: Set<TrailingRow>) {
    const sell = this.sell;
    const scaled = price * 10_000n;
    for (const [bps, t] of this.active) {
      const rate = BigInt(bps);
      // Due: a sell when price × 10,000 ≤ best × (10,000 − rate), the highest bests first; a buy mirrors.
      const fired = sell
        ? run(t, true, (best) => scaled <= best * (10_000n - rate))
        : run(t, false, (best) => scaled >= best * (10_000n + rate));
      for (const key of fired) {
        for (const row of t.get(key)!) due.push({ trailing: row, step });
        t.delete(key);
      }
      // A new best: every bucket below the price (a sell) merges into the price's bucket.
      const passed = sell ? run(t, false, (best) => best < price) : run(t, true, (best) => best > price);
      if (passed.length) this.merge(t, passed, price, moved);
    }
    const reached = sell ? run(this.waiting, false, (a) => a <= price) : run(this.waiting, true, (a) => a >= price);
    for (const key of reached) {
      const set = this.waiting.get(key)!;
      this.waiting.delete(key);
      for (const row of set) {
        row.best = price;
        moved.add(row);
        this.add(row);
      }
    }
  }

  private merge(t: Tree, keys: bigint[], price: bigint, moved: Set<TrailingRow>): void {
    let into = t.get(price);
    if (!into) t.set(price, (into = new Set()));
    for (const key of keys) {
      for (const row of t.get(key)!) {
        row.best = price;
        moved.add(row);
        into.add(row);
      }
      t.delete(key);
    }
  }

  private activationKey(row: TrailingRow): bigint {
    return row.activation ?? (this.sell ? ALWAYS_SELL : ALWAYS_BUY);
  }
}

/** The index of every active trailing stop (TrailingStops keeps it beside its maps). */
export class TrailingIndex {
  private readonly lanes = new Map<string, Lane>();

  /** Adds an active stop; its best, activation and rate must change only through `advance` while it is here. */
  add(row: TrailingRow): void {
    const key = laneKey(row.symbol, row.by, row.side === 'sell');
    let lane = this.lanes.get(key);
    if (!lane) this.lanes.set(key, (lane = new Lane(row.side === 'sell')));
    lane.add(row);
  }

  delete(row: TrailingRow): void {
    this.lanes.get(laneKey(row.symbol, row.by, row.side === 'sell'))?.delete(row);
  }

  clear(): void {
    this.lanes.clear();
  }

  /**
   * Follows a contract's stops watching `by` along `path`: the due ones with their step (still active, for the caller
   * to fire in order) and those whose best moved, in id order (the order the scan touched them).
   */
  advance(
    symbol: string,
    by: TriggerSource,
    path: readonly bigint[],
  ): { due: Array<{ trailing: TrailingRow; step: number }>; moved: TrailingRow[] } {
    const due: Array<{ trailing: TrailingRow; step: number }> = [];
    const moved = new Set<TrailingRow>();
    for (const sell of [true, false]) {
      const lane = this.lanes.get(laneKey(symbol, by, sell));
      if (!lane || lane.empty) continue;
      const from = due.length;
      for (let step = 0; step < path.length; step++) lane.step(path[step]!, step, due, moved);
      // Set aside while the path went on; back in place (their best as it was when due) before anything fires.
      for (let i = from; i < due.length; i++) lane.add(due[i]!.trailing);
    }
    return { due, moved: [...moved].sort((a, b) => a.id - b.id) };
  }
}

const laneKey = (symbol: string, by: TriggerSource, sell: boolean) => `${symbol}\u0000${by}\u0000${sell ? 's' : 'b'}`;
