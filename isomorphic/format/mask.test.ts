import { describe, expect, it } from 'vitest';
import { maskEmail, maskPhone } from './mask.ts';

describe('maskEmail', () => {
  it.each<[string, string]>([
    ['johndoe@example.com', 'jo****om'],
    ['a@b.co', 'a@****co'],
    ['ab@cd', 'ab****cd'],
    ['abcd', 'abcd'],
    ['abc', 'abc'],
    ['', ''],
    ['张三@例子.中国', '张三****中国'],
  ])('%j → %j', (value, expected) => {
    expect(maskEmail(value)).toBe(expected);
  });
});

describe('maskPhone', () => {
  it.each<[string, string]>([
    ['13812345678', '138****5678'],
    ['+8613812345678', '+86****5678'],
    ['12345678', '123****5678'],
    ['1234567', '1234567'],
    ['123', '123'],
    ['', ''],
  ])('%j → %j', (value, expected) => {
    expect(maskPhone(value)).toBe(expected);
  });
});
