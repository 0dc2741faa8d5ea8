import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  PASSWORD_PATTERN,
  PASSWORD_SYMBOLS,
  isStrongPassword,
  isValidPassword,
} from './password.ts';

describe('PASSWORD_PATTERN', () => {
  it('has bounds 6 and 20', () => {
    expect([PASSWORD_MIN, PASSWORD_MAX]).toEqual([6, 20]);
    expect(PASSWORD_PATTERN.test('a'.repeat(PASSWORD_MIN))).toBe(true);
    expect(PASSWORD_PATTERN.test('a'.repeat(PASSWORD_MIN - 1))).toBe(false);
    expect(PASSWORD_PATTERN.test('a'.repeat(PASSWORD_MAX))).toBe(true);
    expect(PASSWORD_PATTERN.test('a'.repeat(PASSWORD_MAX + 1))).toBe(false);
  });

  it.each(Array.from(PASSWORD_SYMBOLS))('accepts the symbol %s', (symbol) => {
    expect(isValidPassword(`abc12${symbol}`)).toBe(true);
  });

  it.each(Array.from(`'[]\\/|,;  é中\t`))('rejects the character %j', (char) => {
    expect(isValidPassword(`abc12${char}`)).toBe(false);
  });
});

describe('isValidPassword', () => {
  it.each<[string, boolean]>([
    ['abc123', true],
    ['abcdef', true],
    ['123456', true],
    ['!@#$%^', true],
    ['Pa55w0rd!', true],
    ['`~{}"<>', true],
    ['abc12', false],
    ['', false],
    ['a'.repeat(21), false],
    ['abc 123', false],
    ['abc123\n', false],
    ['пароль123', false],
  ])('%j → %s', (s, expected) => {
    expect(isValidPassword(s)).toBe(expected);
  });
});

describe('isStrongPassword', () => {
  it.each<[string, boolean]>([
    ['abcdef1', true],
    ['abc123', true],
    ['abc!@#', true],
    ['123!@#', true],
    ['Ab1!xyz', true],
    ['a1' + 'b'.repeat(18), true],
    ['abcdef', false],
    ['ABCdef', false],
    ['123456', false],
    ['!@#$%^', false],
    ['ab1', false],
    ['a1' + 'b'.repeat(19), false],
    ['abc 123', false],
    ['abc123[', false],
    ['', false],
  ])('%j → %s', (s, expected) => {
    expect(isStrongPassword(s)).toBe(expected);
  });
});
