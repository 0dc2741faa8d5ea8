import { describe, expect, it } from 'vitest';
import { divRound, markPrice, median3, nextBasisEma } from './mark-price.ts';

describe('mark price arithmetic', () => {
  it('rounds halves away from zero, in both signs', () => {
    expect([
      divRound(5n, 2n),
      divRound(-5n, 2n),
      divRound(7n, 3n),
      divRound(-7n, 3n),
      divRound(8n, 3n),
      divRound(-8n, 3n),
    ]).toEqual([3n, -3n, 2n, -2n, 3n, -3n]);
    expect([
      divRound(5_000n, 10_000n),
      divRound(-5_000n, 10_000n),
      divRound(4_999n, 10_000n),
      divRound(6n, -4n),
    ]).toEqual([1n, -1n, 0n, -2n]);
  });

  it('takes the middle of three in any order', () => {
    expect([
      median3(1n, 2n, 3n),
      median3(3n, 1n, 2n),
      median3(2n, 3n, 1n),
      median3(5n, 5n, 1n),
      median3(-4n, 9n, 0n),
    ]).toEqual([2n, 2n, 2n, 5n, 0n]);
  });

  it('steps the basis EMA with α = 2/31, in 1/10,000 of a price unit', () => {
    // basis 1000.00 (100,000 units): round(2 · 100,000 · 10,000 / 31) = round(64,516,129.03)
    const e1 = nextBasisEma(0n, 100_000n);
    expect(e1).toBe(64_516_129n);
    // round((2,000,000,000 + 29 · 64,516,129) / 31) = round(3,870,967,741 / 31) = round(124,869,927.13)
    const e2 = nextBasisEma(e1, 100_000n);
    expect(e2).toBe(124_869_927n);
    // The basis gone: round(29 · 124,869,927 / 31) = round(116,813,802.68)
    expect(nextBasisEma(e2, 0n)).toBe(116_813_803n);
    // A basis of one unit is not lost to rounding: round(20,000 / 31) = 645 sub-units, growing towards 10,000.
    let ema = 0n;
    for (let i = 0; i < 200; i++) ema = nextBasisEma(ema, 1n);
    expect(nextBasisEma(0n, 1n)).toBe(645n);
    expect(ema).toBeGreaterThan(9_990n);
    expect(ema).toBeLessThanOrEqual(10_000n);
    expect(nextBasisEma(0n, -100_000n)).toBe(-64_516_129n);
  });

  it('is the median of index with the funding basis, index plus the basis EMA, and last', () => {
    const index = 1_000_000n; // 10000.00
    // A trade at +10%: (a) 1,000,000, (b) 1,000,000 + round(6,451.6129) = 1,006,452, (c) 1,100,000.
    expect(markPrice({ index, last: 1_100_000n, basisEma: 64_516_129n, fundingBasis: 0n })).toBe(1_006_452n);
    // The next sample: (b) 1,000,000 + round(12,486.9927) = 1,012,487.
    expect(markPrice({ index, last: 1_100_000n, basisEma: 124_869_927n, fundingBasis: 0n })).toBe(1_012_487n);
    // Last back at the index: (a) and (c) agree, the EMA no longer counts.
    expect(markPrice({ index, last: index, basisEma: 116_813_803n, fundingBasis: 0n })).toBe(index);
    // A funding basis of 0.05% (50,000 at 10⁻⁸): (a) 1,000,500, (b) 1,000,200, (c) 1,001,000 → 1,000,500.
    expect(markPrice({ index, last: 1_001_000n, basisEma: 2_000_000n, fundingBasis: 50_000n })).toBe(1_000_500n);
    // (a) rounds half away from zero: 333 · 15,000,000 / 10⁸ = 49.95 → 50; 333 − 50 = 283 is the middle here.
    expect(markPrice({ index: 333n, last: 200n, basisEma: 0n, fundingBasis: -15_000_000n })).toBe(283n);
  });

  it('before the first trade counts the index as the last price', () => {
    // (a) 1,000,000, (b) 1,000,000 + round(-5,000.00) = 995,000, (c) the index → 1,000,000.
    expect(markPrice({ index: 1_000_000n, last: undefined, basisEma: -50_000_000n, fundingBasis: 0n })).toBe(
      1_000_000n,
    );
  });
});
