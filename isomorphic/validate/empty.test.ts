import { describe, expect, it } from 'vitest';
import { isBlank, isEmpty } from './empty.ts';

describe('isEmpty', () => {
  it.each<[string, unknown, boolean]>([
    ['null', null, true],
    ['undefined', undefined, true],
    ['empty string', '', true],
    ['empty array', [], true],
    ['empty object', {}, true],
    ['null-prototype object', Object.create(null), true],
    ['empty Map', new Map(), true],
    ['empty Set', new Set(), true],
    ['spaces (not empty by design)', '   ', false],
    ['string', 'a', false],
    ['zero', 0, false],
    ['negative zero', -0, false],
    ['NaN', NaN, false],
    ['false', false, false],
    ['true', true, false],
    ['bigint zero', 0n, false],
    ['array with undefined', [undefined], false],
    ['sparse array', new Array(3), false],
    ['object with a key', { a: undefined }, false],
    ['Map with an entry', new Map([[1, 1]]), false],
    ['Set with a value', new Set([0]), false],
    ['Date', new Date(0), false],
    ['RegExp', /x/, false],
    ['function', () => undefined, false],
    ['symbol', Symbol('x'), false],
  ])('%s → %s', (_label, value, expected) => {
    expect(isEmpty(value)).toBe(expected);
  });
});

describe('isBlank', () => {
  it.each<[string | null | undefined, boolean]>([
    ['', true],
    [' ', true],
    ['   ', true],
    ['\t\n\r', true],
    ['\u00a0', true],
    ['\u3000', true],
    [null, true],
    [undefined, true],
    ['a', false],
    [' a ', false],
    ['0', false],
    ['.', false],
    ['\n\nhello\n', false],
  ])('%j → %s', (s, expected) => {
    expect(isBlank(s)).toBe(expected);
  });
});
