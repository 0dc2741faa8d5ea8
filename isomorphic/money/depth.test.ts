import { describe, expect, it } from 'vitest';
import { bookLadder, groupLevels } from './depth.ts';

describe('groupLevels', () => {
  // Prices in cents: 100.01, 100.05, 100.10, 100.19 grouped by 0.10 (10 cents).
  const levels = [
    [10_001n, 1n],
    [10_005n, 2n],
    [10_010n, 4n],
    [10_019n, 8n],
  ] as const;

  it('rounds bids down and asks up to the step, never to a better price than the orders offer', () => {
    expect(groupLevels([...levels].reverse(), 10n, 'bid', 10)).toEqual([
      [10_010n, 12n],
      [10_000n, 3n],
    ]);
    expect(groupLevels(levels, 10n, 'ask', 10)).toEqual([
      [10_010n, 7n],
      [10_020n, 8n],
    ]);
  });

  it('keeps a price already on the step where it is, on both sides', () => {
    expect(groupLevels([[10_010n, 5n]], 10n, 'bid', 10)).toEqual([[10_010n, 5n]]);
    expect(groupLevels([[10_010n, 5n]], 10n, 'ask', 10)).toEqual([[10_010n, 5n]]);
  });

  it('stops at the limit of buckets but finishes the last one', () => {
    expect(groupLevels(levels, 10n, 'ask', 1)).toEqual([[10_010n, 7n]]);
    expect(groupLevels(levels, 1n, 'ask', 4)).toHaveLength(4);
  });
});

describe('bookLadder', () => {
  const scales = { priceScale: 2, qtyScale: 3 };

  it('groups decimal text exactly: 0.1 + 0.2 is 0.300, and running totals add up from the best price', () => {
    const ladder = bookLadder(
      {
        bids: [
          ['96500.09', '0.1'],
          ['96500.01', '0.2'],
          ['96499.99', '1.005'],
        ],
        asks: [
          ['96500.11', '0.1'],
          ['96500.19', '0.2'],
          ['96500.21', '0.4'],
        ],
      },
      scales,
      '0.1',
      20,
    );
    expect(ladder.bids.map((r) => [r.price, r.qty, r.cum])).toEqual([
      ['96500.00', '0.300', '0.300'],
      ['96499.90', '1.005', '1.305'],
    ]);
    expect(ladder.asks.map((r) => [r.price, r.qty, r.cum])).toEqual([
      ['96500.20', '0.300', '0.300'],
      ['96500.30', '0.400', '0.700'],
    ]);
    // Shares are of the deeper side's total (1.305), so the sides compare.
    expect(ladder.bids.at(-1)!.share).toBe(1);
    expect(ladder.asks.at(-1)!.share).toBeCloseTo(0.7 / 1.305, 3);
  });

  it('cuts each side to the rows asked for, and leaves an empty book empty', () => {
    const asks = Array.from({ length: 30 }, (_, i) => [`${100 + i}.00`, '1'] as const);
    const ladder = bookLadder({ bids: [], asks }, scales, '0.01', 20);
    expect(ladder.asks).toHaveLength(20);
    expect(ladder.asks.at(-1)!.cum).toBe('20.000');
    expect(bookLadder({ bids: [], asks: [] }, scales, '1', 20)).toEqual({ bids: [], asks: [] });
  });

  it('groups nothing with the empty step (the depth chart reads every level)', () => {
    const bids = [
      ['1.01', '1'],
      ['1.00', '2'],
    ] as const;
    expect(bookLadder({ bids, asks: [] }, scales, '', Number.POSITIVE_INFINITY).bids.map((r) => r.price)).toEqual([
      '1.01',
      '1.00',
    ]);
  });
});
