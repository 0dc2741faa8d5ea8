import { describe, expect, it } from 'vitest';
import { RULES, checkForm, type FormErrors } from './form-rules.ts';

describe('RULES', () => {
  it('has exactly the known rules', () => {
    expect(Object.keys(RULES).sort()).toEqual([
      'code',
      'countryCode',
      'email',
      'googleCode',
      'inviteCode',
      'loginPassword',
      'password',
      'phone',
      'username',
    ]);
  });

  it.each<[keyof typeof RULES, string, string | undefined]>([
    ['username', 'trader_01', undefined],
    ['username', 'abcd', undefined],
    ['username', '  trader_01  ', undefined],
    ['username', 'A'.repeat(42), undefined],
    ['username', '0x' + 'f'.repeat(40), undefined],
    ['username', '', 'validation.required'],
    ['username', '   ', 'validation.required'],
    ['username', 'abc', 'validation.username'],
    ['username', 'A'.repeat(43), 'validation.username'],
    ['username', 'trader-01', 'validation.username'],
    ['username', 'a b c d', 'validation.username'],

    ['email', 'a@b.co', undefined],
    ['email', ' user@example.com ', undefined],
    ['email', '', 'validation.required'],
    ['email', ' ', 'validation.required'],
    ['email', 'a@b', 'validation.email'],
    ['email', 'user@', 'validation.email'],
    ['email', 'a b@c.de', 'validation.email'],
    ['email', 'a@@b.co', 'validation.email'],

    ['phone', '1234', undefined],
    ['phone', '123456789012345', undefined],
    ['phone', ' 15551234 ', undefined],
    ['phone', '', 'validation.required'],
    ['phone', '123', 'validation.phone'],
    ['phone', '1234567890123456', 'validation.phone'],
    ['phone', '+4915551234', 'validation.phone'],
    ['phone', '555-1234', 'validation.phone'],

    ['countryCode', 'DE', undefined],
    ['countryCode', 'US', undefined],
    ['countryCode', 'de', 'validation.country'],
    ['countryCode', 'DEU', 'validation.country'],
    ['countryCode', 'D', 'validation.country'],
    ['countryCode', ' DE', 'validation.country'],
    ['countryCode', '', 'validation.country'],

    ['password', 'abc123', undefined],
    ['password', 'aaaaaa', undefined],
    ['password', 'A'.repeat(20), undefined],
    ['password', '`~!@#$%^&*()_-+=<>.?:"{}', 'validation.password'],
    ['password', '`~!@#$%^&*()_-+=', undefined],
    ['password', 'abc12{}', undefined],
    ['password', '', 'validation.required'],
    ['password', '      ', 'validation.required'],
    ['password', 'abc12', 'validation.password'],
    ['password', 'A'.repeat(21), 'validation.password'],
    ['password', 'abc 123', 'validation.password'],
    ['password', ' abc123', 'validation.password'],
    ['password', 'abc123[]', 'validation.password'],
    ['password', 'pässwort', 'validation.password'],

    ['loginPassword', 'x', undefined],
    ['loginPassword', ' any thing ', undefined],
    ['loginPassword', '', 'validation.required'],
    ['loginPassword', '  ', 'validation.required'],

    ['code', '012345', undefined],
    ['code', ' 012345 ', undefined],
    ['code', '', 'validation.required'],
    ['code', '12345', 'validation.code'],
    ['code', '1234567', 'validation.code'],
    ['code', '12a456', 'validation.code'],

    ['googleCode', '012345', undefined],
    ['googleCode', ' 012345 ', undefined],
    ['googleCode', '', 'validation.required'],
    ['googleCode', '12345', 'validation.googleCode'],
    ['googleCode', '12a456', 'validation.googleCode'],

    ['inviteCode', '', undefined],
    ['inviteCode', '   ', undefined],
    ['inviteCode', 'K7QX2MPA', undefined],
    ['inviteCode', ' K7QX2MPA ', undefined],
    ['inviteCode', 'A'.repeat(16), undefined],
    ['inviteCode', 'A'.repeat(17), 'validation.inviteCode'],
    ['inviteCode', 'K7-QX', 'validation.inviteCode'],
    ['inviteCode', 'K7_QX', 'validation.inviteCode'],
  ])('%s(%j) → %j', (rule, value, expected) => {
    expect(RULES[rule]!(value)).toBe(expected);
  });
});

