/**
 * The loan application form's checks, the same the server makes (so a refusal is named before anything is sent),
 * and the cost it shows before confirming, by the published formula (cost.ts).
 */
import type { LoanProduct } from '../../../isomorphic/contract/loan.ts';
import { formatUnits, parseUnits } from '../../../isomorphic/money/units.ts';
import { quoteOf } from '../../../isomorphic/loan/cost.ts';

const SCALE = 8;
const units = (s: string) => {
  const r = parseUnits(s, SCALE);
  return r.ok ? r.value : 0n;
};

export type ApplyProblem =
  | {
      field: 'amount';
      key: 'loan.problem.amountFormat' | 'loan.problem.amountPrecision' | 'error.loanOutsideLimits';
      params?: Record<string, string>;
    }
  | { field: 'photos'; key: 'loan.problem.photos' }
  | { field: 'kyc'; key: 'loan.problem.kyc' };

interface ApplyInput {
  amount: string;
  photos: number;
  kycLevel: number;
}

/** Every problem of the form, in the order of its fields; none: it may be sent. */
export function applyProblems(p: LoanProduct, f: ApplyInput, neededLevel = 1): ApplyProblem[] {
  const out: ApplyProblem[] = [];
  const parsed = parseUnits(f.amount.trim(), SCALE);
  if (!parsed.ok)
    out.push({
      field: 'amount',
      key: parsed.problem === 'precision' ? 'loan.problem.amountPrecision' : 'loan.problem.amountFormat',
    });
  else if (parsed.value < units(p.minAmount) || parsed.value > units(p.maxAmount)) {
    out.push({
      field: 'amount',
      key: 'error.loanOutsideLimits',
      params: { min: trim(p.minAmount), max: trim(p.maxAmount), coin: p.coin },
    });
  }
  if (f.photos < 3) out.push({ field: 'photos', key: 'loan.problem.photos' });
  if (f.kycLevel < neededLevel) out.push({ field: 'kyc', key: 'loan.problem.kyc' });
  return out;
}

/** The cost of an amount over a cycle as decimal strings; null while the amount is not a number. */
export function applyQuote(p: LoanProduct, amount: string, cycleDays: number) {
  const parsed = parseUnits(amount.trim(), SCALE);
  if (!parsed.ok || parsed.value === 0n) return null;
  const q = quoteOf(parsed.value, units(p.dailyRate), units(p.overdueRate), cycleDays);
  const s = (v: bigint) => trim(formatUnits(v, SCALE));
  return {
    interest: s(q.interest),
    total: s(q.total),
    minInterest: s(q.minInterest),
    penaltyPerDay: s(q.penaltyPerDay),
  };
}

/** '1000.50000000' → '1000.5'; '100.00000000' → '100'. */
export const trim = (s: string) => (s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s);

/** A daily rate as a percentage: '0.00100000' → '0.1%'. Exact: the rate has 8 decimals, the percentage 6. */
export function ratePercent(rate: string): string {
  return `${trim(formatUnits(units(rate), 6))}%`;
}
