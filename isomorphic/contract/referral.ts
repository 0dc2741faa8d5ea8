/**
 * Wire contract of the referral programme (docs/requirements.md §3 promotion, §7 agentActivityInfo): three generations
 * of promoted users and the rebates paid on the trading fees they pay. Rates are basis points of a fee (2000 = 20%);
 * amounts are decimal strings at the asset's 8 decimals.
 */
import { z } from './zod.ts';
import { bodyInt, bodyIntIn } from './integers.ts';
import { GENERATIONS, MAX_TOTAL_RATE_BPS, type Generation } from '../referral/generations.ts';

export type { Generation };

const current = bodyInt({ min: 1, max: 100_000 }).default(1);
const size = bodyInt({ min: 1, max: 100 }).default(15);
/** Minutes the reader's time zone is ahead of UTC, so "today" and days are the reader's own. */
const offsetMinutes = bodyInt({ min: -720, max: 840 }).default(0);

/** A POST body the site may leave out: no body reads as every field's default. */
function optionalBody<S extends z.ZodObject>(schema: S) {
  return schema.nullish().transform((v): z.output<S> => v ?? schema.parse({}));
}

export const agentInfoBody = optionalBody(z.object({ offsetMinutes }));
export const agentListBody = optionalBody(
  z.object({
    generation: bodyIntIn(GENERATIONS)
      .transform((n) => n as Generation)
      .default(1),
    current,
    size,
  }),
);
export const rewardDaysBody = optionalBody(z.object({ offsetMinutes, current, size }));
export const rewardUsersBody = optionalBody(z.object({ current, size }));

/** The operators' rates, one per generation in basis points; together at most MAX_TOTAL_RATE_BPS. */
export const ratesBody = z.object({
  rates: z
    .array(bodyInt({ min: 0, max: MAX_TOTAL_RATE_BPS, error: 'validation.rebateRates' }), {
      error: 'validation.rebateRates',
    })
    .length(GENERATIONS.length, { error: 'validation.rebateRates' }),
});

export interface AssetAmount {
  asset: string;
  amount: string;
}

export type { NumberedPage as Page } from './page.ts';

/**
 * docs/requirements.md §3 promotion: the invite code, promoted users per generation, what they earned the reader,
 * today's share.
 */
export interface AgentInfo {
  inviteCode: string;
  /** Basis points per generation, first generation first. */
  rates: number[];
  promoted: { total: number; byGeneration: number[] };
  /** Accumulated revenue per asset. */
  earned: AssetAmount[];
  /** Rebates paid since the reader's midnight. */
  today: AssetAmount[];
  /** How often rebates are paid, in minutes, and when the last payment covered fees up to (null before any). */
  periodMinutes: number;
  paidUpTo: number | null;
}

/** A promoted user as their referrer sees them: a masked name, never an id (docs/requirements.md §9 masking). */
export interface PromotedUser {
  name: string;
  generation: Generation;
  registerTime: number;
  /** What this user's fees have paid the reader so far. */
  rebates: AssetAmount[];
}

/** Rebates of one day (the reader's day) in one asset. */
export interface RewardDay {
  /** The day's first millisecond, as an epoch time. */
  dayStart: number;
  asset: string;
  amount: string;
  /** How many promoted users' fees it came from. */
  users: number;
}

/** Rebates from one promoted user in one asset. */
export interface RewardUser {
  name: string;
  generation: Generation;
  asset: string;
  amount: string;
  lastTime: number;
}

/** What the console shows of the programme: the rates and the latest payments. */
export interface ReferralAdminView {
  rates: number[];
  periodMinutes: number;
  payouts: Array<{ id: number; cutOff: number; paidAt: number; trades: number; rebates: number; manual: boolean }>;
}

/** One payment run's outcome: how many trades it read and how many rebates it paid (0 and 0 when nothing was due). */
export interface SettleResult {
  payoutId: number | null;
  trades: number;
  rebates: number;
}
