import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LiquidationIndex, type Side } from './liquidation-index.ts';

describe('liquidation index', () => {
  it('finds longs at or above the mark and shorts at or below it, the furthest past first', () => {
    const ix = new LiquidationIndex();
    ix.set(1, 'long', 100n);
    ix.set(2, 'long', 120n);
    ix.set(3, 'long', 90n);
    ix.set(4, 'short', 130n);
    ix.set(5, 'short', 110n);
    ix.set(6, 'long', 100n);
    expect(ix.size).toBe(6);
    expect(ix.reached(150n)).toEqual([5, 4]);
    expect(ix.reached(100n)).toEqual([2, 6, 1]);
    expect(ix.reached(110n)).toEqual([2, 5]);
    expect(ix.reached(115n)).toEqual([2, 5]);
    expect(ix.reached(95n)).toEqual([2, 6, 1]);
    expect(ix.reached(120n)).toEqual([2, 5]);
  });

  it('moves, removes and drops positions that cannot be liquidated', () => {
    const ix = new LiquidationIndex();
    ix.set(7, 'long', 100n);
    ix.set(7, 'short', 90n);
    expect(ix.triggerOf(7)).toEqual({ side: 'short', trigger: 90n });
    expect(ix.reached(100n)).toEqual([7]);
    expect(ix.reached(80n)).toEqual([]);
    ix.set(7, 'short', null);
    expect(ix.size).toBe(0);
    expect(ix.reached(1_000n)).toEqual([]);
    ix.set(8, 'long', 5n);
    ix.delete(8);
    ix.delete(8);
    expect(ix.triggerOf(8)).toBeUndefined();
    expect(() => ix.set(2 ** 32, 'long', 1n)).toThrow(/32-bit/);
    expect(() => ix.set(1.5, 'long', 1n)).toThrow(/32-bit/);
    expect(() => ix.set(1, 'long', -1n)).toThrow(/below zero/);
  });

  it('answers exactly what a scan of every position answers, through any sequence of changes', () => {
    const op = fc.record({
      owner: fc.nat(40),
      side: fc.constantFrom<Side>('long', 'short'),
      trigger: fc.option(fc.bigInt(0n, 60n), { nil: null }),
      mark: fc.bigInt(0n, 60n),
    });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
        const ix = new LiquidationIndex();
        const model = new Map<number, { side: Side; trigger: bigint }>();
        for (const o of ops) {
          ix.set(o.owner, o.side, o.trigger);
          if (o.trigger === null) model.delete(o.owner);
          else model.set(o.owner, { side: o.side, trigger: o.trigger });
          const scan = [...model]
            .filter(([, e]) => (e.side === 'long' ? o.mark <= e.trigger : o.mark >= e.trigger))
            .map(([owner]) => owner);
          expect(ix.reached(o.mark).sort((a, b) => a - b)).toEqual(scan.sort((a, b) => a - b));
          expect(ix.size).toBe(model.size);
        }
      }),
    );
  });
});
