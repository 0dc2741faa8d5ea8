import { describe, expect, it } from 'vitest';
import { percentOfBps } from './format.ts';

describe('fee rates as percentages', () => {
  it('writes whole basis points with two decimals', () => {
    expect([0, 2, 10, 45, 100].map(percentOfBps)).toEqual(['0.00%', '0.02%', '0.10%', '0.45%', '1.00%']);
  });
});
