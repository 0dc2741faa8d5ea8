/**
 * Wire contract of spot margin (docs/requirements.md §1 cross and isolated margin, §2 entrust tabs margin-all and
 * margin-fixed, §7 the coin family's wallet borrow calls). A user has one cross account (segment `all`: every asset is
 * collateral) and one isolated account per pair (segment `fixed`: only the pair's base and quote count). Margin orders
 * trade on the spot books. Amounts are decimal strings at 8 decimals of their asset; prices at the pair's price scale;
 * margin levels and rates are decimal strings of a fraction ("1.5" = 150%, "0.00025" = 0.025% a day); times are
 * milliseconds since the epoch.
 */
import { z } from './zod.ts';
import { bodyInt, queryInt } from './integers.ts';
import { submitOrderBody, type SpotOrder } from './spot.ts';

const text = () =>
  z.string({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalidType') });
const pair = text()
  .regex(/^[a-zA-Z0-9]{2,20}$/, { error: 'validation.symbol' })
  .transform((s) => s.toLowerCase());
const coin = text()
  .regex(/^[a-zA-Z0-9]{2,10}$/, { error: 'validation.invalidValue' })
  .transform((s) => s.toUpperCase());
const decimal = text().max(40, { error: 'validation.amount' });

export const MARGIN_SEGMENTS = ['all', 'fixed'] as const;
/** The requirements' path segment: `all` is the cross account, `fixed` an isolated one. */
export type MarginSegment = (typeof MARGIN_SEGMENTS)[number];
export type MarginMode = 'cross' | 'isolated';
export const modeOfSegment = (s: MarginSegment): MarginMode => (s === 'all' ? 'cross' : 'isolated');
export const segmentOfMode = (m: MarginMode): MarginSegment => (m === 'cross' ? 'all' : 'fixed');

/** Where a margin call goes: the cross account, or one pair's isolated account (`symbol` required). */
const where = { mode: z.enum(['cross', 'isolated'], { error: 'validation.invalidValue' }), symbol: pair.optional() };

export const segmentParams = z.object({ segment: z.enum(MARGIN_SEGMENTS, { error: 'validation.invalidValue' }) });

/** getCanborrow: how much of a coin the account may borrow now. */
export const canBorrowQuery = z.object({ coin, symbol: pair.optional() });
/** preborrow (a dry run), borrow and still (repay). */
export const loanBody = z.object({ coin, amount: decimal, symbol: pair.optional() });
/** getCanborrowList and marginProperty for one account. */
export const accountQuery = z.object({ symbol: pair.optional() });
/** updateLeverageRadio/fixed: an isolated pair's leverage, 2× to 10×. */
export const leverageBody = z.object({
  symbol: pair,
  leverage: bodyInt({ min: 2, max: 10, error: 'validation.marginLeverage' }),
});
/** Transfers between the spot account and a margin account. */
export const marginTransferBody = z.object({
  ...where,
  coin,
  amount: decimal,
  direction: z.enum(['in', 'out'], { error: 'validation.invalidValue' }),
});

/**
 * A margin order on the spot book. `autoBorrow` borrows what the order needs beyond the free balance when it is
 * placed (within the max borrowable); `autoRepay` repays the received asset's debt from each fill.
 */
export const marginOrderBody = submitOrderBody.extend({
  mode: where.mode,
  autoBorrow: z.boolean({ error: 'validation.invalidType' }).default(false),
  autoRepay: z.boolean({ error: 'validation.invalidType' }).default(false),
});
export type MarginOrderBody = z.input<typeof marginOrderBody>;

export const marginOrderListQuery = z.object({
  mode: where.mode,
  symbol: pair.optional(),
  state: z.enum(['open', 'history'], { error: 'validation.invalidValue' }).default('open'),
  page: queryInt({ min: 1, max: 100_000 }).default(1),
  size: queryInt({ min: 1, max: 100 }).default(15),
});

export const MARGIN_RECORD_KINDS = ['borrow', 'repay', 'interest', 'liquidation', 'transfer', 'marginCall'] as const;
export type MarginRecordKind = (typeof MARGIN_RECORD_KINDS)[number];
export const marginRecordQuery = z.object({
  mode: where.mode.optional(),
  kind: z.enum(MARGIN_RECORD_KINDS, { error: 'validation.invalidValue' }).optional(),
  page: queryInt({ min: 1, max: 100_000 }).default(1),
  size: queryInt({ min: 1, max: 100 }).default(15),
});

export type MarginRisk = 'safe' | 'noBorrow' | 'marginCall' | 'liquidation';

/** One asset of a margin account. */
export interface MarginLine {
  coin: string;
  /** Held in the account, free and on order. */
  total: string;
  free: string;
  onOrder: string;
  borrowed: string;
  interest: string;
  /** total − borrowed − interest. */
  netAsset: string;
  /** What may be borrowed now (0 when the level is at or below the borrow limit). */
  maxBorrow: string;
  /** What may leave for the spot account now (keeps the level above 2). */
  maxTransferOut: string;
  /** USDT per coin at the index. */
  indexPrice: string;
}

export interface MarginAccountView {
  mode: MarginMode;
  /** The isolated account's pair; null for cross. */
  symbol: string | null;
  symbol_name: string | null;
  leverage: number;
  /** Assets ÷ (borrowed + interest); null while nothing is owed. */
  level: string | null;
  risk: MarginRisk;
  /** USDT at the index: assets rounded down, liabilities up. */
  totalAsset: string;
  totalLiability: string;
  netAsset: string;
  /** The levels the rules act at, for the risk colours. */
  thresholds: { borrowLimit: string; marginCall: string; liquidation: string; transferOut: string };
  /** Isolated: the base price at which the level would reach the liquidation level (null when none). */
  liquidationPrice: string | null;
  lines: MarginLine[];
  /** When the prices used were sampled. */
  pricedAt: number;
}

/** marginProperty: the cross account and every isolated account the user has used. */
export interface MarginProperty {
  cross: MarginAccountView;
  isolated: MarginAccountView[];
  /** The pairs open for margin trading (each may have an isolated account). */
  pairs: Array<{ symbol: string; symbol_name: string; base: string; quote: string; maxLeverage: number }>;
}

export interface CanBorrow {
  coin: string;
  /** The most that may be borrowed now, and why it is not more: the level or the lending pool. */
  max: string;
  pool: string;
  dailyRate: string;
  hourlyRate: string;
  borrowed: string;
  interest: string;
}

/** preborrow: what a borrow would do, refused with the same errors as borrow. */
export interface BorrowPreview {
  coin: string;
  amount: string;
  /** Charged at once: the first hour. */
  firstHourInterest: string;
  hourlyInterest: string;
  levelAfter: string | null;
  max: string;
}

export interface LoanResult {
  coin: string;
  amount: string;
  /** Repay: how much went to interest and to principal. */
  interest: string;
  principal: string;
  account: MarginAccountView;
}

export interface DepositRate {
  coin: string;
  dailyRate: string;
  hourlyRate: string;
  /** dailyRate × 365, simple. */
  yearlyRate: string;
  /** What the platform's lending pool has left to lend. */
  pool: string;
}

export interface MarginTransferResult {
  coin: string;
  amount: string;
  direction: 'in' | 'out';
  account: MarginAccountView;
}

/** A margin order: a spot order with the account it trades from. */
export interface MarginOrder extends SpotOrder {
  mode: MarginMode;
  autoRepay: boolean;
  /** What `autoBorrow` borrowed when it was placed. */
  borrowed: string;
}

export interface MarginRecord {
  id: number;
  kind: MarginRecordKind;
  mode: MarginMode;
  symbol: string | null;
  coin: string;
  /**
   * borrow: principal; repay: total paid; interest: interest charged; transfer: signed (in +, out −); liquidation: the
   * shortfall covered, 0 without.
   */
  amount: string;
  /** repay: the parts; liquidation: the sales and buys summed. */
  interest: string;
  principal: string;
  /** The margin level it happened at (margin call, liquidation), else null. */
  level: string | null;
  /** interest: the hours it covers. */
  hours: number;
  createdAt: number;
}
