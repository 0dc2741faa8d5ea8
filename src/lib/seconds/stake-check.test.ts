import { describe, expect, it } from 'vitest';
import { stakeNeedsConfirm } from './stake-check.ts';

describe('stakeNeedsConfirm', () => {
  it('asks from 10 times the minimum stake', () => {
    expect(stakeNeedsConfirm('99', '10', '100000.00000000')).toBe(false);
    expect(stakeNeedsConfirm('100', '10', '100000.00000000')).toBe(true);
    expect(stakeNeedsConfirm('105', '10', '100000.00000000')).toBe(true);
  });

  it('asks for more than half of the free balance', () => {
    expect(stakeNeedsConfirm('50', '10', '100.00000000')).toBe(false);
    expect(stakeNeedsConfirm('51', '10', '100.00000000')).toBe(true);
    expect(stakeNeedsConfirm('10', '10', '19.99999999')).toBe(true);
  });

  it('does not ask for a small stake', () => {
    expect(stakeNeedsConfirm('10', '10', '1000.00000000')).toBe(false);
  });
});
