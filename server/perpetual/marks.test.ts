import { describe, expect, it } from 'vitest';
import { CONTRACTS } from './contracts.ts';
import { impactBasis } from './funding.ts';
import { markBand, withinBand } from './marks.ts';

/** Rates at 10⁸: 0.01% = 10,000. */
const bp = (n: bigint) => n * 10_000n;

describe('the perpetual mark’s band and basis', () => {
  it('holds the mark within 75% of (initial − maintenance margin rate) at the first bracket of the index', () => {
    // 125× (0.8%) with 0.4% maintenance → 0.3%; ETHUSD 100× (1%) with 0.5% → 0.375%.
    expect(['btcusdt_perp', 'ethusdt_perp', 'btcusd_perp', 'ethusd_perp'].map((s) => markBand(CONTRACTS[s]!))).toEqual([
      bp(30n),
      bp(30n),
      bp(30n),
      bp(37n) + 5_000n,
    ]);
    const index = 965_000n; // 96,500.0 at BTCUSDT's scale
    // ±0.3% of 965,000 = ±2,895 units.
    expect(withinBand(900_000n, index, bp(30n))).toBe(962_105n);
    expect(withinBand(1_000_000n, index, bp(30n))).toBe(967_895n);
    expect(withinBand(966_000n, index, bp(30n))).toBe(966_000n);
    // The width rounds toward the index: 0.3% of 333 is 0.999 → 0.
    expect(withinBand(400n, 333n, bp(30n))).toBe(333n);
  });

  it('takes the basis from how far the impact prices stand beyond the index, a thin side counting as not beyond it', () => {
    expect(impactBasis(600_600n, 600_700n, 600_000n)).toBe(600n);
    expect(impactBasis(599_000n, 601_000n, 600_000n)).toBe(0n);
    expect(impactBasis(599_000n, 599_400n, 600_000n)).toBe(-600n);
    // Bids swept away: the asks alone decide, and they stand above the index.
    expect(impactBasis(undefined, 601_000n, 600_000n)).toBe(0n);
    expect(impactBasis(undefined, undefined, 600_000n)).toBe(0n);
  });
});
