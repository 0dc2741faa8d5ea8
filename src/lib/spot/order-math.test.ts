import { describe, expect, it } from 'vitest';
import {
  bookSteps,
  checkOrderInput,
  orderTotal,
  orderTotalUnits,
  quantityForPercent,
  quoteOf,
  spendForPercent,
} from './order-math.ts';

// BTC/USDT as seeded: prices at 2 decimals, quantities at 5, minimum total 5 USDT.
const BTC = { symbol_name: 'BTC/USDT', part_cou: 2, full_cou: 5, stepSize: '0.00001', minNotional: '5.00000000' };
// A pair quoted in BTC, with a step coarser than the quantity decimals and a minimum total of 0.0001 BTC.
const ETHBTC = { symbol_name: 'ETH/BTC', part_cou: 5, full_cou: 3, stepSize: '0.005', minNotional: '0.00010000' };

describe('quoteOf', () => {
  it('reads the quote asset from the market, not an assumed USDT', () => {
    expect(quoteOf(BTC)).toBe('USDT');
    expect(quoteOf(ETHBTC)).toBe('BTC');
  });
});

describe('quantityForPercent', () => {
  it.each<[string, typeof BTC, 'buy' | 'sell', string, number, string, string]>([
    // 0.1 + 0.2 in floats is 0.30000000000000004; in units it is exact.
    ['sell 100% of 0.3 BTC', BTC, 'sell', '0.30000000', 100, '', '0.3'],
    ['sell 25% of 0.00052899 BTC, rounded down to the step', BTC, 'sell', '0.00052899', 25, '', '0.00013'],
    ['sell 33% keeps the balance', BTC, 'sell', '1.00000000', 33, '', '0.33'],
    ['buy with 100% of 1000 USDT at 96500.00', BTC, 'buy', '1000.00000000', 100, '96500.00', '0.01036'],
    ['buy with 50% of 748.07351452 USDT at 97.13', BTC, 'buy', '748.07351452', 50, '97.13', '3.85088'],
    ['buy with nothing', BTC, 'buy', '0.00000000', 100, '96500.00', ''],
    ['buy without a price', BTC, 'buy', '1000.00000000', 100, '', ''],
    ['buy on a BTC-quoted pair, on its 0.005 step', ETHBTC, 'buy', '0.10000000', 100, '0.03456', '2.89'],
    ['sell on a 0.005 step', ETHBTC, 'sell', '1.23456789', 100, '', '1.23'],
  ])('%s', (_label, market, side, available, percent, price, expected) => {
    expect(quantityForPercent(market, side, available, percent, price)).toBe(expected);
  });

  it('never buys more than the balance pays for', () => {
    for (const [avail, price] of [
      ['748.07351452', '97.13'],
      ['5.00000001', '3.33'],
      ['1000.00000000', '96500.01'],
    ] as const) {
      const qty = quantityForPercent(BTC, 'buy', avail, 100, price);
      const cost = orderTotalUnits(BTC, price, qty)!; // at scale 7
      expect(cost * 10n).toBeLessThanOrEqual(BigInt(avail.replace('.', '')));
    }
  });
});

describe('spendForPercent', () => {
  it.each<[string, number, number, string]>([
    ['748.07351452', 100, 2, '748.07'],
    ['748.07351452', 50, 2, '374.03'],
    ['0.00052899', 75, 6, '0.000396'],
    ['0.00000001', 25, 2, ''],
  ])('%s, percent %i, decimals %i → %j', (available, percent, decimals, expected) => {
    expect(spendForPercent(available, percent, decimals)).toBe(expected);
  });
});

describe('orderTotal', () => {
  it('is price × quantity exactly at the market decimals', () => {
    expect(orderTotalUnits(BTC, '96500.12', '0.12345')).toBe(9650012n * 12345n);
    expect(orderTotal(BTC, '96500.12', '0.12345', 'buy', 7)).toBe('11912.9398140');
  });

  it("rounds in the platform's favour when shown at fewer decimals: a buy up, a sell down", () => {
    expect(orderTotal(BTC, '96500.01', '0.00001', 'buy', 2)).toBe('0.97');
    expect(orderTotal(BTC, '96500.01', '0.00001', 'sell', 2)).toBe('0.96');
    expect(orderTotal(BTC, '97.50', '1.5', 'buy', 2)).toBe('146.25');
  });

  it('is empty while a field is not a number yet', () => {
    expect(orderTotal(BTC, '', '1', 'buy', 2)).toBe('');
  });
});

describe('checkOrderInput', () => {
  const limit = (price: string, quantity: string) => ({
    side: 'buy' as const,
    kind: 'limit' as const,
    price,
    quantity,
    total: '',
  });
  it.each<
    [
      string,
      (
        | ReturnType<typeof limit>
        | { side: 'buy' | 'sell'; kind: 'market'; price: string; quantity: string; total: string }
      ),
      unknown,
    ]
  >([
    ['no price', limit('', '1'), { key: 'required', field: 'price' }],
    ['a price of 0 must be greater than zero, not "missing"', limit('0', '1'), { key: 'zero', field: 'price' }],
    ['a price of 0.00', limit('0.00', '1'), { key: 'zero', field: 'price' }],
    ['a negative price is refused as negative', limit('-90000', '1'), { key: 'negative', field: 'price' }],
    ['a negative amount', limit('96500', '-1'), { key: 'negative', field: 'amount' }],
    ['a zero amount', limit('96500', '0'), { key: 'zero', field: 'amount' }],
    ['too many decimals', limit('96500.123', '1'), { key: 'invalid', field: 'price' }],
    ['below the minimum total', limit('96500', '0.00005'), { key: 'minTotal' }],
    ['exactly the minimum total', limit('100000', '0.00005'), null],
    ['a fine limit order', limit('96500.', '0.1'), null],
    [
      'a market buy below the minimum',
      { side: 'buy', kind: 'market', price: '', quantity: '', total: '4.99' },
      { key: 'minTotal' },
    ],
    ['a market buy at the minimum', { side: 'buy', kind: 'market', price: '', quantity: '', total: '5' }, null],
    [
      'a market sell without amount',
      { side: 'sell', kind: 'market', price: '', quantity: '', total: '' },
      { key: 'required', field: 'amount' },
    ],
  ])('%s', (_label, input, expected) => {
    expect(checkOrderInput(BTC, input, 2)).toEqual(expected);
  });

  it('checks the minimum total in the quote asset of the market', () => {
    expect(
      checkOrderInput(ETHBTC, { side: 'buy', kind: 'limit', price: '0.03456', quantity: '0.002', total: '' }, 8),
    ).toEqual({ key: 'minTotal' });
    expect(
      checkOrderInput(ETHBTC, { side: 'buy', kind: 'limit', price: '0.03456', quantity: '0.003', total: '' }, 8),
    ).toBeNull();
    expect(
      checkOrderInput(ETHBTC, { side: 'buy', kind: 'market', price: '', quantity: '', total: '0.00009' }, 8),
    ).toEqual({ key: 'minTotal' });
  });
});

describe('bookSteps', () => {
  it.each<[string, number, string[]]>([
    ['0.01', 2, ['0.01', '0.1', '1', '10']],
    ['0.00001', 5, ['0.00001', '0.0001', '0.001', '0.01']],
    ['0.05', 2, ['0.05', '0.5', '5', '50']],
    // 0.0003 × 10 in floats is 0.0030000000000000005.
    ['0.0003', 4, ['0.0003', '0.003', '0.03', '0.3']],
  ])('(%s, %i) → %j', (tick, decimals, expected) => {
    expect(bookSteps(tick, decimals)).toEqual(expected);
  });
});
