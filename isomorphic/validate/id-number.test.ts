import { describe, expect, it } from 'vitest';
import { compactId, isChineseResidentId, isIdNumber } from './id-number.ts';

describe('identity document numbers', () => {
  it('checks the Chinese resident ID check character and birth date', () => {
    expect(isChineseResidentId('11010519491231002X')).toBe(true);
    expect(isChineseResidentId('110105194912310021')).toBe(false);
    expect(isChineseResidentId('11010519491331002X')).toBe(false);
    expect(isIdNumber('idCard', 'CN', '110105 19491231 002x')).toBe(true);
  });
  it('takes passports of 6 to 9 letters and digits', () => {
    expect(isIdNumber('passport', 'DE', 'C01X00T47')).toBe(true);
    expect(isIdNumber('passport', 'DE', 'C01X0')).toBe(false);
    expect(isIdNumber('passport', 'DE', 'C01X00T47Z')).toBe(false);
  });
  it('takes other ID cards of 5 to 20 letters and digits', () => {
    expect(isIdNumber('idCard', 'FR', 'X4RTBPFW4')).toBe(true);
    expect(isIdNumber('idCard', 'FR', 'X4R?')).toBe(false);
    expect(compactId(' ab-12 ')).toBe('AB12');
  });
});
