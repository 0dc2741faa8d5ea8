import { describe, expect, it } from 'vitest';
import type { ExchangeRateItem } from '../../../isomorphic/contract/wallet.ts';
import { convert, inverse, rateOf } from './convert.ts';

const item = (exchange_code: string, rate: string): ExchangeRateItem => ({
  exchange_code,
  rate,
  exchange_value: rate,
  quote_currency: 'USDT',
  code_symbol: '',
});

describe('converting between display currencies', () => {
  it('goes through USDT with integers and rounds down', () => {
    expect(convert('100', '7.25', '1')).toEqual({ ok: true, value: '13.79310344' });
    expect(convert('1', '1', '25400', 2)).toEqual({ ok: true, value: '25400.00' });
    expect(convert('1000', '7.25', '0.92')).toEqual({ ok: true, value: '126.89655172' });
    expect(convert('0.1', '1', '3', 8)).toEqual({ ok: true, value: '0.30000000' });
  });
  it('names what is wrong with the amount, and refuses a missing rate', () => {
    expect(convert('1e3', '1', '2')).toEqual({ ok: false, problem: 'format' });
    expect(convert('-1', '1', '2')).toEqual({ ok: false, problem: 'format' });
    expect(convert('1.0000000000001', '1', '2')).toEqual({ ok: false, problem: 'precision' });
    expect(convert('1', '0', '2')).toEqual({ ok: false, problem: 'rate' });
  });
  it('reads the inverse and the rate of a code', () => {
    expect(inverse('7.25')).toBe('0.13793103');
    expect(inverse('0')).toBe('—');
    const items = [item('CNY', '7.25'), item('EUR', '0.92')];
    expect([rateOf(items, 'USDT'), rateOf(items, 'EUR'), rateOf(items, 'XXX')]).toEqual(['1', '0.92', undefined]);
  });
});
