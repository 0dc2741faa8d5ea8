import { describe, expect, it } from 'vitest';
import { bodyInt, bodyIntIn, queryInt } from './integers.ts';

describe('queryInt', () => {
  const page = queryInt({ min: 1, max: 100 });
  it.each(['1', '42', '100'])('takes the canonical %j', (s) => expect(page.parse(s)).toBe(Number(s)));
  it.each([
    ' 1',
    '1 ',
    '01',
    '+1',
    '1.0',
    '1e1',
    '0x2',
    '0b1',
    '1_0',
    '',
    '٣',
    'NaN',
    'Infinity',
    '9'.repeat(20),
    '101',
    '0',
    '-1',
  ])('refuses %j', (s) => {
    expect(page.safeParse(s).success).toBe(false);
  });
  it.each([[1], [true], [null], [{}], [['1']], [['1', '2']]])('refuses the non-string %j', (v) =>
    expect(page.safeParse(v).success).toBe(false),
  );
  it('takes negative canonical numbers inside the range', () => {
    const size = queryInt({ min: -521, max: 100 });
    expect(size.parse('-521')).toBe(-521);
    expect(size.safeParse('-0').success).toBe(false);
    expect(size.safeParse('-522').success).toBe(false);
  });
  it('names the rule with its own message', () => {
    const r = queryInt({ min: 1, max: 5, error: 'validation.content.page' }).safeParse('x');
    expect(r.error?.issues[0]?.message).toBe('validation.content.page');
    expect(queryInt({ min: 1, max: 5 }).safeParse(undefined).error?.issues[0]?.message).toBe('validation.required');
  });
});

describe('bodyInt', () => {
  const bps = bodyInt({ min: 0, max: 300 });
  it.each([0, 50, 300])('takes %j', (n) => expect(bps.parse(n)).toBe(n));
  it.each([true, false, null, '', '50', ' 50', '0x2', [], [50], {}, 50.5, Number.NaN, Infinity, 301, -1, 2 ** 60])(
    'refuses %j',
    (v) => {
      expect(bps.safeParse(v).success).toBe(false);
    },
  );
  it('keeps ids at safe integers', () => {
    const id = bodyInt({ min: 1, max: Number.MAX_SAFE_INTEGER });
    expect(id.safeParse(Number.MAX_SAFE_INTEGER).success).toBe(true);
    expect(id.safeParse(Number.MAX_SAFE_INTEGER + 2).success).toBe(false);
  });
});

describe('bodyIntIn', () => {
  const type = bodyIntIn([1, 2, 3, 4, 8]);
  it.each([1, 8])('takes %j', (n) => expect(type.parse(n)).toBe(n));
  it.each([0, 5, true, '1', ' 1', '0x2', [1], null, 1.5])('refuses %j', (v) =>
    expect(type.safeParse(v).success).toBe(false),
  );
});
