import { GENERATIONS, MAX_TOTAL_RATE_BPS, type Generation } from '../../isomorphic/referral/generations.ts';
import { mulDivDown } from '../../isomorphic/money/units.ts';
import type { FundsPost } from '../core/funds.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import type { Posting } from '../ledger/ledger.ts';
import { fail } from '../outcome.ts';

/** The fees one user paid in one asset during a payout's window, with their referrers, first generation first. */
export interface FeeRow {
  userId: number;
  asset: string;
  fee: bigint;
  referrers: ReadonlyArray<number | null>;
}

export interface Rebate {
  referrerId: number;
  inviteeId: number;
  generation: Generation;
  asset: string;
  fee: bigint;
  rateBps: number;
  amount: bigint;
}

/** Rates must be whole basis points, each 0–90%, together at most 90%: the safety fund's 10% is never paid out. */
export function checkRates(rates: readonly number[]): void {
  const valid =
    rates.length === GENERATIONS.length && rates.every((r) => Number.isInteger(r) && r >= 0 && r <= MAX_TOTAL_RATE_BPS);
  if (!valid || rates.reduce((a, b) => a + b, 0) > MAX_TOTAL_RATE_BPS) fail('referralRatesInvalid');
}

/**
 * What each generation earns from each user's fees of one window: fee × rate, rounded down per generation (the
 * platform keeps the fractions). Rebates of nothing are left out. Because the rates add up to at most 90% and the
 * safety fund takes 10% of each fee rounded down, the rebates of a user's fees never exceed the fee income those
 * fees brought: rebatesOf([{ userId: 9, asset: 'USDT', fee: 185n, referrers: [3, 2, 1] }], [2000, 1000, 500])
 * → 37 to user 3, 18 to user 2, 9 to user 1.
 */
export function rebatesOf(fees: readonly FeeRow[], rates: readonly number[]): Rebate[] {
  const out: Rebate[] = [];
  for (const f of fees) {
    for (const [i, generation] of GENERATIONS.entries()) {
      const referrerId = f.referrers[i];
      if (referrerId === null || referrerId === undefined) break;
      const rateBps = rates[i] ?? 0;
      const amount = mulDivDown(f.fee, BigInt(rateBps), 10_000n);
      if (amount > 0n)
        out.push({ referrerId, inviteeId: f.userId, generation, asset: f.asset, fee: f.fee, rateBps, amount });
    }
  }
  return out;
}

/**
 * One ledger transaction paying every rebate of a payout from the platform's fee income to the referrers' spot
 * accounts.
 */
export function payoutPosting(rebates: readonly Rebate[], payoutId: number): FundsPost {
  const credit = new Map<string, Posting>();
  const debit = new Map<string, bigint>();
  for (const r of rebates) {
    const key = `${r.referrerId}:${r.asset}`;
    const line = credit.get(key) ?? { owner: r.referrerId, type: ACCOUNT.spot, asset: r.asset, available: 0n };
    line.available! += r.amount;
    credit.set(key, line);
    debit.set(r.asset, (debit.get(r.asset) ?? 0n) + r.amount);
  }
  const lines: Posting[] = [
    ...[...debit].map(
      ([asset, amount]): Posting => ({ owner: null, type: ACCOUNT.feeIncome, asset, available: -amount }),
    ),
    ...credit.values(),
  ];
  return { lines, meta: { billType: 'referral_rebate', refType: 'referral', refId: payoutId } };
}
