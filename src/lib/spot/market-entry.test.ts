import { describe, expect, it } from 'vitest';
import { turnoverUnit } from './market-entry.ts';

describe('turnoverUnit', () => {
  it('counts spot and USDT-margined turnover in the quote, coin-margined in the base coin', () => {
    expect(turnoverUnit({ coinType: 1, baseCoin: 'ETH', symbol_name: 'ETH/USDT' })).toBe('USDT');
    expect(turnoverUnit({ coinType: 4, baseCoin: 'BTC', symbol_name: 'BTC/USDT' })).toBe('USDT');
    expect(turnoverUnit({ coinType: 5, baseCoin: 'BTC', symbol_name: 'BTC/USD' })).toBe('BTC');
  });
});
