import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs } from '../../tests/support/property.ts';
import { fireOrder, reached, TriggerQueue } from '../spot/conditional/conditional-book.ts';
import type { ConditionalRow } from '../spot/conditional/conditional.repo.ts';

/**
 * The model: the sorted-array queue the tree replaced, as it was (two arrays in reverse firing order, binary-search
 * insert, splice out only the very object), so the property checks the tree keeps exactly its order and answers.
 */
class ArrayQueue {
  readonly falling: ConditionalRow[] = [];
  readonly rising: ConditionalRow[] = [];
  get size() {
    return this.falling.length + this.rising.length;
  }
  add(c: ConditionalRow) {
    const list = this.listOf(c);
    list.splice(this.at(list, c), 0, c);
  }
  delete(c: ConditionalRow) {
    const list = this.listOf(c);
    const i = this.at(list, c);
    if (list[i] === c) list.splice(i, 1);
  }
  next(last: bigint) {
    const f = this.falling.at(-1);
    if (f && reached(f, last)) return f;
    const r = this.rising.at(-1);
    return r && reached(r, last) ? r : undefined;
  }
  private listOf(c: ConditionalRow) {
    return (c.side === 'buy') === (c.type === 'STOP_LOSS' || c.type === 'STOP_LOSS_LIMIT') ? this.rising : this.falling;
  }
  private at(list: readonly ConditionalRow[], c: ConditionalRow) {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (fireOrder(list[mid]!, c) > 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

const row = (id: number, side: 'buy' | 'sell', type: ConditionalRow['type'], stop: number) =>
  ({ id, side, type, stopPrice: BigInt(stop) }) as ConditionalRow;

const op = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('add' as const),
      side: fc.constantFrom('buy' as const, 'sell' as const),
      type: fc.constantFrom('STOP_LOSS' as const, 'TAKE_PROFIT_LIMIT' as const),
      // A narrow range, so equal stops (ordered by id) are common.
      stop: fc.integer({ min: 90, max: 110 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }) },
  // The same id and stop as a resting one, but another object: neither queue takes it out.
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('removeCopy' as const), pick: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('pop' as const), last: fc.integer({ min: 85, max: 115 }) }) },
);

describe('TriggerQueue', () => {
  it('keeps the sorted array’s order and answers under random adds, removes and pops', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 300 }), (ops) => {
        const tree = new TriggerQueue();
        const model = new ArrayQueue();
        const resting: ConditionalRow[] = [];
        let id = 1;
        for (const o of ops) {
          if (o.kind === 'add') {
            const c = row(id++, o.side, o.type, o.stop);
            tree.add(c);
            model.add(c);
            resting.push(c);
          } else if (o.kind === 'remove' || o.kind === 'removeCopy') {
            if (!resting.length) continue;
            const c = resting[o.pick % resting.length]!;
            const target = o.kind === 'remove' ? c : { ...c };
            tree.delete(target);
            model.delete(target);
            if (o.kind === 'remove') resting.splice(resting.indexOf(c), 1);
          } else {
            // Fire everything this price reaches, one at a time, as the spot commands do.
            const last = BigInt(o.last);
            for (;;) {
              const a = tree.next(last);
              const b = model.next(last);
              expect(a).toBe(b);
              if (!a) break;
              tree.delete(a);
              model.delete(a);
              resting.splice(resting.indexOf(a), 1);
            }
          }
          expect(tree.size).toBe(model.size);
        }
        expect(tree.falling).toEqual(model.falling);
        expect(tree.rising).toEqual(model.rising);
        expect([...tree]).toEqual([...model.falling].reverse().concat([...model.rising].reverse()));
      }),
      runs(200),
    );
  });

  it('answers every reached trigger in firing order without taking them out', () => {
    const q = new TriggerQueue();
    const a = row(1, 'sell', 'STOP_LOSS', 100);
    const b = row(2, 'sell', 'STOP_LOSS', 102);
    const c = row(3, 'buy', 'STOP_LOSS', 98);
    const d = row(4, 'sell', 'STOP_LOSS', 102);
    for (const x of [a, b, c, d]) q.add(x);
    // Falling (sells' stop-losses) the highest first, equal stops by id; then rising (the buy's) the lowest first.
    expect(q.reached(103n)).toEqual([c]);
    expect(q.reached(101n)).toEqual([b, d, c]);
    expect(q.reached(97n)).toEqual([b, d, a]);
    expect(q.reached(98n).map((x) => x.id)).toEqual([2, 4, 1, 3]);
    expect(q.size).toBe(4);
  });
});
