/**
 * The published cost of a power loan, one formula for the server (what repaying charges) and the screens (what
 * applying and repaying show before confirming). Amounts and rates are integers at 8 decimals.
 *
 * Interest is owed for every started day from the payout to the due date (at least one day); past the due date the
 * penalty rate runs instead, for every started day past it. Each is ⌊principal × rate × days⌋, rounded down once,
 * so the figure at any moment is known without stepping through the days.
 */
const E8 = 100_000_000n;
const DAY_MS = 86_400_000;

/** Whole days begun between two times: a started day counts as a day. startedDays(0, 1) → 1. */
export const startedDays = (from: number, to: number): number => (to <= from ? 0 : Math.ceil((to - from) / DAY_MS));

/**
 * ⌊principal × rate × days⌋ at 8 decimals: chargeFor(1000_00000000n, 100_000n, 7) → 7_00000000n (7 at 0.1% a day
 * on 1000).
 */
export const chargeFor = (principal: bigint, rateE8: bigint, days: number): bigint =>
  (principal * rateE8 * BigInt(days)) / E8;

interface LoanTerms {
  principal: bigint;
  dailyRate: bigint;
  overdueRate: bigint;
  startAt: number;
  dueAt: number;
}

interface LoanCost {
  interest: bigint;
  penalty: bigint;
  /** Principal, interest and penalty: what repaying at that moment takes. */
  total: bigint;
  /** The started days each was charged for. */
  interestDays: number;
  overdueDays: number;
}

/** What a loan owes at `now`: the interest of its started days up to the due date, and the penalty past it. */
export function costAt(l: LoanTerms, now: number): LoanCost {
  const interestDays = Math.max(1, startedDays(l.startAt, Math.min(now, l.dueAt)));
  const overdueDays = startedDays(l.dueAt, now);
  const interest = chargeFor(l.principal, l.dailyRate, interestDays);
  const penalty = chargeFor(l.principal, l.overdueRate, overdueDays);
  return { interest, penalty, total: l.principal + interest + penalty, interestDays, overdueDays };
}

/**
 * What an application would cost, shown before it is sent: repaid on the due date, the whole cycle's interest;
 * repaid early, at least one day's; each day late, the penalty on top.
 */
export function quoteOf(principal: bigint, dailyRate: bigint, overdueRate: bigint, cycleDays: number) {
  const interest = chargeFor(principal, dailyRate, cycleDays);
  return {
    interest,
    total: principal + interest,
    minInterest: chargeFor(principal, dailyRate, 1),
    penaltyPerDay: chargeFor(principal, overdueRate, 1),
  };
}
