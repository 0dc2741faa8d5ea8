import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUnits, mulDivDown, mulDivUp, parseUnits } from './units.ts';

describe('parseUnits', () => {
  it.each([
    ['1', 8, 100000000n],
    ['1.5', 8, 150000000n],
    ['0.00000001', 8, 1n],
    ['0.10', 1, 1n],
    ['0012.3400', 2, 1234n],
    [7, 0, 7n],
  ])('%j at scale %i is %s', (text, scale, value) => expect(parseUnits(text, scale)).toEqual({ ok: true, value }));
  it.each([
    ['', 'format'],
    ['-1', 'format'],
    ['+1', 'format'],
    ['1e5', 'format'],
    ['1.2.3', 'format'],
    [' 1', 'format'],
    ['.5', 'format'],
    ['1.', 'format'],
    ['NaN', 'format'],
    [null, 'format'],
    [Number.NaN, 'format'],
    [Number.POSITIVE_INFINITY, 'format'],
    [{}, 'format'],
    ['0x10', 'format'],
    ['0.000000001', 'precision'],
    ['1'.repeat(31), 'format'],
  ])('%j is refused (%s)', (text, problem) => expect(parseUnits(text, 8)).toEqual({ ok: false, problem }));
  it('refuses values over the maximum', () =>
    expect(parseUnits('1000', 0, 999n)).toEqual({ ok: false, problem: 'range' }));
  // Short decimals take a path of their own (no regular expression): it must answer what the definition does.
  it('answers short and long decimals as the decimal definition does', () => {
    const reference = (s: string, scale: number) => {
      const m = /^(\d{1,30})(?:\.(\d{1,30}))?$/.exec(s);
      if (!m) return { ok: false, problem: 'format' };
      const frac = (m[2] ?? '').replace(/0+$/, '');
      if (frac.length > scale) return { ok: false, problem: 'precision' };
      return { ok: true, value: BigInt(m[1]! + frac.padEnd(scale, '0')) };
    };
    const text = fc.oneof(
      fc.stringMatching(/^[0-9]{0,9}(\.[0-9]{0,9})?$/),
      fc.stringMatching(/^[0-9.]{0,18}$/),
      fc.stringMatching(/^0*[1-9]?\.?[0-9]{0,8}0*$/),
    );
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 12 }), (s, scale) => {
        expect(parseUnits(s, scale)).toEqual(reference(s, scale));
      }),
      { numRuns: 5_000 },
    );
  });
});

describe('formatUnits', () => {
  it.each([
    [150000000n, 8, 8, '1.50000000'],
    [150000000n, 8, 2, '1.50'],
    [199999999n, 8, 2, '1.99'],
    [1n, 8, 8, '0.00000001'],
    [5n, 0, 0, '5'],
    [12n, 1, 3, '1.200'],
    [-150000000n, 8, 2, '-1.50'],
    [-1n, 8, 2, '0.00'],
  ])('%s at scale %i with %i decimals is %s', (v, scale, decimals, out) =>
    expect(formatUnits(v, scale, decimals)).toBe(out),
  );
  it('round-trips with parseUnits', () =>
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.integer({ min: 0, max: 12 }), (v, scale) => {
        expect(parseUnits(formatUnits(v, scale), scale)).toEqual({ ok: true, value: v });
      }),
    ));
});

describe('rounding', () => {
  it.each([
    [10n, 3n, 4n, 7n, 8n],
    [10n, 4n, 4n, 10n, 10n],
    [1n, 1n, 3n, 0n, 1n],
  ])('%s*%s/%s is %s down and %s up', (a, b, d, down, up) => {
    expect(mulDivDown(a, b, d)).toBe(down);
    expect(mulDivUp(a, b, d)).toBe(up);
  });
});
