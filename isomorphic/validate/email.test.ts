import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, isEmail } from './email.ts';

describe('isEmail', () => {
  const domain = '@example.com';
  const atLimit = 'a'.repeat(EMAIL_MAX_LENGTH - domain.length) + domain;

  it.each<[string, boolean]>([
    ['johndoe@example.com', true],
    ['a@b.co', true],
    ['first.last+tag@sub.example.co.uk', true],
    ['user_name-1@example-mail.io', true],
    ['UPPER@EXAMPLE.COM', true],
    ['用户@例子.中国', true],
    [atLimit, true],
    ['a' + atLimit, false],
    ['', false],
    ['plainaddress', false],
    ['@example.com', false],
    ['user@', false],
    ['user@localhost', false],
    ['user@@example.com', false],
    ['user@exa@mple.com', false],
    ['user name@example.com', false],
    ['user@exa mple.com', false],
    [' user@example.com', false],
    ['user@example.com ', false],
    ['user@.example.com', false],
    ['user@example.com.', false],
    ['user@example..com', false],
    ['user\t@example.com', false],
  ])('%j → %s', (s, expected) => {
    expect(isEmail(s)).toBe(expected);
  });
});
