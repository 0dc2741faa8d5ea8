import { describe, expect, it } from 'vitest';
import { displayValue, isSmall } from './valuation.ts';

describe('wallet valuation', () => {
  it('converts USDT values into the display currency exactly, rounding down', () => {
    expect(displayValue('10', '7.25')).toBe('72.50');
    expect(displayValue('1234.56789', '1')).toBe('1,234.56');
    expect(displayValue('0.00000001', '7.25')).toBe('0.00');
    expect(displayValue('x', '1')).toBe('--');
  });
  it('calls balances under 1 USDT small', () => {
    expect(isSmall('0.99999999')).toBe(true);
    expect(isSmall('1')).toBe(false);
    expect(isSmall('0')).toBe(true);
  });
});
