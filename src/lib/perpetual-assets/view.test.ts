import { describe, expect, it } from 'vitest';
import type { PerpAccount } from '../../../isomorphic/contract/perpetual.ts';
import {
  atScale,
  contractOf,
  kindOfEntry,
  decimalsIn,
  isCancellable,
  isPositive,
  pairOf,
  pnlTone,
  quantityUnit,
  riskOf,
  signed,
  sortAccounts,
} from './view.ts';

const account = (asset: string, kind: 'usdt' | 'coin'): PerpAccount => ({
  asset,
  kind,
  walletBalance: '0',
  unrealizedPnl: '0',
  marginBalance: '0',
  positionMargin: '0',
  orderMargin: '0',
  maintenanceMargin: '0',
  marginRatio: '0.00',
  availableBalance: '0',
  maxWithdraw: '0',
});

describe('names and scales', () => {
  it('names the pair of a contract symbol', () => {
    expect(pairOf('btcusdt_perp')).toBe('BTCUSDT');
    expect(pairOf('ETHUSD_PERP')).toBe('ETHUSD');
  });

  it('writes a price or quantity at the contract scale, or at the decimals sent while the contract is unknown', () => {
    expect(atScale('64210.5', 2)).toBe('64,210.50');
    expect(atScale('64210.567', 1)).toBe('64,210.5'); // truncated, never rounded up
    expect(atScale('0.0100')).toBe('0.0100');
    expect(atScale('12')).toBe('12');
    expect(atScale(null, 2)).toBe('--');
    expect(atScale('', 2)).toBe('--');
    expect(decimalsIn('1.2300')).toBe(4);
    expect(decimalsIn('7')).toBe(0);
  });

  it('counts USDT-margined quantities in the base coin and coin-margined ones in contracts', () => {
    expect(quantityUnit({ kind: 'usdt', base: 'BTC' })).toEqual({ coin: 'BTC' });
    expect(quantityUnit({ kind: 'coin', base: 'ETH' })).toBe('contracts');
    expect(quantityUnit(undefined)).toBeNull();
  });

  it('tells the kind of a market-list row by its quote', () => {
    expect(kindOfEntry({ symbol_name: 'BTC/USDT' })).toBe('usdt');
    expect(kindOfEntry({ symbol_name: 'ETH/USD' })).toBe('coin');
  });

  it('finds a contract by symbol whatever its case', () => {
    const list = [{ symbol: 'btcusdt_perp' }, { symbol: 'ethusd_perp' }] as never[];
    expect(contractOf(list, 'ETHUSD_perp')).toEqual({ symbol: 'ethusd_perp' });
    expect(contractOf(list, 'xrpusdt_perp')).toBeUndefined();
  });
});

describe('orders', () => {
  it('offers cancel on resting orders only', () => {
    expect(isCancellable({ status: 'open' })).toBe(true);
    expect(isCancellable({ status: 'partial' })).toBe(true);
    expect(isCancellable({ status: 'filled' })).toBe(false);
    expect(isCancellable({ status: 'cancelled' })).toBe(false);
  });

  it('tells a real amount from zero, null and junk', () => {
    expect(isPositive('0.00000001')).toBe(true);
    expect(isPositive('0.00000000')).toBe(false);
    expect(isPositive('-1')).toBe(false);
    expect(isPositive(null)).toBe(false);
    expect(isPositive('abc')).toBe(false);
  });
});

describe('profit and loss', () => {
  it('colours and signs a gain, a loss and nothing', () => {
    expect(pnlTone('12.5')).toBe('up');
    expect(pnlTone('-0.00000001')).toBe('down');
    expect(pnlTone('0.00000000')).toBe('flat');
    expect(signed('12.50 USDT', '12.5')).toBe('+12.50 USDT');
    expect(signed('-3.00 USDT', '-3')).toBe('-3.00 USDT');
    expect(signed('0.00 USDT', '0')).toBe('0.00 USDT');
    // Too small to show: neither a gain nor a loss on screen.
    expect(signed('0.00 USDT', '0.003')).toBe('0.00 USDT');
    expect(pnlTone('0.003', '0.00 USDT')).toBe('flat');
    expect(pnlTone('-0.003', '-0.00 USDT')).toBe('flat');
    expect(pnlTone('0.013', '0.01 USDT')).toBe('up');
  });
});

describe('margin ratio risk', () => {
  it.each([
    ['0.00', 'low'],
    ['49.99', 'low'],
    ['50.00', 'medium'],
    ['50', 'medium'],
    ['79.999', 'medium'],
    ['80.00', 'high'],
    ['100.00', 'high'],
    ['250.5', 'high'],
    ['-1', 'low'],
    ['--', 'low'],
  ] as const)('%s%% is %s', (ratio, risk) => {
    expect(riskOf(ratio)).toBe(risk);
  });
});

describe('contract accounts', () => {
  it('lists USDT-margined first, then coin-margined by asset', () => {
    const sorted = sortAccounts([account('ETH', 'coin'), account('USDT', 'usdt'), account('BTC', 'coin')]);
    expect(sorted.map((a) => a.asset)).toEqual(['USDT', 'BTC', 'ETH']);
  });
});
