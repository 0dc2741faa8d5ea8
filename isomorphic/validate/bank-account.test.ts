import { describe, expect, it } from 'vitest';
import { compactAccount, isBankNumber, isIban, isLuhn, isSwift } from './bank-account.ts';

describe('bank numbers', () => {
  it('checks IBANs by mod-97, ignoring spaces and case', () => {
    expect(isIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isIban('gb82 west 1234 5698 7654 32')).toBe(true);
    expect(isIban('DE89 3704 0044 0532 0130 01')).toBe(false);
    expect(isIban('DE00')).toBe(false);
  });
  it('checks card numbers by Luhn', () => {
    expect(isLuhn('4111111111111111')).toBe(true);
    expect(isLuhn('4111111111111112')).toBe(false);
    expect(isBankNumber('4111 1111 1111 1111')).toBe(true);
    expect(isBankNumber('6200 0000 0000 0005')).toBe(true);
  });
  it('refuses what is neither', () => {
    expect(isBankNumber('12345')).toBe(false);
    expect(isBankNumber('4111-1111-1111-111a')).toBe(false);
    expect(isBankNumber('XX12 3456 7890 1234')).toBe(false);
    expect(compactAccount(' de89-3704 ')).toBe('DE893704');
  });
  it('knows a SWIFT code of 8 or 11 characters', () => {
    expect(isSwift('DEUTDEFF')).toBe(true);
    expect(isSwift('deutdeff500')).toBe(true);
    expect(isSwift('DEUTDEF')).toBe(false);
    expect(isSwift('1EUTDEFF')).toBe(false);
  });
});
