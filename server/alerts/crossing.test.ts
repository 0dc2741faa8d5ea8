import { describe, expect, it } from 'vitest';
import type { AlertKind } from '../../isomorphic/contract/alerts.ts';
import { changeBps, firingValue, reached, type Armed, type MarketView } from './crossing.ts';

/**
 * The crossing rule against driven price paths: a path of trades is fed to a set of alerts one check at a time (a
 * few trades per check, as the watcher sees them), each alert leaves the set when it fires, and what fired, at which
 * trade, is compared with a plain scan of the path.
 */
function drive(path: bigint[], alerts: Armed[], perCheck: number): Map<number, { at: number; value: bigint }> {
  const fired = new Map<number, { at: number; value: bigint }>();
  const trades: Array<{ id: number; price: bigint }> = [];
  for (let i = 0; i < path.length; i += perCheck) {
    for (const price of path.slice(i, i + perCheck)) trades.push({ id: trades.length + 1, price });
    // The market data keeps the latest 100 trades.
    const view: MarketView = { last: trades.at(-1)!.price, changeBps: 0n, trades: trades.slice(-100) };
    alerts.forEach((a, n) => {
      if (fired.has(n)) return;
      const value = firingValue(a, view);
      if (value !== undefined) fired.set(n, { at: trades.length, value });
    });
  }
  return fired;
}

/** A seeded walk of integer prices around 10,000 (a fixed seed, so a failure comes back). */
function walk(steps: number, seed: number): bigint[] {
  let x = seed;
  let p = 10_000;
  const out: bigint[] = [];
  for (let i = 0; i < steps; i++) {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
    p = Math.max(1, p + ((x >> 8) % 41) - 20);
    out.push(BigInt(p));
  }
  return out;
}

describe('when a price alert fires', () => {
  it('fires once, on the first trade at or past the target, in both directions, on random walks', () => {
    for (const seed of [1, 7, 42, 1234]) {
      const path = walk(600, seed);
      const start = path[0]!;
      const alerts: Armed[] = [];
      for (let d = 5n; d <= 200n; d += 15n) {
        alerts.push({ kind: 'priceRises', target: start + d, fromTrade: 0 });
        alerts.push({ kind: 'priceFalls', target: start - d, fromTrade: 0 });
      }
      const fired = drive(path, alerts, 7);
      alerts.forEach((a, n) => {
        const first = path.findIndex((p) => reached(a.kind, p, a.target));
        if (first < 0) expect(fired.has(n)).toBe(false);
        else expect(fired.get(n)).toEqual({ at: expect.any(Number), value: path[first] });
        if (first >= 0) expect(fired.get(n)!.at).toBe(Math.ceil((first + 1) / 7) * 7);
      });
      // The walk crosses some targets and not others, so both halves of the rule are exercised.
      expect(fired.size).toBeGreaterThan(0);
      expect(fired.size).toBeLessThan(alerts.length);
    }
  });

  it('catches a spike inside one check, at the price it traded at, not the last price', () => {
    const view: MarketView = {
      last: 99n,
      changeBps: 0n,
      trades: [
        { id: 1, price: 98n },
        { id: 2, price: 103n },
        { id: 3, price: 99n },
      ],
    };
    expect(firingValue({ kind: 'priceRises', target: 100n, fromTrade: 0 }, view)).toBe(103n);
    expect(firingValue({ kind: 'priceFalls', target: 98n, fromTrade: 0 }, view)).toBe(98n);
    expect(firingValue({ kind: 'priceFalls', target: 97n, fromTrade: 0 }, view)).toBeUndefined();
  });

  it('ignores the trades before it was set: only a later trade can cross it', () => {
    const view: MarketView = {
      last: 99n,
      changeBps: 0n,
      trades: [
        { id: 10, price: 105n },
        { id: 11, price: 99n },
      ],
    };
    expect(firingValue({ kind: 'priceRises', target: 100n, fromTrade: 11 }, view)).toBeUndefined();
    expect(firingValue({ kind: 'priceRises', target: 100n, fromTrade: 9 }, view)).toBe(105n);
  });

  it('fires on the last price where no trade made it (a quote print)', () => {
    expect(
      firingValue({ kind: 'priceRises', target: 100n, fromTrade: 0 }, { last: 100n, changeBps: 0n, trades: [] }),
    ).toBe(100n);
  });

  it('fires a 24 h change alert on the change at the check, above and below, negative targets too', () => {
    const at = (bps: bigint): MarketView => ({ last: 1n, changeBps: bps, trades: [{ id: 5, price: 1_000n }] });
    const cases: Array<[AlertKind, bigint, bigint, boolean]> = [
      ['changeAbove', 500n, 499n, false],
      ['changeAbove', 500n, 500n, true],
      ['changeAbove', 500n, 820n, true],
      ['changeBelow', -300n, -299n, false],
      ['changeBelow', -300n, -300n, true],
      ['changeBelow', -300n, -1_000n, true],
    ];
    for (const [kind, target, now, fires] of cases)
      expect([kind, target, now, firingValue({ kind, target, fromTrade: 0 }, at(now))]).toEqual([
        kind,
        target,
        now,
        fires ? now : undefined,
      ]);
    // A trade price past a change target means nothing to it.
    expect(firingValue({ kind: 'changeAbove', target: 900n, fromTrade: 0 }, at(0n))).toBeUndefined();
  });

  it('reads the 24 h change as the site does: basis points toward zero', () => {
    expect(changeBps(10_000n, 10_525n)).toBe(525n);
    expect(changeBps(3n, 2n)).toBe(-3_333n);
    expect(changeBps(0n, 5n)).toBe(0n);
  });
});
