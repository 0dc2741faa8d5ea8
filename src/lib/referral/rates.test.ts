import { describe, expect, it } from 'vitest';
import { bpsOf, percentOf } from './rates.ts';

describe('rates as percent', () => {
  it('reads basis points as the shortest percent', () => {
    expect([2000, 1000, 500, 1250, 505, 510, 1, 0, 9000].map(percentOf)).toEqual([
      '20',
      '10',
      '5',
      '12.5',
      '5.05',
      '5.1',
      '0.01',
      '0',
      '90',
    ]);
  });
  it('takes a typed percent with at most two decimals, and nothing else', () => {
    expect(['20', '12.5', '5.05', ' 7 ', '0'].map(bpsOf)).toEqual([2000, 1250, 505, 700, 0]);
    for (const bad of ['', '1.234', '-5', '5%', '1e2', 'abc', '1,5']) expect(bpsOf(bad), bad).toBeUndefined();
  });
  it('round-trips every rate', () => {
    for (let bps = 0; bps <= 9000; bps += 7) expect(bpsOf(percentOf(bps))).toBe(bps);
  });
});
