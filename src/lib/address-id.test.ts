import { describe, expect, it } from 'vitest';
import { addressId } from './address-id.ts';

describe('addressId', () => {
  it.each([
    ['?id=7', 7],
    ['?id=7&tab=x', 7],
    ['?tab=x&id=12', 12],
    ['?id=%207%20', 7],
    ['', 'missing'],
    ['?', 'missing'],
    ['?id=', 'missing'],
    ['?id=%20', 'missing'],
    ['?tab=x', 'missing'],
    ['?ID=7', 'missing'],
    ['?id=0', 'invalid'],
    ['?id=-3', 'invalid'],
    ['?id=1.5', 'invalid'],
    ['?id=1e3', 'invalid'],
    ['?id=0x10', 'invalid'],
    ['?id=abc', 'invalid'],
    ['?id=99999999999999999999', 'invalid'],
  ] as const)('%j → %j', (search, expected) => {
    expect(addressId(search)).toBe(expected);
  });
});
