import { describe, expect, it } from 'vitest';
import { cycleInterest, ordersLeft, percentText, stakeMax } from './view.ts';

describe('a pool in numbers', () => {
  it('shows rates as exact percentages and the full cycle interest as the earn contract computes it', () => {
    expect(percentText('0.0012')).toBe('0.12%');
    expect(percentText('0.438')).toBe('43.8%');
    expect(cycleInterest('1000', { dailyRate: '0.0012', cycleDays: 30 })).toBe('36.00000000');
    expect(cycleInterest('0.33333333', { dailyRate: '0.0006', cycleDays: 15 })).toBe('0.00299999');
    expect(cycleInterest('-1', { dailyRate: '0.0012', cycleDays: 30 })).toBeNull();
    expect(cycleInterest('1.123456789', { dailyRate: '0.0012', cycleDays: 30 })).toBeNull();
    expect(ordersLeft({ perUser: 3, yours: 1 })).toBe(2);
    expect(ordersLeft({ perUser: 0, yours: 9 })).toBeNull();
  });
  it('offers at most the spot balance, one order’s maximum and what the pool has left', () => {
    expect(stakeMax('1234.5', { maxAmount: '50000', remaining: '3000000' })).toBe('1234.5');
    expect(stakeMax('90000', { maxAmount: '50000.00000000', remaining: '3000000' })).toBe('50000');
    expect(stakeMax('90000', { maxAmount: '50000', remaining: '20.25' })).toBe('20.25');
    expect(stakeMax('0', { maxAmount: '50000', remaining: '20' })).toBe('0');
  });
});
