import { describe, expect, it } from 'vitest';
import { percentOfRate, percentText, rateOfPercent } from './format.ts';

describe('fee rates as percentages', () => {
  it('writes hundredths of a basis point with two decimals, and more when the rate has them', () => {
    expect([0, 200, 1000, 4500, 10_000].map(percentOfRate)).toEqual(['0.00%', '0.02%', '0.10%', '0.45%', '1.00%']);
    expect([750, 225, 1, 10_050].map(percentOfRate)).toEqual(['0.075%', '0.0225%', '0.0001%', '1.005%']);
  });

  it('reads what the console types back exactly, and nothing else', () => {
    expect(['0.075', '0.1', '1', '0,02', ' 0.0225 '].map(rateOfPercent)).toEqual([750, 1000, 10_000, 200, 225]);
    expect(['', '0.00001', '-1', '1e-3', 'abc', '.5'].map(rateOfPercent).every(Number.isNaN)).toBe(true);
    for (const rate of [0, 1, 750, 1000, 9_999, 10_000]) expect(rateOfPercent(percentText(rate))).toBe(rate);
  });
});
