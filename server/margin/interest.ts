/**
 * Margin interest, Binance's way: interest per hour = principal × hourly rate, the hourly rate being the asset's
 * daily rate ÷ 24. The first hour is charged when the loan is made; after that, one hour each time a full hour
 * since the loan began has passed (at start + 1 h, start + 2 h, …). Rates are per asset, at RATE_SCALE
 * (10⁸ = 100% a day), as data the operators set.
 *
 * Rounding: each hour's interest is principal × daily rate ÷ (24 × 10⁸) computed as one fraction and rounded up
 * (the platform never lends an hour for free; the smallest loan pays at least one unit an hour).
 *
 * Exactly once per loan-hour: a loan carries how many of its hours have been charged; the hours owed at `now` are
 * 1 + the full hours since its start; what is due is the difference. A charge moves the count forward with the
 * interest in one write (its ledger entries keyed by loan and hour number), so charging again at the same `now`, or
 * replaying a charge, finds nothing due: no hour can be charged twice, and after downtime every missed hour is
 * charged once. The principal of a loan changes only through repayment; the core charges what is due before it,
 * so the hours a charge covers were all owed on the principal it uses.
 */
import { RATE_DIGITS, RATE_SCALE } from '../prices/mark-price.ts';
import { parseUnits } from '../../isomorphic/money/units.ts';
import { divCeil } from '../perpetual/rounding.ts';

export const HOUR_MS = 3_600_000;

const rate = (percent: string) => {
  const parsed = parseUnits(percent, RATE_DIGITS - 2);
  if (!parsed.ok) throw new Error(`bad rate ${percent}`);
  return parsed.value;
};

/**
 * The platform's starting daily rates per asset, in percent a day (operators change them; Binance's own rates
 * move daily, in this range for its base tier: USDT around 7–10% a year, majors lower).
 */
export const DAILY_RATES: Readonly<Record<string, bigint>> = {
  USDT: rate('0.025'),
  BTC: rate('0.005'),
  ETH: rate('0.006'),
  BNB: rate('0.01'),
  SOL: rate('0.03'),
  XRP: rate('0.02'),
  DOGE: rate('0.025'),
  ADA: rate('0.02'),
  TRX: rate('0.02'),
  LTC: rate('0.02'),
  DOT: rate('0.025'),
};

/** One hour's interest on a principal: principal × daily rate ÷ 24, rounded up; 0 on nothing. */
export function hourlyInterest(principal: bigint, dailyRate: bigint): bigint {
  return principal <= 0n ? 0n : divCeil(principal * dailyRate, 24n * RATE_SCALE);
}

/** What a borrow of `amount` is charged at once: its first hour. */
export function firstHourInterest(amount: bigint, dailyRate: bigint): bigint {
  return hourlyInterest(amount, dailyRate);
}

export interface Loan {
  /** Outstanding principal, asset units. */
  principal: bigint;
  /** When it was borrowed, ms since the epoch. */
  startedAt: number;
  /** How many of its hours have been charged (1 once the borrow is booked). */
  hoursCharged: number;
}

/** A new loan with its first hour charged: what the borrow books. */
export function openLoan(amount: bigint, now: number, dailyRate: bigint): { loan: Loan; interest: bigint } {
  return {
    loan: { principal: amount, startedAt: now, hoursCharged: 1 },
    interest: firstHourInterest(amount, dailyRate),
  };
}

/** The hours a loan started at `startedAt` owes by `now`: the first, then one per full hour since. */
export function hoursOwed(startedAt: number, now: number): number {
  return now < startedAt ? 0 : 1 + Math.floor((now - startedAt) / HOUR_MS);
}

interface InterestDue {
  /** Hours due now: numbers `fromHour` to `fromHour + hours − 1` of the loan (hour 0 is the first). */
  hours: number;
  fromHour: number;
  interest: bigint;
  /** The loan's charged count once this is booked. */
  hoursCharged: number;
}

/** What a loan owes at `now` that has not been charged: never negative, nothing twice. */
export function interestDue(loan: Loan, dailyRate: bigint, now: number): InterestDue {
  const owedHours = loan.principal > 0n ? hoursOwed(loan.startedAt, now) : loan.hoursCharged;
  const hours = owedHours > loan.hoursCharged ? owedHours - loan.hoursCharged : 0;
  return {
    hours,
    fromHour: loan.hoursCharged,
    interest: BigInt(hours) * hourlyInterest(loan.principal, dailyRate),
    hoursCharged: loan.hoursCharged + hours,
  };
}

/** The loan after booking what `interestDue` answered. */
export function charged(loan: Loan, due: InterestDue): Loan {
  return due.hours === 0 ? loan : { ...loan, hoursCharged: due.hoursCharged };
}

/** The time the loan's next hour falls due. */
export function nextChargeAt(loan: Loan): number {
  return loan.startedAt + loan.hoursCharged * HOUR_MS;
}

/**
 * Principal repaid across an asset's loans, oldest first (the order they were opened in): each loan's new
 * principal; loans repaid in full come back with 0 (the core closes them). Never takes more than they hold.
 */
export function repayLoans(loans: readonly Loan[], amount: bigint): { loans: Loan[]; applied: bigint } {
  let left = amount > 0n ? amount : 0n;
  const out = loans.map((l) => {
    const take = left < l.principal ? left : l.principal;
    left -= take;
    return take === 0n ? l : { ...l, principal: l.principal - take };
  });
  return { loans: out, applied: (amount > 0n ? amount : 0n) - left };
}
