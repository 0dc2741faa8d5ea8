/**
 * Wire contract of second contracts (docs/requirements.md §1 "speed contracts", §3 orders, §7 `period/list`,
 * `secondContractOrder/*`): a stake on whether the index price is higher or lower when a countdown ends. Stakes are
 * whole numbers of the stake asset (docs/requirements.md §5: "quantity can only be an integer"); prices are decimal
 * strings at the market's price scale; rates are basis points (8,500 = 85%); times are milliseconds since the epoch.
 */
import { z } from './zod.ts';
import { bodyInt } from './integers.ts';

const text = () =>
  z.string({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalidType') });
const symbol = text()
  .regex(/^[a-zA-Z0-9]{2,20}$/, { error: 'validation.symbol' })
  .transform((s) => s.toLowerCase());

export const DIRECTIONS = ['up', 'down'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** period/list: the periods of one symbol, or of every symbol. */
export const periodListBody = z.object({ symbol: symbol.optional() });

/** createSecondContractOrder. `clientKey` makes a repeated submission answer the first order instead of a second. */
export const createSecondsBody = z.object({
  symbol,
  periodId: bodyInt({ min: 1, max: 1_000_000 }),
  direction: z.enum(DIRECTIONS, { error: 'validation.invalidValue' }),
  /** The stake, a whole number of the stake asset as a decimal string ("25"). */
  amount: text().max(40, { error: 'validation.amount' }),
  clientKey: text()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'validation.invalidValue' })
    .optional(),
});
export type CreateSecondsBody = z.input<typeof createSecondsBody>;

/** selectOrderList: open orders (counting down) or settled ones, newest first. */
export const secondsListBody = z.object({
  state: z.enum(['open', 'history'], { error: 'validation.invalidValue' }).default('open'),
  symbol: symbol.optional(),
  page: bodyInt({ min: 1, max: 100_000 }).default(1),
  size: bodyInt({ min: 1, max: 100 }).default(15),
});

/** The public list of settled orders, for anyone to check against the recorded prices. */
export const settledListBody = z.object({
  symbol: symbol.optional(),
  /** Only orders settled before this order id (paging backwards). */
  before: bodyInt({ min: 1, max: Number.MAX_SAFE_INTEGER }).optional(),
  size: bodyInt({ min: 1, max: 100 }).default(50),
});

/** An operator's parameters for a period; they apply to orders opened after the change only. */
export const periodBody = z.object({
  /** Absent: a new period. */
  id: bodyInt({ min: 1, max: 1_000_000 }).optional(),
  symbol,
  seconds: bodyInt({ min: 5, max: 86_400 }),
  profitBps: bodyInt({ min: 1, max: 100_000 }),
  lossBps: bodyInt({ min: 1, max: 10_000 }),
  minStake: bodyInt({ min: 1, max: 1_000_000_000 }),
  maxStake: bodyInt({ min: 1, max: 1_000_000_000 }),
  exposureCap: bodyInt({ min: 1, max: 1_000_000_000_000 }),
  active: z.boolean({ error: 'validation.invalidType' }),
});
export type PeriodBody = z.input<typeof periodBody>;

export const fundPoolBody = z.object({ amount: bodyInt({ min: 1, max: 1_000_000_000 }) });

/** A period as users see it (period/list). */
export interface SecondsPeriod {
  id: number;
  symbol: string;
  seconds: number;
  /** Paid on a win, as a share of the stake, in basis points. */
  profitBps: number;
  /** Taken on a loss, as a share of the stake (10,000 = the whole stake). */
  lossBps: number;
  /** Whole units of `coin`. */
  minStake: string;
  maxStake: string;
  coin: string;
}

/** A period as operators see it: also the cap on open stakes per direction, and whether new orders may use it. */
export interface SecondsPeriodAdmin extends SecondsPeriod {
  exposureCap: string;
  active: boolean;
  updatedAt: number;
}

export type SecondsStatus = 'open' | 'won' | 'lost' | 'tie' | 'refunded';

/**
 * One order (docs/requirements.md §3 orders: countdown, direction, buy price, close time, close price, profit rate).
 */
export interface SecondsOrder {
  id: number;
  symbol: string;
  periodId: number;
  seconds: number;
  direction: Direction;
  /** Decimal strings in `coin`. */
  amount: string;
  coin: string;
  profitBps: number;
  lossBps: number;
  /** The index recorded for the sampling second `openPeriod`. */
  openPrice: string;
  openPeriod: number;
  /** When the user's order was accepted. */
  createdAt: number;
  /** openPeriod + seconds: the second whose recorded index settles the order. */
  expiresAt: number;
  status: SecondsStatus;
  /** The recorded index it settled on and that record's second; null while open and for a refund without a price. */
  closePrice: string | null;
  closePeriod: number | null;
  /** Signed: what the order won (+) or lost (−); 0 for a tie or a refund. */
  profit: string;
  /** Why a refund happened (`noPrice`); null otherwise. */
  reason: string | null;
  settledAt: number | null;
}

/** A settled order in the public list: no user, only what anyone needs to check it against the recorded prices. */
export interface SettledSeconds {
  id: number;
  symbol: string;
  seconds: number;
  direction: Direction;
  openPrice: string;
  openPeriod: number;
  closePrice: string | null;
  closePeriod: number | null;
  status: Exclude<SecondsStatus, 'open'>;
}

/** The platform's counterparty account for second contracts: what it holds, and what open orders may still win. */
export interface SecondsPool {
  coin: string;
  balance: string;
  reserved: string;
}
