import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs } from '../../tests/support/property.ts';
import type { TrailingRow } from './perp-state.ts';
import { TrailingIndex } from './trailing-index.ts';
import { scanTrailing } from './trailing.ts';

/**
 * The index against the scan it replaced (scanTrailing: every stop, every printed price) on driven paths: the same
 * stops due at the same steps, the same ones moved (in the same order), the same best prices after, while stops come
 * and go between paths and some due ones stay active (a fire that found nothing yet, or a nested move before it).
 */
const stop = fc.record({
  side: fc.constantFrom('buy' as const, 'sell' as const),
  by: fc.constantFrom('mark' as const, 'last' as const),
  // Few rates and a narrow price range, so buckets share rates and bests and merge often.
  callbackBps: fc.constantFrom(10, 20, 50, 100),
  activation: fc.option(fc.integer({ min: 9_900, max: 10_100 }), { nil: null }),
  best: fc.integer({ min: 9_900, max: 10_100 }),
});
const op = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('add' as const), stops: fc.array(stop, { maxLength: 8 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('path' as const),
      by: fc.constantFrom('mark' as const, 'last' as const),
      moves: fc.array(fc.integer({ min: -120, max: 120 }), { minLength: 1, maxLength: 6 }),
      // Whether the due ones end (they fired) or stay active (left for a later move).
      fire: fc.boolean(),
    }),
  },
);

describe('trailing stop index', () => {
  it('decides every path exactly as the scan of every stop', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const index = new TrailingIndex();
        // The scan's copies, same ids, in id order as TrailingStops keeps them.
        const live = new Map<number, TrailingRow>();
        const model = new Map<number, TrailingRow>();
        let id = 1;
        let price = 10_000n;
        for (const o of ops) {
          if (o.kind === 'add') {
            for (const s of o.stops) {
              const row: TrailingRow = {
                id: id++,
                userId: 1,
                symbol: 'btcusdt_perp',
                side: s.side,
                quantity: 1n,
                callbackBps: s.callbackBps,
                activation: s.activation === null ? null : BigInt(s.activation),
                by: s.by,
                // Placed with an activation price it waits; without one it starts from the price of the moment.
                best: s.activation === null ? BigInt(s.best) : null,
                status: 'active',
                orderId: null,
                createdAt: 0,
                updatedAt: 0,
              };
              live.set(row.id, row);
              model.set(row.id, { ...row });
              index.add(row);
            }
          } else if (o.kind === 'remove') {
            if (!live.size) continue;
            const gone = [...live.keys()][o.pick % live.size]!;
            index.delete(live.get(gone)!);
            live.delete(gone);
            model.delete(gone);
          } else {
            const path: bigint[] = [];
            for (const mv of o.moves) path.push((price = (price * BigInt(10_000 + mv)) / 10_000n));
            const got = index.advance('btcusdt_perp', o.by, path);
            const want = scanTrailing([...model.values()], o.by, path);
            const key = (d: { trailing: TrailingRow; step: number }) => `${d.step}:${d.trailing.id}`;
            expect(got.due.map(key).sort()).toEqual(want.due.map(key).sort());
            expect(got.moved.map((t) => t.id)).toEqual(want.moved.map((t) => t.id));
            for (const [i, t] of live) expect(t.best).toBe(model.get(i)!.best);
            if (o.fire)
              for (const d of got.due) {
                index.delete(d.trailing);
                live.delete(d.trailing.id);
                model.delete(d.trailing.id);
              }
          }
        }
      }),
      runs(300),
    );
  });

  it('a new high moves every stop below it and a fall fires the highest bests first, in one pass', () => {
    const rows: TrailingRow[] = [100_000n, 101_000n, 102_000n].map((best, i) => ({
      id: i + 1,
      userId: 1,
      symbol: 's',
      side: 'sell',
      quantity: 1n,
      callbackBps: 100,
      activation: null,
      by: 'mark',
      best,
      status: 'active',
      orderId: null,
      createdAt: 0,
      updatedAt: 0,
    }));
    const idx = new TrailingIndex();
    for (const r of rows) idx.add(r);
    // 101,500 is a new best for the first two (they merge); 100,485 is 101,500 × 0.99 exactly, so it fires them, and
    // the third (102,000 × 0.99 = 100,980) first, from the highest best down.
    const a = idx.advance('s', 'mark', [101_500n, 100_485n]);
    expect(a.moved.map((t) => t.id)).toEqual([1, 2]);
    expect(a.due.map((d) => [d.trailing.id, d.step])).toEqual([
      [3, 1],
      [1, 1],
      [2, 1],
    ]);
    expect(rows.map((r) => r.best)).toEqual([101_500n, 101_500n, 102_000n]);
  });
});
