import { describe, expect, it } from 'vitest';
import {
  adlLights,
  checkAmount,
  mergeCandles,
  smallestQuantity,
  checkPerpOrder,
  checkStops,
  clean,
  formatRate,
  formatSigned,
  fundingCountdown,
  marginRatioTone,
  nextFunding,
  parseLeverage,
  quantityForPercent,
  quantityUnit,
  signTone,
} from './math.ts';

// The seeded contracts: BTCUSDT at a 0.1 tick and 0.001 lot, BTCUSD in whole contracts, ETHUSDT at 0.01.
const BTCUSDT = { priceScale: 1, qtyScale: 3, tickSize: '0.1', stepSize: '0.001' };
const BTCUSD = { priceScale: 1, qtyScale: 0, tickSize: '0.1', stepSize: '1' };
const COARSE = { priceScale: 2, qtyScale: 3, tickSize: '0.05', stepSize: '0.005' };

describe('checkPerpOrder', () => {
  it.each<[string, typeof BTCUSDT, 'limit' | 'market', string, string, ReturnType<typeof checkPerpOrder>]>([
    ['a good limit order', BTCUSDT, 'limit', '65000.1', '0.015', null],
    ['a half-typed price', BTCUSDT, 'limit', '65000.', '0.015', null],
    ['no price', BTCUSDT, 'limit', ' ', '0.015', { key: 'required', field: 'price' }],
    ['a negative price', BTCUSDT, 'limit', '-1', '0.015', { key: 'negative', field: 'price' }],
    ['a price that is not a number', BTCUSDT, 'limit', '1e5', '0.015', { key: 'invalid', field: 'price' }],
    ['a price below the tick', BTCUSDT, 'limit', '65000.15', '1', { key: 'tooPrecise', field: 'price', decimals: 1 }],
    ['a zero price', BTCUSDT, 'limit', '0.0', '1', { key: 'zero', field: 'price' }],
    ['a price off a coarse tick', COARSE, 'limit', '3000.07', '1', { key: 'offTick', field: 'price', step: '0.05' }],
    ['a price on a coarse tick', COARSE, 'limit', '3000.15', '1.005', null],
    [
      'a quantity off the lot',
      COARSE,
      'limit',
      '3000.15',
      '1.002',
      { key: 'offLot', field: 'quantity', step: '0.005' },
    ],
    ['a market order needs no price', BTCUSDT, 'market', '', '0.5', null],
    ['a market order still needs a quantity', BTCUSDT, 'market', 'abc', '', { key: 'required', field: 'quantity' }],
    ['contracts are whole', BTCUSD, 'market', '', '10.5', { key: 'tooPrecise', field: 'quantity', decimals: 0 }],
    ['ten contracts', BTCUSD, 'market', '', '10', null],
    ['0.1 + 0.2 is exactly 0.3 in units', BTCUSDT, 'limit', '0.3', '0.3', null],
  ])('%s', (_label, c, type, price, quantity, expected) => {
    expect(checkPerpOrder(c, { type, price, quantity })).toEqual(expected);
  });

  it('checks a margin amount without a step', () => {
    expect(checkAmount('12.123456789', 8, 'margin')).toEqual({ key: 'tooPrecise', field: 'margin', decimals: 8 });
    expect(checkAmount('12.12345678', 8, 'margin')).toBeNull();
  });
});

describe('checkStops', () => {
  it('checks only the typed trigger prices, take-profit first', () => {
    expect(checkStops(BTCUSDT, '', '')).toBeNull();
    expect(checkStops(BTCUSDT, '70000', '')).toBeNull();
    expect(checkStops(BTCUSDT, '', '60000.55')).toEqual({ key: 'tooPrecise', field: 'stopLoss', decimals: 1 });
    expect(checkStops(BTCUSDT, 'x', '60000.55')).toEqual({ key: 'invalid', field: 'takeProfit' });
  });
});

describe('clean', () => {
  it('sends what was typed without spaces or a dangling point', () => {
    expect(clean(' 65000. ')).toBe('65000');
    expect(clean('0.010')).toBe('0.010');
  });
});

describe('parseLeverage', () => {
  it.each<[string, number, number | null]>([
    ['20', 125, 20],
    ['1', 125, 1],
    ['125', 125, 125],
    ['126', 125, null],
    ['0', 125, null],
    ['2.5', 125, null],
    ['', 125, null],
    ['-3', 125, null],
    ['101', 100, null],
    [' 7 ', 100, 7],
  ])('%j within 1..%d → %j', (text, max, expected) => {
    expect(parseLeverage(text, max)).toBe(expected);
  });
});

