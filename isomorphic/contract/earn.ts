/**
 * Wire contract of earn products (docs/requirements.md §1 staking / pledge mining and finance products, §2
 * /pledge/index,
 * /pledge/add, /pledge/order, /finance/investment, /finance/detail, §3 pledge product and order, finance product,
 * §4 pledge order states, §7 /api/{x}/list, /api/order/list, /api/financial/personalIncome).
 *
 * A product locks a coin for a cycle of whole days at a daily rate. Subscribing moves the amount from the spot
 * account into the finance account (type 3), held for the order. Interest accrues for each whole UTC day from 00:00
 * after the subscription: day n's total is ⌊amount × rate × n⌋ at 8 decimals (rounding each day down and carrying the
 * remainder gives exactly that). At the end the principal and the interest return to the finance account's free
 * balance. Interest is paid from the platform's earn pool (a ledger account), and a subscription is taken only while
 * the pool's free balance covers the interest of every open order, this one included. Amounts are decimal strings
 * at 8 decimals; rates are decimal strings of a fraction per day ("0.0012" = 0.12% a day); times are milliseconds.
 */
import { z } from './zod.ts';
import { englishName, otherNames, type LocalNames } from './local-names.ts';
import { bodyInt, queryInt } from './integers.ts';
import { EARLY_REDEEM, EARN_KINDS, type EarlyRedeem, type EarnKind } from './earn.values.ts';

const text = () =>
  z.string({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalidType') });
const decimal = text().max(40, { error: 'validation.amount' });
const id = bodyInt({ min: 1, max: Number.MAX_SAFE_INTEGER, error: 'validation.recordId' });

export { EARLY_REDEEM, EARN_KINDS, type EarlyRedeem, type EarnKind } from './earn.values.ts';
export type EarnOrderState = 'inProgress' | 'completed' | 'redeemed';

/** POST /api/{x}/list: the products of a kind (x = pledge, finance — fixed and flexible — or defi). */
export const kindParams = z.object({ x: z.enum(['pledge', 'finance', 'defi'], { error: 'validation.invalidValue' }) });
export const productQuery = z.object({
  id: queryInt({ min: 1, max: Number.MAX_SAFE_INTEGER, error: 'validation.recordId' }),
});

export const subscribeBody = z.object({ productId: id, amount: decimal });
export const redeemBody = z.object({ id });

/** POST /api/order/list: your earn orders. */
export const earnOrderQuery = z.object({
  kind: z.enum(EARN_KINDS, { error: 'validation.invalidValue' }).optional(),
  state: z.enum(['inProgress', 'completed', 'redeemed'], { error: 'validation.invalidValue' }).optional(),
  page: queryInt({ min: 1, max: 100_000 }).default(1),
  size: queryInt({ min: 1, max: 100 }).default(10),
});
/** POST /api/financial/personalIncome: what your orders paid, newest first. */
export const incomeQuery = z.object({
  page: queryInt({ min: 1, max: 100_000 }).default(1),
  size: queryInt({ min: 1, max: 100 }).default(10),
});

/** The operators' product form: a new product, or a change to one (terms apply to orders from then on). */
export const productBody = z.object({
  id: id.optional(),
  kind: z.enum(EARN_KINDS, { error: 'validation.invalidValue' }),
  name: englishName(),
  coin: text()
    .regex(/^[a-zA-Z0-9]{2,10}$/, { error: 'validation.invalidValue' })
    .transform((s) => s.toUpperCase()),
  dailyRate: decimal,
  cycleDays: bodyInt({ min: 1, max: 3650, error: 'validation.earnCycle' }),
  minAmount: decimal,
  maxAmount: decimal,
  /** How many times one user may subscribe (0: no limit). */
  perUser: bodyInt({ min: 0, max: 1000 }),
  /** The most the product takes in all. */
  capacity: decimal,
  earlyRedeem: z.enum(EARLY_REDEEM, { error: 'validation.invalidValue' }),
  open: z.boolean({ error: 'validation.invalidType' }),
  /** The name in the other languages (`name` is the English one, shown where a language has none). */
  names: otherNames,
});
export type ProductBody = z.input<typeof productBody>;
export const fundPoolBody = z.object({
  coin: text()
    .regex(/^[a-zA-Z0-9]{2,10}$/, { error: 'validation.invalidValue' })
    .transform((s) => s.toUpperCase()),
  amount: decimal,
});

export interface EarnProduct {
  id: number;
  kind: EarnKind;
  /** In the caller's language (English where the operator gave none), and in every language the console edits. */
  name: string;
  names: LocalNames;
  coin: string;
  dailyRate: string;
  /** dailyRate × 365, for comparison (simple, not compounded). */
  yearlyRate: string;
  cycleDays: number;
  /** One subscription's limits. */
  minAmount: string;
  maxAmount: string;
  perUser: number;
  capacity: string;
  /** Subscribed so far in all, its share of the capacity ("0.4215"), and what is left. */
  sold: string;
  progress: string;
  remaining: string;
  earlyRedeem: EarlyRedeem;
  open: boolean;
  /** The caller's subscriptions so far (0 when signed out). */
  yours: number;
}

export interface EarnOrder {
  id: number;
  productId: number;
  kind: EarnKind;
  name: string;
  coin: string;
  amount: string;
  dailyRate: string;
  cycleDays: number;
  subscribedAt: number;
  /**
   * Interest accrues from 00:00 UTC of the day after the subscription (beginAt) to the end (endAt, the payment date).
   */
  beginAt: number;
  endAt: number;
  /** The interest of the whole cycle, and what has accrued by now. */
  expectedRevenue: string;
  accrued: string;
  /**
   * What was paid: the interest at the end, nothing when redeemed early with interest forfeited; for a flexible order,
   * what its days paid so far (paidDays of them).
   */
  interestPaid: string;
  paidDays: number;
  state: EarnOrderState;
  earlyRedeem: EarlyRedeem;
  endedAt: number | null;
}

/**
 * What redeeming now would give back: shown before confirming. For a flexible order `interest` is what the order has
 * paid in all by then (its whole days, each paid on its day), which it keeps.
 */
export interface RedeemPreview {
  id: number;
  principal: string;
  interest: string;
  forfeited: string;
  allowed: boolean;
}

export interface EarnIncome {
  orderId: number;
  name: string;
  coin: string;
  /** principal back, interest paid, or both at the end. */
  principal: string;
  interest: string;
  kind: 'matured' | 'redeemed';
  time: number;
}

/** The operators' view: each product with what its open orders will be owed, and the pool that pays it. */
export interface EarnObligation {
  productId: number;
  name: string;
  coin: string;
  openOrders: number;
  principal: string;
  interestOwed: string;
}
export interface EarnPool {
  coin: string;
  balance: string;
  /** The interest promised to open orders, which the pool's balance must cover. */
  reserved: string;
}
