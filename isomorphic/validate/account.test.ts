import { describe, expect, it } from 'vitest';
import { USERNAME_PATTERN, isUsername, isVerificationCode } from './account.ts';

describe('isUsername', () => {
  it.each<[string, boolean]>([
    ['abcd', true],
    ['trader_01', true],
    ['____', true],
    ['1234', true],
    ['A'.repeat(42), true],
    ['0x52908400098527886E0F7030069857D2E4169EE7', true],
    ['0x' + 'f'.repeat(40), true],
    ['abc', false],
    ['', false],
    ['A'.repeat(43), false],
    ['0x' + 'f'.repeat(41), false],
    ['trader-01', false],
    ['trader.01', false],
    ['trader 01', false],
    ['trader01\n', false],
    ['交易员交易员', false],
    ['josé_01', false],
  ])('%j → %s', (s, expected) => {
    expect(isUsername(s)).toBe(expected);
    expect(USERNAME_PATTERN.test(s)).toBe(expected);
  });
});

describe('isVerificationCode', () => {
  it.each<[string, boolean]>([
    ['123456', true],
    ['000000', true],
    ['012345', true],
    ['12345', false],
    ['1234567', false],
    ['12345a', false],
    [' 123456', false],
    ['123456 ', false],
    ['123 456', false],
    ['-12345', false],
    ['１２３４５６', false],
    ['٠١٢٣٤٥', false],
    ['', false],
  ])('%j → %s', (s, expected) => {
    expect(isVerificationCode(s)).toBe(expected);
  });
});
