import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  afterBorrow,
  checkBorrow,
  CROSS_LEVERAGE,
  initialLevel,
  maxBorrowable,
  meetsInitial,
  repay,
  type BorrowContext,
} from './borrowing.ts';
import { DAILY_RATES } from './interest.ts';
import { BORROW_LIMIT_LEVEL, marginLevel, valuation, type Line, type MarginAccount } from './margin-account.ts';

const U = 10n ** 8n;
const line = (balance: bigint, principal = 0n, interest = 0n): Line => ({ balance, principal, interest });
const prices: Record<string, bigint> = { BTC: 60_000n * U, ETH: 3_000n * U };
const priceOf = (a: string) => prices[a]!;
const BIG_POOL = 10n ** 20n;
const cross = (lines: Record<string, Line>): MarginAccount => ({ mode: 'cross', lines });
const ctx = (account: MarginAccount, over: Partial<BorrowContext> = {}): BorrowContext => ({
  account,
  priceOf,
  leverage: account.mode === 'cross' ? CROSS_LEVERAGE : 10n,
  dailyRate: 0n,
  pool: BIG_POOL,
  ...over,
});

describe('borrowing', () => {
  it('gives the initial level of a leverage: L ÷ (L − 1)', () => {
    expect(initialLevel(3n)).toBe(BORROW_LIMIT_LEVEL);
    expect(initialLevel(5n)).toBe(125_000_000n);
    expect(initialLevel(10n)).toBe(111_111_112n);
  });

  it('lets 1,000 USDT borrow 2,000 more at 3x cross and 9,000 at 10x isolated (no interest)', () => {
    expect(maxBorrowable(ctx(cross({ USDT: line(1_000n * U) })), 'USDT')).toBe(2_000n * U);
    const iso: MarginAccount = { mode: 'isolated', base: 'BTC', quote: 'USDT', lines: { USDT: line(1_000n * U) } };
    expect(maxBorrowable(ctx(iso), 'USDT')).toBe(9_000n * U);
    expect(maxBorrowable(ctx(iso, { leverage: 5n }), 'USDT')).toBe(4_000n * U);
    // BTC against USDT: 2,000 USDT worth at 60,000 = 0.03333333 BTC.
    expect(maxBorrowable(ctx(cross({ USDT: line(1_000n * U) })), 'BTC')).toBe(3_333_333n);
    // An isolated account borrows only its pair's assets.
    expect(maxBorrowable(ctx(iso), 'ETH')).toBe(0n);
    expect(checkBorrow(ctx(iso), 'ETH', 1n)).toEqual({ ok: false, reason: 'assetNotInAccount', max: 0n });
  });

  it('counts the first hour of interest in the level after borrowing', () => {
    const c = ctx(cross({ USDT: line(1_000n * U) }), { dailyRate: DAILY_RATES.USDT! });
    const max = maxBorrowable(c, 'USDT');
    // (1,000 + b) × 2 ≥ 3 × (b + ⌈b × 0.025% ÷ 24⌉): b ≤ 2,000 × 32,000 ÷ 32,001 = 1,999.93750195…
    expect(max).toBe(199_993_750_193n);
    expect(checkBorrow(c, 'USDT', max).ok).toBe(true);
    expect(checkBorrow(c, 'USDT', max + 1n)).toMatchObject({ ok: false, reason: 'overMax', max });
  });

  it('is limited by the pool and refuses bad amounts and low levels', () => {
    const c = ctx(cross({ USDT: line(1_000n * U) }), { pool: 500n * U });
    expect(maxBorrowable(c, 'USDT')).toBe(500n * U);
    expect(checkBorrow(c, 'USDT', 500n * U)).toMatchObject({ ok: true, interest: 0n });
    expect(checkBorrow(c, 'USDT', 501n * U)).toEqual({ ok: false, reason: 'poolShort', max: 500n * U });
    expect(checkBorrow(c, 'USDT', 3_000n * U)).toMatchObject({ ok: false, reason: 'overMax' });
    expect(checkBorrow(c, 'USDT', 0n)).toMatchObject({ ok: false, reason: 'badAmount' });
    expect(checkBorrow(c, 'USDT', -5n)).toMatchObject({ ok: false, reason: 'badAmount' });
    expect(maxBorrowable(ctx(cross({ USDT: line(1_000n * U) }), { pool: 0n }), 'USDT')).toBe(0n);
    // At exactly 1.5 nothing more may be borrowed; just above, a little.
    const at = cross({ USDT: line(3_000n * U, 2_000n * U) });
    expect(marginLevel(at, priceOf)).toBe(BORROW_LIMIT_LEVEL);
    expect(checkBorrow(ctx(at), 'USDT', 1n)).toEqual({ ok: false, reason: 'levelTooLow', max: 0n });
    const above = cross({ USDT: line(3_000n * U + 3n, 2_000n * U) });
    expect(maxBorrowable(ctx(above), 'USDT')).toBe(6n);
  });

  it('max always passes and one more never does, unless the pool stops it', () => {
    fc.assert(
      fc.property(
        fc.bigInt(0n, 10n ** 12n),
        fc.bigInt(0n, 10n ** 8n),
        fc.bigInt(0n, 10n ** 12n),
        fc.bigInt(0n, 10n ** 8n),
        fc.constantFrom('USDT', 'BTC', 'ETH'),
        fc.bigInt(2n, 10n),
        fc.bigInt(0n, 10n ** 13n),
        fc.boolean(),
        (usdt, btc, usdtDebt, ethDebt, asset, leverage, pool, isolated) => {
          const lines = { USDT: line(usdt, usdtDebt), BTC: line(btc), ETH: line(0n, ethDebt) };
          const account: MarginAccount = isolated
            ? { mode: 'isolated', base: 'BTC', quote: 'USDT', lines }
            : cross(lines);
          const c = ctx(account, {
            leverage: isolated ? leverage : CROSS_LEVERAGE,
            pool,
            dailyRate: DAILY_RATES[asset]!,
          });
          const max = maxBorrowable(c, asset);
          expect(max).toBeLessThanOrEqual(pool);
          if (max > 0n) {
            expect(checkBorrow(c, asset, max).ok).toBe(true);
            expect(meetsInitial(valuation(afterBorrow(account, asset, max, c.dailyRate), priceOf), c.leverage)).toBe(
              true,
            );
          }
          if (max < pool) expect(checkBorrow(c, asset, max + 1n).ok).toBe(false);
        },
      ),
    );
  });

  it('repays interest first, then principal, capped at what is owed', () => {
    const l = line(100n, 50n, 7n);
    expect(repay(l, 5n, 100n)).toEqual({ ok: true, interest: 5n, principal: 0n, line: line(95n, 50n, 2n) });
    expect(repay(l, 20n, 100n)).toEqual({ ok: true, interest: 7n, principal: 13n, line: line(80n, 37n, 0n) });
    expect(repay(l, 1_000n, 100n)).toEqual({ ok: true, interest: 7n, principal: 50n, line: line(43n, 0n, 0n) });
    expect(repay(l, 1_000n, 56n)).toEqual({ ok: false, reason: 'insufficientBalance' });
    expect(repay(l, 0n, 100n)).toEqual({ ok: false, reason: 'badAmount' });
    expect(repay(line(10n), 5n, 10n)).toEqual({ ok: false, reason: 'nothingOwed' });
  });

  it('a repayment never takes more than owed and keeps every amount whole', () => {
    fc.assert(
      fc.property(
        fc.bigInt(0n, 1_000n),
        fc.bigInt(0n, 1_000n),
        fc.bigInt(1n, 3_000n),
        (principal, interest, amount) => {
          const r = repay(line(5_000n, principal, interest), amount, 5_000n);
          if (!r.ok) {
            expect(principal + interest).toBe(0n);
            return;
          }
          expect(r.interest + r.principal).toBe(amount < principal + interest ? amount : principal + interest);
          expect(r.principal === 0n || r.line.interest === 0n).toBe(true);
          expect(r.line.principal).toBeGreaterThanOrEqual(0n);
          expect(r.line.interest).toBeGreaterThanOrEqual(0n);
        },
      ),
    );
  });
});
