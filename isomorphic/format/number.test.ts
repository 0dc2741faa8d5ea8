import { describe, expect, it } from 'vitest';
import { formatAmount, truncateDecimals } from './number.ts';

describe('truncateDecimals', () => {
  it.each<[string | number, number, boolean, string]>([
    ['1.23456', 2, false, '1.23'],
    [1.23456, 2, false, '1.23'],
    [-1.239, 2, false, '-1.23'],
    ['-1.239', 2, false, '-1.23'],
    ['5', 2, true, '5.00'],
    ['5', 2, false, '5'],
    [5, 2, true, '5.00'],
    ['1.20', 2, false, '1.2'],
    ['1.20', 2, true, '1.20'],
    [1.999999, 2, false, '1.99'],
    [0.29, 2, false, '0.29'],
    [1.005, 2, false, '1'],
    [1.005, 2, true, '1.00'],
    [1e-7, 8, false, '0.0000001'],
    [1e-7, 6, false, '0'],
    [1e-7, 6, true, '0.000000'],
    [-1e-7, 6, true, '0.000000'],
    ['-0.001', 2, true, '0.00'],
    [1e21, 2, false, '1000000000000000000000'],
    [1e21, 2, true, '1000000000000000000000.00'],
    [123.456, 0, false, '123'],
    [-123.999, 0, true, '-123'],
    ['0', 3, true, '0.000'],
    ['99999999999999999999.99999999', 4, false, '99999999999999999999.9999'],
    ['abc', 2, false, '--'],
    [NaN, 2, true, '--'],
    [Infinity, 2, false, '--'],
  ])('(%j, %i, pad %s) → %j', (value, decimals, pad, expected) => {
    expect(truncateDecimals(value, decimals, { pad })).toBe(expected);
  });

  it('defaults to no padding', () => {
    expect(truncateDecimals('5', 2)).toBe('5');
  });

  it.each([-1, 1.5, NaN, 101])('throws on decimals %s', (decimals) => {
    expect(() => truncateDecimals('1', decimals)).toThrow(RangeError);
  });
});

describe('formatAmount', () => {
  it.each<[string | number, number, { grouping?: boolean; pad?: boolean }, string]>([
    ['1234567.891', 2, { grouping: true }, '1,234,567.89'],
    ['1234567.891', 2, {}, '1234567.89'],
    ['1234567.891', 2, { grouping: false }, '1234567.89'],
    [1234567, 2, { grouping: true }, '1,234,567.00'],
    [1234567, 2, { grouping: true, pad: false }, '1,234,567'],
    [-1234.5678, 3, { grouping: true }, '-1,234.567'],
    [999, 2, { grouping: true }, '999.00'],
    [1000, 0, { grouping: true }, '1,000'],
    [0, 8, {}, '0.00000000'],
    [0.000000019, 8, {}, '0.00000001'],
    ['100000000000000000000.5', 1, { grouping: true }, '100,000,000,000,000,000,000.5'],
    ['-0.004', 2, { grouping: true }, '0.00'],
    ['', 2, { grouping: true }, '--'],
  ])('(%j, %i, %j) → %j', (value, decimals, options, expected) => {
    expect(formatAmount(value, decimals, options)).toBe(expected);
  });
});
