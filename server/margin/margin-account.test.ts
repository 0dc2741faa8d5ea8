import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RATE_SCALE } from '../prices/mark-price.ts';
import { toPrice8 } from '../spot/market.ts';
import {
  atOrBelow,
  BORROW_LIMIT_LEVEL,
  LIQUIDATION_LEVEL,
  MARGIN_CALL_LEVEL,
  marginLevel,
  mayTransferOut,
  riskState,
  valuation,
  type Line,
  type MarginAccount,
} from './margin-account.ts';

const U = 10n ** 8n;
const line = (balance: bigint, principal = 0n, interest = 0n): Line => ({ balance, principal, interest });
const prices: Record<string, bigint> = { BTC: 60_000n * U, ETH: 3_000n * U, DOGE: 32_000_000n };
const priceOf = (a: string) => prices[a]!;

describe('margin account', () => {
  it('values a cross account: assets down, liabilities up, level down', () => {
    // 1 BTC and 1,000 USDT held; 20,000 USDT borrowed with 1 USDT interest, 0.5 ETH borrowed.
    const a: MarginAccount = {
      mode: 'cross',
      lines: { BTC: line(U), USDT: line(1_000n * U, 20_000n * U, U), ETH: line(0n, U / 2n) },
    };
    expect(valuation(a, priceOf)).toEqual({ assets: 61_000n * U, liabilities: 21_501n * U });
    // 61,000 / 21,501 = 2.83707734…
    expect(marginLevel(a, priceOf)).toBe(283_707_734n);
    expect(riskState(marginLevel(a, priceOf))).toBe('safe');
  });

  it('rounds each asset value down and each debt value up', () => {
    // 1 unit of DOGE (10⁻⁸) at 0.32 is worth 0.32 of a USDT unit: an asset counts 0, a debt 1.
    expect(valuation({ mode: 'cross', lines: { DOGE: line(1n) } }, priceOf)).toEqual({ assets: 0n, liabilities: 0n });
    expect(valuation({ mode: 'cross', lines: { DOGE: line(1n, 1n) } }, priceOf)).toEqual({
      assets: 0n,
      liabilities: 1n,
    });
    expect(valuation({ mode: 'cross', lines: { DOGE: line(3n, 0n, 1n) } }, priceOf)).toEqual({
      assets: 0n,
      liabilities: 1n,
    });
  });

  it('counts only the pair in an isolated account', () => {
    const a: MarginAccount = {
      mode: 'isolated',
      base: 'BTC',
      quote: 'USDT',
      lines: { BTC: line(U / 10n), USDT: line(10_000n * U, 5_000n * U), ETH: line(100n * U) },
    };
    expect(valuation(a, priceOf)).toEqual({ assets: 16_000n * U, liabilities: 5_000n * U });
    expect(marginLevel(a, priceOf)).toBe(320_000_000n);
  });

  it('has no level with nothing owed', () => {
    expect(marginLevel({ mode: 'cross', lines: { BTC: line(U) } }, priceOf)).toBeNull();
    expect(riskState(null)).toBe('safe');
    expect(atOrBelow({ assets: 0n, liabilities: 0n }, LIQUIDATION_LEVEL)).toBe(false);
  });

  it('names the thresholds, each inclusive', () => {
    expect([BORROW_LIMIT_LEVEL, MARGIN_CALL_LEVEL, LIQUIDATION_LEVEL]).toEqual([
      150_000_000n,
      130_000_000n,
      110_000_000n,
    ]);
    const cases: Array<[bigint, string]> = [
      [150_000_001n, 'safe'],
      [150_000_000n, 'noBorrow'],
      [130_000_001n, 'noBorrow'],
      [130_000_000n, 'marginCall'],
      [110_000_001n, 'marginCall'],
      [110_000_000n, 'liquidation'],
      [90_000_000n, 'liquidation'],
      [0n, 'liquidation'],
    ];
    for (const [level, state] of cases) expect(riskState(level)).toBe(state);
  });

  it('transfers out only above 2', () => {
    expect(mayTransferOut({ assets: 200n, liabilities: 100n })).toBe(false);
    expect(mayTransferOut({ assets: 201n, liabilities: 100n })).toBe(true);
    expect(mayTransferOut({ assets: 0n, liabilities: 0n })).toBe(true);
  });

  it('converts a spot market price to 8 decimals', () => {
    expect(toPrice8({ priceScale: 2 }, 9_650_000n)).toBe(96_500n * U);
    expect(toPrice8({ priceScale: 5 }, 32_000n)).toBe(32_000_000n);
  });

  it('atOrBelow says what the rounded-down level says, without dividing', () => {
    fc.assert(
      fc.property(
        fc.bigInt(0n, 10n ** 16n),
        fc.bigInt(1n, 10n ** 16n),
        fc.bigInt(0n, 3n * RATE_SCALE),
        (assets, liabilities, threshold) => {
          const level = (assets * RATE_SCALE) / liabilities;
          expect(atOrBelow({ assets, liabilities }, threshold)).toBe(level <= threshold);
        },
      ),
    );
  });
});
