import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markPrice } from '../prices/mark-price.ts';
import { CONTRACTS } from './contracts.ts';
import {
  averagePremium,
  EIGHT_HOURS,
  fundingBasis,
  fundingCap,
  fundingPayment,
  fundingRate,
  impactNotional,
  impactPrice,
  nextFundingTime,
  premiumIndex,
  settleFunding,
} from './funding.ts';

const BTCUSDT = CONTRACTS.btcusdt_perp!;
const BTCUSD = CONTRACTS.btcusd_perp!;
const USDT = 10n ** 8n;
/** Rates at 10⁸: 0.01% = 10,000. */
const bp = (n: bigint) => n * 10_000n;

describe('premium index', () => {
  it('sizes the impact notional at 200 USDT (USD) of margin at the maximum leverage', () => {
    expect(impactNotional(BTCUSDT)).toBe(25_000n * USDT);
    expect(impactNotional(BTCUSD)).toBe(250n); // 25,000 USD in 100 USD contracts
    expect(impactNotional(CONTRACTS.ethusd_perp!)).toBe(2_000n); // 20,000 USD in 10 USD contracts
  });

  it('prices the impact notional at its average fill: by notional for linear, harmonically for inverse', () => {
    // 0.2 BTC at 60,000.0 fills 12,000; the other 13,000 at 59,990.0: 25,000 / 0.41670278… = 59,994.80.
    expect(
      impactPrice(BTCUSDT, [
        [600_000n, 200n],
        [599_900n, 1_000n],
      ]),
    ).toBe(599_948n);
    // 100 contracts at 50,000.0 and 150 at 50,010.0: 250 / (100/50,000 + 150/50,010) = 50,006.00.
    expect(
      impactPrice(BTCUSD, [
        [500_000n, 100n],
        [500_100n, 500n],
      ]),
    ).toBe(500_060n);
    expect(impactPrice(BTCUSDT, [[600_000n, 200n]])).toBeUndefined();
    expect(impactPrice(BTCUSD, [])).toBeUndefined();
  });

  it('is (max(0, impact bid − index) − max(0, index − impact ask)) / index', () => {
    expect(premiumIndex(600_600n, 600_700n, 600_000n)).toBe(bp(10n)); // bids 0.1% over the index
    expect(premiumIndex(599_000n, 601_000n, 600_000n)).toBe(0n);
    expect(premiumIndex(599_000n, 599_400n, 600_000n)).toBe(-bp(10n));
    expect(premiumIndex(undefined, 599_400n, 600_000n)).toBe(-bp(10n));
    expect(premiumIndex(undefined, undefined, 600_000n)).toBe(0n);
  });

  it("averages samples with Binance's time weights 1…n", () => {
    expect(averagePremium([], 0)).toBe(0n);
    expect(averagePremium([[3, 60n]], 3)).toBe(30n);
    expect(averagePremium([[1, 60n]], 3)).toBe(10n);
    expect(averagePremium([[1, 7n]], 1)).toBe(7n);
    expect(
      averagePremium(
        Array.from({ length: 5_760 }, (_, i) => [i + 1, bp(1n)] as const),
        5_760,
      ),
    ).toBe(bp(1n));
    // Zero samples need not be listed: they count in the weights all the same.
    expect(averagePremium([[2, 60n]], 4)).toBe(
      averagePremium(
        [
          [1, 0n],
          [2, 60n],
          [3, 0n],
          [4, 0n],
        ],
        4,
      ),
    );
  });
});

describe('funding rate', () => {
  it('is the premium plus interest − premium clamped to ±0.05%, with 0.01% interest per 8 h', () => {
    expect(fundingRate(BTCUSDT, 0n)).toBe(bp(1n));
    expect(fundingRate(BTCUSDT, bp(3n))).toBe(bp(1n));
    expect(fundingRate(BTCUSDT, -bp(4n))).toBe(bp(1n));
    expect(fundingRate(BTCUSDT, bp(10n))).toBe(bp(5n));
    expect(fundingRate(BTCUSDT, -bp(10n))).toBe(-bp(5n));
  });

  it('is capped at ±75% × (IMR − MMR) of the first bracket and scaled to the interval', () => {
    expect(fundingCap(BTCUSDT)).toBe(bp(30n)); // 0.75 × (0.8% − 0.4%)
    expect(fundingCap(CONTRACTS.ethusd_perp!)).toBe(375_000n); // 0.75 × (1% − 0.5%)
    expect(fundingRate(BTCUSDT, bp(100n))).toBe(bp(30n));
    expect(fundingRate(BTCUSDT, -bp(100n))).toBe(-bp(30n));
    expect(fundingRate(BTCUSDT, bp(10n), EIGHT_HOURS / 2)).toBe(25_000n);
  });
});

