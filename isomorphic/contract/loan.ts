/**
 * Wire contract of power (helper) loans (docs/requirements.md §1, §2 /loan/index and /loan/order with the ID photo
 * upload, §3 loan, §4 loan states: pending review, review passed, review failed, settled, overdue, §7
 * /api/common/type/t_repay_type).
 *
 * A user applies for an amount of a product's coin over one of its cycles, with ID photos of their own; an operator
 * reviews. An approved loan is paid from the platform's loan pool (a ledger account) into the spot account at once.
 * Interest is owed for every started day from the payout to the due date: ⌊principal × daily rate × days⌋. Past the
 * due date the loan is overdue and owes the penalty rate instead, for every started day past it. Repaying (early or
 * late) pays principal, interest and penalty from the spot account into the pool, in full. Amounts are decimal
 * strings at 8 decimals, rates fractions per day; times in milliseconds.
 */
import { z } from './zod.ts';
import { englishName, otherNames, type LocalNames } from './local-names.ts';
import { bodyInt, queryInt } from './integers.ts';

const text = () =>
  z.string({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalidType') });
const id = bodyInt({ min: 1, max: Number.MAX_SAFE_INTEGER, error: 'validation.recordId' });
const uploadId = text().regex(/^[0-9a-f]{32}\.(png|jpg|webp|gif)$/, { error: 'validation.uploadId' });
const coin = text()
  .regex(/^[a-zA-Z0-9]{2,10}$/, { error: 'validation.invalidValue' })
  .transform((s) => s.toUpperCase());

/**
 * docs/requirements.md §7 t_repay_type: how a loan is repaid. 1: principal and interest together, at the due date or
 * before.
 */
export const REPAY_TYPES = [1] as const;
export type RepayType = (typeof REPAY_TYPES)[number];

export const applyLoanBody = z.object({
  productId: id,
  amount: text().max(40, { error: 'validation.amount' }),
  cycleDays: bodyInt({ min: 1, max: 3650, error: 'validation.loanCycle' }),
  repayType: z.literal(1, { error: 'validation.invalidValue' }),
  /** ID photos: front and back of the document and a selfie holding it, each an upload of the applicant's. */
  front: uploadId,
  back: uploadId,
  selfie: uploadId,
});
export const loanIdBody = z.object({ id });
export const loanIdQuery = z.object({
  id: queryInt({ min: 1, max: Number.MAX_SAFE_INTEGER, error: 'validation.recordId' }),
});
export const loanListQuery = z.object({
  page: queryInt({ min: 1, max: 100_000 }).default(1),
  size: queryInt({ min: 1, max: 100 }).default(10),
});
export const loanQueueQuery = loanListQuery.extend({
  state: z.enum(['pending', 'passed', 'failed'], { error: 'validation.invalidValue' }).default('pending'),
});
export const loanReviewBody = z.object({
  id,
  approve: z.boolean({ error: 'validation.invalidType' }),
  reason: text()
    .transform((s) => s.trim())
    .pipe(z.string().max(300, { error: 'validation.tooLong' }))
    .default(''),
});
export const loanProductBody = z.object({
  id: id.optional(),
  name: englishName(),
  coin,
  dailyRate: text().max(20, { error: 'validation.amount' }),
  overdueRate: text().max(20, { error: 'validation.amount' }),
  /** The cycles offered, in days. */
  cycles: z
    .array(bodyInt({ min: 1, max: 3650, error: 'validation.loanCycle' }), { error: 'validation.invalidType' })
    .min(1, { error: 'validation.required' })
    .max(10, { error: 'validation.tooLong' }),
  minAmount: text().max(40, { error: 'validation.amount' }),
  maxAmount: text().max(40, { error: 'validation.amount' }),
  institution: englishName(),
  open: z.boolean({ error: 'validation.invalidType' }),
  /** The name and the institution in the other languages (`name` and `institution` are the English ones). */
  names: otherNames,
  institutions: otherNames,
});
export const loanPoolBody = z.object({ coin, amount: text().max(40, { error: 'validation.amount' }) });

export interface LoanProduct {
  id: number;
  /** In the caller's language (English where the operator gave none), and in every language the console edits. */
  name: string;
  names: LocalNames;
  coin: string;
  dailyRate: string;
  overdueRate: string;
  cycles: number[];
  minAmount: string;
  maxAmount: string;
  /** docs/requirements.md §3 lending institution. */
  institution: string;
  institutions: LocalNames;
  repayTypes: RepayType[];
  open: boolean;
}

/** docs/requirements.md §4: pending review, review passed (the loan is out), review failed, settled, overdue. */
export type LoanState = 'pending' | 'passed' | 'failed' | 'settled' | 'overdue';

export interface LoanRecord {
  id: number;
  productId: number;
  name: string;
  institution: string;
  coin: string;
  amount: string;
  cycleDays: number;
  dailyRate: string;
  overdueRate: string;
  repayType: RepayType;
  state: LoanState;
  appliedAt: number;
  /** Paid out at; due (docs/requirements.md §3 repay time) at. */
  startAt: number | null;
  dueAt: number | null;
  /** Owed now (or what was paid, once settled). */
  interest: string;
  penalty: string;
  totalDue: string;
  /** The started days the interest and the penalty are charged for (docs/requirements.md §4 overdue: the days late). */
  interestDays: number;
  overdueDays: number;
  repaidAt: number | null;
  /** Why an operator refused it. */
  reason: string | null;
}

/** The operators' queue: the record with the applicant and the photos. */
export interface LoanApplication extends LoanRecord {
  userId: number;
  nickname: string;
  kycLevel: number;
  front: string;
  back: string;
  selfie: string;
}

export interface LoanPool {
  coin: string;
  balance: string;
  /** Principal out on open loans, and the interest and penalty they owe now. */
  lent: string;
  owed: string;
}

export interface RepayTypeItem {
  value: RepayType;
  label: string;
}
