/**
 * Resting triggers of one market in firing order, for spot's conditional orders (server/spot/conditional) and the
 * perpetual take-profit and stop-loss orders (server/perpetual/stop-index.ts). Two B+ trees, one per direction:
 * falling triggers (they fire when the price comes down to them) with the highest first, rising ones with the
 * lowest first, equal prices in id (placement) order. Insert and remove are O(log n) wherever the trigger lands (a
 * sorted array moved every later element: 100,000 resting made a middle insert a 100,000-element shift;
 * tests/bench/triggers.bench.ts), and the next to fire is a tree's first key, so a price that reaches none costs two
 * reads. The order is total and depends only on (direction, price, id), so a replay builds the same queue.
 */
import { createRequire } from 'node:module';
import type * as SortedTree from 'sorted-btree';

// sorted-btree is CommonJS with its class on `exports.default`: Node's ESM import and Vitest's disagree about
// which object a default import is, while require gives both the same one (as in liquidation-index.ts).
const BTree: typeof SortedTree.default.default = createRequire(import.meta.url)('sorted-btree').default;

/** What a queue needs of a trigger: a numeric id unique among those resting. */
export interface Trigger {
  id: number;
}

/** How a queue reads its triggers: whether one fires rising (price ≥ its level) or falling, and its level. */
export interface TriggerRule<T extends Trigger> {
  rises(t: T): boolean;
  level(t: T): bigint;
}

/** The triggers of one direction; the tree's first key is the next to fire. */
function lane<T extends Trigger>(rule: TriggerRule<T>, rising: boolean) {
  // Rising: the lowest level first; falling: the highest first; then the id, so equal levels keep placement order.
  return new BTree<T, T>(undefined, (a, b) => {
    const la = rule.level(a);
    const lb = rule.level(b);
    if (la !== lb) return la < lb === rising ? -1 : 1;
    return a.id - b.id;
  });
}

export class OrderedTriggers<T extends Trigger> {
  private readonly rule: TriggerRule<T>;
  private readonly fallingTree;
  private readonly risingTree;

  constructor(rule: TriggerRule<T>) {
    this.rule = rule;
    this.fallingTree = lane(rule, false);
    this.risingTree = lane(rule, true);
  }

  get size(): number {
    return this.fallingTree.size + this.risingTree.size;
  }

  /** Adds a trigger; its level and direction must not change while it rests (take it out, change it, put it back). */
  add(t: T): void {
    this.treeOf(t).set(t, t);
  }

  /** Takes a trigger out; another object with the same id and level is not it, and stays. */
  delete(t: T): void {
    const tree = this.treeOf(t);
    if (tree.get(t) === t) tree.delete(t);
  }

  has(t: T): boolean {
    return this.treeOf(t).get(t) === t;
  }

  /** The next trigger this price fires, if any: falling ones first, then rising ones. */
  next(price: bigint): T | undefined {
    const f = this.fallingTree.minKey();
    if (f !== undefined && this.rule.level(f) >= price) return f;
    const r = this.risingTree.minKey();
    return r !== undefined && this.rule.level(r) <= price ? r : undefined;
  }

  /** Every trigger this price reaches, in firing order (falling first), without taking any out: O(log n + k). */
  reached(price: bigint): T[] {
    const out: T[] = [];
    for (const f of this.fallingTree.keys()) {
      if (this.rule.level(f) < price) break;
      out.push(f);
    }
    for (const r of this.risingTree.keys()) {
      if (this.rule.level(r) > price) break;
      out.push(r);
    }
    return out;
  }

  /** The falling triggers in reverse firing order (the next to fire last), as a copy: O(n), for reports and tests. */
  get falling(): readonly T[] {
    return this.fallingTree.keysArray().reverse();
  }

  /** The rising triggers in reverse firing order (the next to fire last), as a copy: O(n). */
  get rising(): readonly T[] {
    return this.risingTree.keysArray().reverse();
  }

  /** Every trigger, falling then rising, each in firing order, without copying. */
  *[Symbol.iterator](): IterableIterator<T> {
    yield* this.fallingTree.keys();
    yield* this.risingTree.keys();
  }

  private treeOf(t: T) {
    return this.rule.rises(t) ? this.risingTree : this.fallingTree;
  }
}
