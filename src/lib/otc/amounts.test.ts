import { describe, expect, it } from 'vitest';
import { checkTake, coinForFiat, fiatForCoin, floatingPrice, maxTake, readAmount } from './amounts.ts';

const ad = { price: '7.23', minFiat: '100.00', maxFiat: '5000.00', remaining: '1000' };

describe('the take dialog’s linked amounts', () => {
  it('turns fiat into coin rounded up, so the coin never costs less than the fiat typed', () => {
    expect(coinForFiat('100', '7.23')).toBe('13.83125865');
    expect(fiatForCoin('13.83125865', '7.23')).toBe('100.00');
    expect(coinForFiat('723', '7.23')).toBe('100');
  });
  it('turns coin into fiat in cents, half a cent rounded up as the server does', () => {
    expect(fiatForCoin('0.5', '7.23')).toBe('3.62');
    expect(fiatForCoin('1', '96500.10')).toBe('96500.10');
    expect(fiatForCoin('abc', '7.23')).toBe('');
    expect(coinForFiat('1', '0')).toBe('');
  });
});

describe('checking a take before sending', () => {
  it.each([
    ['', { key: 'required' }],
    ['1.2.3', { key: 'invalid' }],
    ['0.000000001', { key: 'tooPrecise', decimals: 8 }],
    ['0', { key: 'zero' }],
    ['13.8', { key: 'outsideLimits', min: '100.00', max: '5000.00' }],
    ['700', { key: 'outsideLimits', min: '100.00', max: '5000.00' }],
    ['13.83125865', null],
    ['691.56293222', null],
    ['691.6', { key: 'outsideLimits', min: '100.00', max: '5000.00' }],
  ])('%s → %j', (coin, problem) => expect(checkTake(coin, ad)).toEqual(problem));

  it('refuses more than the ad has left or the seller holds', () => {
    expect(checkTake('400', { ...ad, remaining: '300' })).toEqual({ key: 'overRemaining', remaining: '300' });
    expect(checkTake('400', { ...ad, available: '399.99' })).toEqual({ key: 'overBalance', available: '399.99' });
    expect(checkTake('400', { ...ad, available: '400' })).toBeNull();
  });

  it('offers as All the least of what is left, what the maximum buys and the balance', () => {
    expect(maxTake(ad)).toBe('691.56293222');
    expect(maxTake({ ...ad, maxFiat: '1000.00' })).toBe('138.31258644');
    expect(checkTake(maxTake({ ...ad, maxFiat: '1000.00' }), { ...ad, maxFiat: '1000.00' })).toBeNull();
    expect(maxTake({ ...ad, available: '12.5' })).toBe('12.5');
  });

  it('reads amounts exactly, a trailing point as none', () => {
    expect(readAmount('12.', 8)).toBe(1_200_000_000n);
    expect(readAmount('-1', 8)).toEqual({ key: 'invalid' });
  });
});

describe('a floating price', () => {
  it('is the index in USDT times the fiat’s rate, moved by the percentage, in cents, half a cent rounded up as the server does', () => {
    expect(floatingPrice('1', '7.2', '1.5')).toBe('7.31');
    expect(floatingPrice('1', '7.2', '-2')).toBe('7.06');
    expect(floatingPrice('96500.12345678', '1', '0')).toBe('96500.12');
  });
  it('is unknown without an index or a rate, or with a malformed percentage', () => {
    expect(floatingPrice(null, '7.2', '1')).toBeNull();
    expect(floatingPrice('1', null, '1')).toBeNull();
    expect(floatingPrice('1', '7.2', '1.234')).toBeNull();
  });
});
