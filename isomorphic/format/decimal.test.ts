import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecimal, render, shiftLeft, toDecimalString, truncate } from './decimal.ts';

describe('toDecimalString', () => {
  it.each<[string | number, string | null]>([
    [0, '0'],
    [-0, '0'],
    [1, '1'],
    [-1, '-1'],
    [1.5, '1.5'],
    [0.1, '0.1'],
    [1e-7, '0.0000001'],
    [-1e-7, '-0.0000001'],
    [1.23e-10, '0.000000000123'],
    [5e-324, '0.' + '0'.repeat(323) + '5'],
    [1e21, '1000000000000000000000'],
    [1.5e21, '1500000000000000000000'],
    [123456789012345680000, '123456789012345680000'],
    [Number.MAX_SAFE_INTEGER, '9007199254740991'],
    ['1.23456', '1.23456'],
    ['  42  ', '42'],
    ['+3.10', '3.1'],
    ['-0.000', '0'],
    ['007.50', '7.5'],
    ['.5', '0.5'],
    ['5.', '5'],
    ['1e-7', '0.0000001'],
    ['1E3', '1000'],
    ['1.5e+2', '150'],
    ['12.34e-1', '1.234'],
    ['123456789012345678901234567890.123456789', '123456789012345678901234567890.123456789'],
    [NaN, null],
    [Infinity, null],
    [-Infinity, null],
    ['', null],
    ['   ', null],
    ['.', null],
    ['-', null],
    ['abc', null],
    ['1,234', null],
    ['0x10', null],
    ['Infinity', null],
    ['1.2.3', null],
    ['1e', null],
    ['1e99999', null],
  ])('%j → %j', (input, expected) => {
    expect(toDecimalString(input)).toBe(expected);
  });
});

describe('truncate / shiftLeft / render', () => {
  it.each<[string, number, string]>([
    ['1.23456', 2, '1.23'],
    ['-1.239', 2, '-1.23'],
    ['-0.001', 2, '0'],
    ['1.2003', 3, '1.2'],
    ['9.999', 0, '9'],
    ['-9.999', 0, '-9'],
  ])('truncate(%s, %i) → %s', (input, decimals, expected) => {
    expect(render(truncate(parseDecimal(input)!, decimals))).toBe(expected);
  });

  it.each<[string, number, string]>([
    ['2500000', 6, '2.5'],
    ['1234', 3, '1.234'],
    ['12', 3, '0.012'],
    ['-1000', 3, '-1'],
    ['0.5', 2, '0.005'],
  ])('shiftLeft(%s, %i) → %s', (input, places, expected) => {
    expect(render(shiftLeft(parseDecimal(input)!, places))).toBe(expected);
  });

  it.each<[string, number, boolean, string]>([
    ['1234567.5', 2, true, '1,234,567.50'],
    ['123', 0, true, '123'],
    ['-1234', 1, true, '-1,234.0'],
    ['1234', 0, false, '1234'],
  ])('render(%s, minDecimals %i, grouping %s) → %s', (input, minDecimals, grouping, expected) => {
    expect(render(parseDecimal(input)!, { minDecimals, grouping })).toBe(expected);
  });

  it('agrees with BigInt arithmetic for any integer scaled by any power of ten', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.nat(20), (n, scale) => {
        const abs = (n < 0n ? -n : n).toString().padStart(scale + 1, '0');
        const expected =
          (n < 0n ? '-' : '') + abs.slice(0, abs.length - scale) + (scale ? '.' + abs.slice(-scale) : '');
        const parsed = parseDecimal(n.toString() + 'e-' + scale);
        expect(parsed).not.toBeNull();
        expect(render(parsed!, { minDecimals: scale })).toBe(expected);
      }),
    );
  });

  it('never renders exponent notation for any finite double', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        const text = toDecimalString(x);
        expect(text).toMatch(/^-?(0|[1-9]\d*)(\.\d*[1-9])?$/);
        expect(Number(text)).toBe(x === 0 ? 0 : x);
      }),
    );
  });
});
