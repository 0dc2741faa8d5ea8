import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filterNumericInput, isInteger, typedNumber } from './numeric-input.ts';

describe('filterNumericInput', () => {
  it.each<[string, number, string]>([
    ['abc1.2.3', 8, '1.23'],
    ['.5', 8, '5'],
    ['1.23456', 2, '1.23'],
    ['', 8, ''],
    ['0005', 8, '5'],
    ['00.5', 8, '0.5'],
    ['000', 8, '0'],
    ['0', 8, '0'],
    ['0.', 8, '0.'],
    ['00.', 8, '0.'],
    ['1.', 8, '1.'],
    ['12.5', 0, '12.'],
    ['12.', 0, '12.'],
    ['.5', 0, '5'],
    ['0.5', 0, '0.'],
    ['1.2.3', 0, '1.'],
    ['1.23456', 0, '1.'],
    ['1.2', 2, '1.2'],
    ['1.00000', 2, '1.00'],
    ['0.000000001', 8, '0.00000000'],
    ['..5', 8, '5'],
    ['.', 8, ''],
    ['...', 8, ''],
    ['1..2', 8, '1.2'],
    ['-12.5', 8, '12.5'],
    ['+3', 8, '3'],
    ['1,234.56', 8, '1234.56'],
    ['1 234', 8, '1234'],
    ['1e5', 8, '15'],
    ['abc', 8, ''],
    ['０１２', 8, ''],
    ['010.010', 8, '10.010'],
    ['0012300', 8, '12300'],
    ['100', 8, '100'],
    ['12345678901234567890', 8, '12345678901234567890'],
  ])('(%j, %i) → %j', (raw, decimals, expected) => {
    expect(filterNumericInput(raw, decimals)).toBe(expected);
  });

  it('keeps a whole-number field at the digits before the point, typed key by key', () => {
    let field = '';
    for (const key of '10.5') field = filterNumericInput(field + key, 0);
    expect(field).toBe('10.');
    expect(typedNumber(field)).toBe('10');
    expect(isInteger(typedNumber(field))).toBe(true);
  });

  it.each([-1, 1.5, NaN])('throws on decimals %s', (decimals) => {
    expect(() => filterNumericInput('1', decimals)).toThrow(RangeError);
  });

  it('always yields a partial number and is idempotent', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('0', '1', '9', '.', 'a', '-', ' ') }),
        fc.nat(10),
        (raw, decimals) => {
          const once = filterNumericInput(raw, decimals);
          const fracPart = `(\\.\\d{0,${decimals}})?`;
          expect(once).toMatch(new RegExp(`^((0|[1-9]\\d*)${fracPart})?$`));
          expect(filterNumericInput(once, decimals)).toBe(once);
        },
      ),
    );
  });
});

describe('isInteger', () => {
  it.each<[string, boolean]>([
    ['0', true],
    ['1', true],
    ['120', true],
    ['9007199254740993', true],
    ['012', false],
    ['00', false],
    ['', false],
    ['-1', false],
    ['+1', false],
    ['1.0', false],
    ['1.', false],
    ['1e3', false],
    [' 1', false],
    ['1 ', false],
    ['1,000', false],
    ['１２', false],
  ])('%j → %s', (raw, expected) => {
    expect(isInteger(raw)).toBe(expected);
  });
});
