import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../isomorphic/contract/codes.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { safetyShare } from '../spot/market.ts';
import { AppError } from '../outcome.ts';
import { checkRates, payoutPosting, rebatesOf } from './rebates.ts';

const DEFAULT = [2000, 1000, 500];

describe('rebates of a window', () => {
  it('rounds each generation down on its own: 185 units at 20 / 10 / 5% are 37, 18 and 9', () => {
    const r = rebatesOf([{ userId: 9, asset: 'USDT', fee: 185n, referrers: [3, 2, 1] }], DEFAULT);
    expect(r.map((x) => [x.referrerId, x.generation, x.amount, x.rateBps])).toEqual([
      [3, 1, 37n, 2000],
      [2, 2, 18n, 1000],
      [1, 3, 9n, 500],
    ]);
  });

  it('pays nothing where the share rounds to zero, and stops where the chain of inviters ends', () => {
    expect(
      rebatesOf([{ userId: 9, asset: 'BTC', fee: 19n, referrers: [3, 2, 1] }], DEFAULT).map((x) => [
        x.generation,
        x.amount,
      ]),
    ).toEqual([
      [1, 3n],
      [2, 1n],
    ]);
    expect(
      rebatesOf([{ userId: 9, asset: 'BTC', fee: 1_000n, referrers: [3, null, null] }], DEFAULT).map(
        (x) => x.generation,
      ),
    ).toEqual([1]);
    expect(
      rebatesOf([{ userId: 9, asset: 'BTC', fee: 1_000n, referrers: [3, 2, 1] }], [2000, 0, 500]).map(
        (x) => x.generation,
      ),
    ).toEqual([1, 3]);
  });

  it('never pays more than the fee income the fees brought, at any rates the operators may set', () => {
    const rates = fc.tuple(fc.nat(9000), fc.nat(9000), fc.nat(9000)).filter(([a, b, c]) => a + b + c <= 9000);
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 1n, max: 10n ** 12n }), { minLength: 1, maxLength: 20 }),
        rates,
        (fees, r) => {
          // The window's fees of one user, each charged on a trade: fee income keeps each fee less its safety share.
          const income = fees.reduce((sum, f) => sum + f - safetyShare(f), 0n);
          const total = fees.reduce((a, b) => a + b, 0n);
          const paid = rebatesOf([{ userId: 9, asset: 'USDT', fee: total, referrers: [3, 2, 1] }], r).reduce(
            (sum, x) => sum + x.amount,
            0n,
          );
          expect(paid).toBeLessThanOrEqual(income);
        },
      ),
    );
  });

  it('posts one balanced transaction: fee income per asset pays each referrer per asset', () => {
    const rebates = rebatesOf(
      [
        { userId: 9, asset: 'USDT', fee: 185n, referrers: [3, 2, 1] },
        { userId: 8, asset: 'USDT', fee: 100n, referrers: [3, null, null] },
        { userId: 9, asset: 'BTC', fee: 50n, referrers: [3, 2, 1] },
      ],
      DEFAULT,
    );
    const post = payoutPosting(rebates, 7);
    expect(post.meta).toEqual({ billType: 'referral_rebate', refType: 'referral', refId: 7 });
    expect(post.lines).toEqual([
      { owner: null, type: ACCOUNT.feeIncome, asset: 'USDT', available: -(37n + 18n + 9n + 20n) },
      { owner: null, type: ACCOUNT.feeIncome, asset: 'BTC', available: -(10n + 5n + 2n) },
      { owner: 3, type: ACCOUNT.spot, asset: 'USDT', available: 57n },
      { owner: 2, type: ACCOUNT.spot, asset: 'USDT', available: 18n },
      { owner: 1, type: ACCOUNT.spot, asset: 'USDT', available: 9n },
      { owner: 3, type: ACCOUNT.spot, asset: 'BTC', available: 10n },
      { owner: 2, type: ACCOUNT.spot, asset: 'BTC', available: 5n },
      { owner: 1, type: ACCOUNT.spot, asset: 'BTC', available: 2n },
    ]);
  });
});

describe('rates', () => {
  it('take whole basis points, each 0–90%, together at most 90%', () => {
    for (const ok of [
      [2000, 1000, 500],
      [9000, 0, 0],
      [0, 0, 0],
      [3000, 3000, 3000],
    ])
      expect(() => checkRates(ok)).not.toThrow();
    for (const bad of [
      [5000, 4000, 1],
      [9001, 0, 0],
      [-1, 0, 0],
      [20.5, 0, 0],
      [2000, 1000],
      [1, 1, 1, 1],
    ]) {
      let err: unknown;
      try {
        checkRates(bad);
      } catch (e) {
        err = e;
      }
      expect(err instanceof AppError && err.code, JSON.stringify(bad)).toBe(ERRORS.referralRatesInvalid);
    }
  });
});