describe('checkForm', () => {
  it.each<[string, Record<string, string>, Record<string, keyof typeof RULES>, FormErrors]>([
    ['valid email', { email: 'a@b.co' }, { email: 'email' }, {}],
    ['bad email', { email: 'x' }, { email: 'email' }, { email: 'validation.email' }],
    [
      'missing field reads as empty',
      {},
      { email: 'email', password: 'password' },
      { email: 'validation.required', password: 'validation.required' },
    ],
    ['unchecked fields are ignored', { email: 'a@b.co', junk: '' }, { email: 'email' }, {}],
    ['no rules', { email: 'x' }, {}, {}],
    [
      'field names differ from rule names',
      { account: 'abc', pwd: 'abc123' },
      { account: 'username', pwd: 'loginPassword' },
      { account: 'validation.username' },
    ],
    [
      'register form with several problems',
      { username: 'trader_01', password: 'abc', code: '12', inviteCode: 'bad code!' },
      { username: 'username', password: 'password', code: 'code', inviteCode: 'inviteCode' },
      { password: 'validation.password', code: 'validation.code', inviteCode: 'validation.inviteCode' },
    ],
    [
      'phone form passes',
      { countryCode: 'DE', phone: '15551234', code: '123456' },
      { countryCode: 'countryCode', phone: 'phone', code: 'code' },
      {},
    ],
  ])('%s', (_name, values, rules, expected) => {
    expect(checkForm(values, rules)).toEqual(expected);
  });

  const confirm = { field: 'confirmPassword', equals: 'password' };
  it.each<[string, Record<string, string>, FormErrors]>([
    ['confirmation equal', { password: 'abc123', confirmPassword: 'abc123' }, {}],
    ['confirmation empty', { password: 'abc123', confirmPassword: '' }, { confirmPassword: 'validation.required' }],
    ['confirmation missing', { password: 'abc123' }, { confirmPassword: 'validation.required' }],
    [
      'confirmation differs',
      { password: 'abc123', confirmPassword: 'abc124' },
      { confirmPassword: 'validation.passwordMismatch' },
    ],
    [
      'confirmation differs by case',
      { password: 'abc123', confirmPassword: 'ABC123' },
      { confirmPassword: 'validation.passwordMismatch' },
    ],
    [
      'confirmation differs by a space',
      { password: 'abc123', confirmPassword: 'abc123 ' },
      { confirmPassword: 'validation.passwordMismatch' },
    ],
    [
      'confirmation of spaces',
      { password: 'abc123', confirmPassword: '   ' },
      { confirmPassword: 'validation.passwordMismatch' },
    ],
    [
      'password invalid, confirmation equal',
      { password: 'abc', confirmPassword: 'abc' },
      { password: 'validation.password' },
    ],
    [
      'both empty',
      { password: '', confirmPassword: '' },
      { password: 'validation.required', confirmPassword: 'validation.required' },
    ],
    [
      'password empty, confirmation given',
      { password: '', confirmPassword: 'abc123' },
      { password: 'validation.required', confirmPassword: 'validation.passwordMismatch' },
    ],
  ])('confirm: %s', (_name, values, expected) => {
    expect(checkForm(values, { password: 'password' }, confirm)).toEqual(expected);
  });

  it('confirm works without a rule on the confirmed field', () => {
    expect(checkForm({ newPwd: 'x', again: 'y' }, {}, { field: 'again', equals: 'newPwd' })).toEqual({
      again: 'validation.passwordMismatch',
    });
    expect(checkForm({ newPwd: 'x', again: 'x' }, {}, { field: 'again', equals: 'newPwd' })).toEqual({});
  });
});
