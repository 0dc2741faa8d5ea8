import { describe, expect, it } from 'vitest';
import { adBodyOf, checkAd, newAdForm, type AdForm } from './ad-form.ts';

const good: AdForm = {
  ...newAdForm('USDT', 'CNY'),
  price: '7.25',
  total: '1000',
  minFiat: '100',
  maxFiat: '5000',
  payments: [3],
};

describe('the ad form', () => {
  it('sends a checked form as the contract’s body', () => {
    expect(checkAd(good)).toEqual({});
    expect(adBodyOf({ ...good, price: '7.25.'.slice(0, 5), terms: '  Pay within the window  ' })).toEqual({
      id: undefined,
      side: 'sell',
      coin: 'USDT',
      fiat: 'CNY',
      priceType: 'fixed',
      price: '7.25',
      floatPct: undefined,
      total: '1000',
      minFiat: '100',
      maxFiat: '5000',
      payWindow: 15,
      payments: [3],
      terms: 'Pay within the window',
      online: true,
    });
    expect(adBodyOf({ ...good, priceType: 'floating', floatPct: '-1.5' })).toMatchObject({
      price: undefined,
      floatPct: '-1.5',
    });
  });
  it('refuses, field by field, what the server would', () => {
    const errors = checkAd({
      ...good,
      price: '7.255',
      total: '0',
      minFiat: '600',
      maxFiat: '500',
      payWindow: '31',
      payments: [],
      terms: 'x'.repeat(1001),
    });
    expect(errors).toEqual({
      price: { key: 'otc.error.tooPrecise', values: { decimals: 2 } },
      total: { key: 'otc.error.zero' },
      maxFiat: { key: 'error.otcLimitsInvalid' },
      payWindow: { key: 'validation.otcPayWindow' },
      payments: { key: 'error.otcPaymentRequired' },
      terms: { key: 'otc.error.termsTooLong', values: { max: 1000 } },
    });
  });
  it('keeps a floating price within 20% of the index', () => {
    expect(checkAd({ ...good, priceType: 'floating', floatPct: '-20' })).toEqual({});
    expect(checkAd({ ...good, priceType: 'floating', floatPct: '20.01' })).toEqual({
      floatPct: { key: 'error.otcFloatRange', values: { max: 20 } },
    });
    expect(checkAd({ ...good, priceType: 'floating', floatPct: 'x' })).toEqual({
      floatPct: { key: 'otc.error.invalid' },
    });
  });
});
