import { describe, expect, it } from 'vitest';
import { formatAssetAmount } from './asset.ts';

describe('formatAssetAmount', () => {
  it.each<[string, number | undefined, string]>([
    ['748.07351452', 2, '748.07'],
    ['0.00052800', 6, '0.000528'],
    ['0.00052899', 6, '0.000528'],
    ['1000', 8, '1,000.00000000'],
    ['1.12345678', 8, '1.12345678'],
    ['1000', 2, '1,000.00'],
    ['1234567.999', 2, '1,234,567.99'],
    ['-5.129', 2, '-5.12'],
    ['1.5', undefined, '1.50000000'],
    ['', 2, '--'],
  ])('(%j, %j) → %j', (value, decimals, expected) => {
    expect(formatAssetAmount(value, decimals)).toBe(expected);
  });
});