describe('formatRate', () => {
  it.each<[string | null, number, string]>([
    ['0.0001', 4, '0.0100%'],
    ['-0.00075', 4, '-0.0750%'],
    ['0.00012345', 4, '0.0123%'],
    ['0', 4, '0.0000%'],
    ['0.004', 2, '0.40%'],
    ['-0.0000001', 4, '0.0000%'],
    [null, 4, '--'],
    ['abc', 4, '--'],
  ])('%j at %d places → %s', (rate, decimals, expected) => {
    expect(formatRate(rate, decimals)).toBe(expected);
  });
});

describe('formatSigned and signTone', () => {
  it.each<[string | null, number, string, string]>([
    ['12.345', 2, '+12.34', 'up'],
    ['-0.5', 2, '-0.50', 'down'],
    ['0.00000000', 2, '0.00', 'flat'],
    ['-0.001', 2, '0.00', 'down'],
    ['+3', 0, '+3', 'up'],
    [null, 2, '--', 'flat'],
  ])('%j → %s, %s', (value, decimals, text, tone) => {
    expect(formatSigned(value, decimals)).toBe(text);
    expect(signTone(value)).toBe(tone);
  });
});

describe('the funding countdown', () => {
  it('shows hours, minutes and seconds, rounded up, never below zero', () => {
    expect(fundingCountdown(8 * 3600_000)).toBe('08:00:00');
    expect(fundingCountdown(8 * 3600_000 - 1)).toBe('08:00:00');
    expect(fundingCountdown(8 * 3600_000 - 1000)).toBe('07:59:59');
    expect(fundingCountdown(61_000)).toBe('00:01:01');
    expect(fundingCountdown(-5)).toBe('00:00:00');
    expect(fundingCountdown(30 * 3600_000)).toBe('30:00:00');
  });

  it('moves a passed funding time on by whole intervals', () => {
    const h8 = 8 * 3600_000;
    expect(nextFunding(1000 + h8, h8, 1000)).toBe(1000 + h8);
    expect(nextFunding(h8, h8, h8)).toBe(2 * h8);
    expect(nextFunding(h8, h8, h8 + 5)).toBe(2 * h8);
    expect(nextFunding(h8, h8, 3 * h8 + 1)).toBe(4 * h8);
  });
});

describe('quantityForPercent', () => {
  it('takes a share of the largest quantity, down to the lot', () => {
    expect(quantityForPercent(BTCUSDT, '1.2345', 50)).toBe('0.617');
    expect(quantityForPercent(BTCUSDT, '1.2345', 100)).toBe('1.234');
    expect(quantityForPercent(COARSE, '1', 33)).toBe('0.33');
    expect(quantityForPercent(BTCUSD, '7', 25)).toBe('1');
    expect(quantityForPercent(BTCUSD, '3', 25)).toBe('');
    expect(quantityForPercent(BTCUSDT, '0', 100)).toBe('');
  });
});

describe('adlLights, quantityUnit, marginRatioTone', () => {
  it('lights as many of five as the rank', () => {
    expect(adlLights(3)).toEqual([true, true, true, false, false]);
    expect(adlLights(0)).toEqual([false, false, false, false, false]);
    expect(adlLights(9)).toEqual([true, true, true, true, true]);
  });
  it('counts coin-margined quantities in contracts', () => {
    expect(quantityUnit({ kind: 'coin', base: 'BTC' }, 'Cont')).toBe('Cont');
    expect(quantityUnit({ kind: 'usdt', base: 'ETH' }, 'Cont')).toBe('ETH');
  });
  it('warns from 80% and alarms from 100%', () => {
    expect(marginRatioTone('12.50')).toBe('safe');
    expect(marginRatioTone('80.00')).toBe('warn');
    expect(marginRatioTone('99.99')).toBe('warn');
    expect(marginRatioTone('100.00')).toBe('danger');
  });
});

describe('mergeCandles', () => {
  const c = (time: number, close: string) => ({ time, open: '1', high: '2', low: '1', close, volume: '0' });
  it('replaces the live candle, appends a new one, and mends an older one it still has', () => {
    const series = [c(1, '1'), c(2, '1'), c(3, '1')];
    expect(mergeCandles(series, [c(3, '2'), c(4, '3')]).map((x) => [x.time, x.close])).toEqual([
      [1, '1'],
      [2, '1'],
      [3, '2'],
      [4, '3'],
    ]);
    expect(mergeCandles(series, [c(2, '5')]).map((x) => x.close)).toEqual(['1', '5', '1']);
    expect(mergeCandles(series, [c(0, '5')])).toBe(series);
    expect(mergeCandles([], [c(1, '1')])).toHaveLength(1);
  });
});

describe('smallestQuantity', () => {
  it('compares exactly and skips what is not a number', () => {
    expect(smallestQuantity(['0.30000000000000004', '0.3'], 3)).toBe('0.30000000000000004');
    expect(smallestQuantity(['1.5', null, '0.25', 'x'], 3)).toBe('0.25');
    expect(smallestQuantity([undefined, null], 3)).toBeNull();
  });
});
