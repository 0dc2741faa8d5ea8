import { describe, expect, it } from 'vitest';
import { INNER_LEVELS, LEVELS, Ladder, levelOffsetBps, tierLevels } from './ladder.ts';

describe('the makers’ two-tier ladder', () => {
  it('quotes both tiers first, then the inner one as the price walks and the outer one only far or old', () => {
    const ladder = new Ladder();
    expect(ladder.due(100)).toEqual(['inner', 'outer']);
    ladder.tiers.inner = { ref: 100, age: 0, handles: [] };
    ladder.tiers.outer = { ref: 100, age: 0, handles: [] };
    expect(ladder.due(100.05)).toEqual([]); // 0.05 %: both stay
    expect(ladder.due(100.09)).toEqual(['inner']); // 0.09 % > 0.08 %
    ladder.tiers.inner = { ref: 100.09, age: 0, handles: [] };
    expect(ladder.due(100.26)).toEqual(['inner', 'outer']); // 0.26 % > 0.25 % from the outer's price
  });

  it('quotes a tier again once it is old', () => {
    const ladder = new Ladder();
    ladder.tiers.inner = { ref: 100, age: 14, handles: [] };
    ladder.tiers.outer = { ref: 100, age: 119, handles: [] };
    expect(ladder.due(100)).toEqual([]);
    expect(ladder.due(100)).toEqual(['inner', 'outer']);
  });

  it('keeps an inner bid below every outer ask however far the outer tier may lag', () => {
    // The inner tier lags the price by up to 0.08 %, the outer by up to 0.25 %: the innermost inner bid, quoted around
    // a price 0.33 % above the outer tier's, is still below the innermost outer ask.
    const outerRef = 100;
    const innerRef = outerRef * (1 + 0.0008 + 0.0025);
    const innerBid = innerRef * (1 - levelOffsetBps(0) / 10_000);
    const outerAsk = outerRef * (1 + levelOffsetBps(INNER_LEVELS) / 10_000);
    expect(innerBid).toBeLessThan(outerAsk);
  });

  it('splits 20 levels into 5 inner and 15 outer', () => {
    expect(tierLevels('inner')).toEqual([0, INNER_LEVELS]);
    expect(tierLevels('outer')).toEqual([INNER_LEVELS, LEVELS]);
    expect(LEVELS).toBe(20);
  });
});
