import { describe, expect, it } from 'vitest';
import * as validate from './index.ts';

describe('validate public API', () => {
  it('re-exports every rule from one entry point', () => {
    expect(Object.keys(validate).sort()).toEqual([
      'ANTI_CODE_PATTERN',
      'CHAT_MAX_LENGTH',
      'EMAIL_MAX_LENGTH',
      'PASSWORD_MAX',
      'PASSWORD_MIN',
      'PASSWORD_PATTERN',
      'PASSWORD_SYMBOLS',
      'USERNAME_PATTERN',
      'filterNumericInput',
      'isBlank',
      'isChainAddress',
      'isEmail',
      'isEmpty',
      'isInteger',
      'isStrongPassword',
      'isUsername',
      'isValidPassword',
      'isVerificationCode',
      'isWebAddress',
      'typedNumber',
    ]);
  });

  it.each<[string, unknown, unknown]>([
    ['CHAT_MAX_LENGTH', validate.CHAT_MAX_LENGTH, 400],
    ['PASSWORD_MIN', validate.PASSWORD_MIN, 6],
    ['PASSWORD_MAX', validate.PASSWORD_MAX, 20],
    ['EMAIL_MAX_LENGTH', validate.EMAIL_MAX_LENGTH, 254],
  ])('%s is %j', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });
});