describe('funding payments', () => {
  it('charges position value at the mark × rate: longs pay a positive rate, shorts receive it', () => {
    // 1 BTC at 60,000 and 0.01%: 6 USDT.
    expect(fundingPayment(BTCUSDT, 1_000n, 600_000n, bp(1n))).toBe(-6n * USDT);
    expect(fundingPayment(BTCUSDT, -1_000n, 600_000n, bp(1n))).toBe(6n * USDT);
    expect(fundingPayment(BTCUSDT, 1_000n, 600_000n, -bp(1n))).toBe(6n * USDT);
    expect(fundingPayment(BTCUSDT, 0n, 600_000n, bp(1n))).toBe(0n);
  });

  it('rounds what a payer pays up and what a receiver gets down', () => {
    // 0.001 BTC at 60,000.1 is 60.0001 USDT; × 0.00000003 = 180.0003 units.
    expect(fundingPayment(BTCUSDT, 1n, 600_001n, 3n)).toBe(-181n);
    expect(fundingPayment(BTCUSDT, -1n, 600_001n, 3n)).toBe(180n);
    // COIN-M: 100 contracts at 30,000 are 0.333333… BTC; × 0.01% = 3,333.33 units of BTC.
    expect(fundingPayment(BTCUSD, 100n, 300_000n, bp(1n))).toBe(-3_334n);
    expect(fundingPayment(BTCUSD, -100n, 300_000n, bp(1n))).toBe(3_333n);
  });

  it('settles a contract so that payments and the insurance-fund remainder sum to zero', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt(1n, 10_000n), { minLength: 1, maxLength: 30 }),
        fc.bigInt(1n, 1_000_000n),
        fc.bigInt(-bp(30n), bp(30n)),
        fc.boolean(),
        (longs, mark, rate, inverse) => {
          const c = inverse ? BTCUSD : BTCUSDT;
          // The shorts hold what the longs hold, split differently.
          const total = longs.reduce((a, b) => a + b, 0n);
          const shorts = [-(total / 2n), -(total - total / 2n)].filter((q) => q !== 0n);
          const all = [...longs, ...shorts];
          const { payments, remainder } = settleFunding(c, all, mark, rate);
          expect(payments.reduce((a, b) => a + b, 0n) + remainder).toBe(0n);
          expect(remainder).toBeGreaterThanOrEqual(0n);
          expect(remainder).toBeLessThan(BigInt(all.length));
        },
      ),
    );
  });
});

describe('funding times and the mark price’s funding basis', () => {
  it('funds at multiples of the interval: 00:00, 08:00 and 16:00 UTC', () => {
    const day = Date.UTC(2026, 0, 5);
    expect(nextFundingTime(day)).toBe(day + EIGHT_HOURS);
    expect(nextFundingTime(day - 1)).toBe(day);
    expect(nextFundingTime(day + EIGHT_HOURS + 1)).toBe(day + 2 * EIGHT_HOURS);
    expect(nextFundingTime(day, 3600_000)).toBe(day + 3600_000);
  });

  it('gives the mark price last rate × time to funding ÷ interval', () => {
    const day = Date.UTC(2026, 0, 5);
    // 0.01% with 2 h of 8 left: 0.0025%.
    const basis = fundingBasis(bp(1n), day + 6 * 3600_000);
    expect(basis).toBe(2_500n);
    // The mark's first input becomes 60,000.0 × (1 + 0.0025%) = 60,001.5, the median of it, index + EMA and last.
    expect(markPrice({ index: 600_000n, last: 600_100n, basisEma: 0n, fundingBasis: basis })).toBe(600_015n);
  });
});
