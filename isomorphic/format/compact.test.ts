import { describe, expect, it } from 'vitest';
import { formatCompact } from './compact.ts';

describe('formatCompact', () => {
  it.each<[string | number, number | undefined, string]>([
    [1234567, undefined, '1.23M'],
    [999, undefined, '999'],
    [999.999, undefined, '999.99'],
    [12.3, undefined, '12.3'],
    [0, undefined, '0'],
    [1000, undefined, '1.00K'],
    [1999, undefined, '1.99K'],
    [999999, undefined, '999.99K'],
    [1000000, undefined, '1.00M'],
    [1999999999, undefined, '1.99B'],
    [1e12, undefined, '1.00T'],
    [1.23456e15, undefined, '1234.56T'],
    [-1234567, undefined, '-1.23M'],
    [-999, undefined, '-999'],
    [-1000, undefined, '-1.00K'],
    ['1234567.89', 1, '1.2M'],
    [1234567, 0, '1M'],
    [1234567, 4, '1.2345M'],
    ['1e9', undefined, '1.00B'],
    [0.000123, 2, '0'],
    [0.000123, 6, '0.000123'],
    ['not a number', undefined, '--'],
  ])('(%j, %j) → %j', (value, decimals, expected) => {
    expect(formatCompact(value, decimals)).toBe(expected);
  });
});
