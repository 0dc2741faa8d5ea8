import { describe, expect, it } from 'vitest';
import { callbackRateOk, overPosition } from './close.ts';

describe('the close and trailing stop checks', () => {
  it.each([
    ['0.1', true],
    ['1', true],
    ['2.5', true],
    ['5', true],
    ['5.0', true],
    ['0', false],
    ['0.05', false],
    ['5.1', false],
    ['10', false],
    ['-1', false],
    ['1.', false],
    ['abc', false],
  ])('callback rate %s is %s', (text, ok) => {
    expect(callbackRateOk(text)).toBe(ok);
  });
  it('refuses more than the position, at the contract’s scale', () => {
    expect(overPosition(3, '0.101', '0.100')).toBe(true);
    expect(overPosition(3, '0.1', '0.100')).toBe(false);
    expect(overPosition(3, '0.05', '0.100')).toBe(false);
    expect(overPosition(0, '3', '2')).toBe(true);
  });
});
