import { describe, expect, it } from 'vitest';
import { bookLadder } from '../../../isomorphic/money/depth.ts';
import { depthGeometry } from './depth-geometry.ts';

const scales = { priceScale: 2, qtyScale: 2 };
const ladder = bookLadder(
  {
    bids: [
      ['99.00', '1'],
      ['98.00', '3'],
    ],
    asks: [
      ['101.00', '2'],
      ['104.00', '2'],
    ],
  },
  scales,
  '',
  Number.POSITIVE_INFINITY,
);

describe('depthGeometry', () => {
  const g = depthGeometry(ladder, scales);

  it('centres on the middle of the spread, as wide as the farther side', () => {
    // Middle 100, farthest 104 → the plot spans 96…104.
    expect(g.bids.map((s) => s.x)).toEqual([3 / 8, 2 / 8]);
    expect(g.asks.map((s) => s.x)).toEqual([5 / 8, 1]);
    expect(g.xTicks.map((t) => t.label)).toEqual(['96.80', '100.00', '103.20']);
  });

  it('scales both sides to the deeper running total', () => {
    expect(g.bids.at(-1)!.y).toBeCloseTo(g.asks.at(-1)!.y);
    expect(g.bids[0]!.y).toBeCloseTo(g.bids.at(-1)!.y / 4);
  });

  it('reads the running total a pointer reaches walking out from the best price', () => {
    expect(g.nearest(0.45)).toEqual({ side: 'bid', index: 0 });
    expect(g.nearest(0.3)).toEqual({ side: 'bid', index: 0 });
    expect(g.nearest(0.1)).toEqual({ side: 'bid', index: 1 });
    expect(g.nearest(0.7)).toEqual({ side: 'ask', index: 0 });
    expect(g.nearest(0.99)).toEqual({ side: 'ask', index: 0 });
    expect(g.nearest(1)).toEqual({ side: 'ask', index: 1 });
  });

  it('labels the amounts at the quantity decimals under a thousand, compactly above', () => {
    const small = { priceScale: 1, qtyScale: 3 };
    const one = bookLadder({ bids: [['93605.0', '0.010']], asks: [] }, small, '', Number.POSITIVE_INFINITY);
    expect(depthGeometry(one, small).yTicks.map((t) => t.label)).toEqual(['0.002', '0.005', '0.007']);
    const deep = bookLadder({ bids: [['99.00', '5000']], asks: [] }, scales, '', Number.POSITIVE_INFINITY);
    expect(depthGeometry(deep, scales).yTicks.map((t) => t.label)).toEqual(['1.25K', '2.50K', '3.75K']);
  });

  it('draws nothing for an empty book', () => {
    const empty = depthGeometry({ bids: [], asks: [] }, scales);
    expect(empty.bids).toEqual([]);
    expect(empty.nearest(0.2)).toBeNull();
  });
});
