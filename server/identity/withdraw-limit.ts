import type { WithdrawLimitState } from '../../isomorphic/contract/identity.ts';
import { formatUnits, mulDivUp, parseUnits } from '../../isomorphic/money/units.ts';
import type { Clock } from '../clock/clock.ts';
import { fail } from '../outcome.ts';
import { readSetting, writeSetting } from '../settings/settings.repo.ts';
import type { Queryable } from '../storage/db.ts';
import type { UsdtPrices } from '../wallet/amounts.ts';
import { kycStanding } from './kyc.repo.ts';
import { insertUsage, usedSince } from './withdraw-limit.repo.ts';

/** The window a limit counts over. */
const LIMIT_WINDOW_MS = 24 * 3600_000;
const SCALE = 8;
const SETTING = 'identity.withdrawLimits';
/** USDT per 24 hours for levels 0 (none), 1 (primary) and 2 (advanced), until operators set others. */
const DEFAULT_LIMITS = ['2000', '50000', '2000000'] as const;

type Limits = [bigint, bigint, bigint];
const units = (text: string) => {
  const p = parseUnits(text, SCALE, 10n ** 20n);
  return p.ok ? p.value : undefined;
};
/** 2000_00000000n → '2000'; 1999_50000000n → '1999.5'. */
export const usdtText = (u: bigint) =>
  formatUnits(u, SCALE)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');

export async function readLimits(q: Queryable): Promise<Limits> {
  const stored = await readSetting(q, SETTING);
  const texts = stored ? (JSON.parse(stored) as string[]) : DEFAULT_LIMITS;
  return texts.map((t) => units(t) ?? 0n) as Limits;
}

/** The limits as operators set them: amounts of at most 8 decimals, never less for a higher level. */
export async function writeLimits(q: Queryable, texts: [string, string, string]): Promise<Limits> {
  const parsed = texts.map((t) => units(t.trim()));
  if (parsed.some((u) => u === undefined || u < 0n)) fail('withdrawLimitsInvalid');
  const limits = parsed as Limits;
  if (limits[0] > limits[1] || limits[1] > limits[2]) fail('withdrawLimitsInvalid');
  await writeSetting(q, SETTING, JSON.stringify(limits.map(usdtText)));
  return limits;
}

export async function limitState(q: Queryable, userId: number, now: number): Promise<WithdrawLimitState> {
  const [limits, { level }, used] = await Promise.all([
    readLimits(q),
    kycStanding(q, userId),
    usedSince(q, userId, now - LIMIT_WINDOW_MS),
  ]);
  const limit = limits[level];
  return {
    limits: limits.map(usdtText) as WithdrawLimitState['limits'],
    used: usdtText(used),
    remaining: usdtText(limit > used ? limit - used : 0n),
    windowHours: LIMIT_WINDOW_MS / 3600_000,
  };
}

/** What the withdrawal step needs to count a withdrawal against its owner's limit. */
export interface DailyLimit {
  /**
   * Counts a new withdrawal (its row already written in `q`, the prepare step's transaction) against the 24-hour
   * limit of its owner's verification level, valued in USDT at the index price, rounded up; refuses it when the
   * limit would be passed. Prepare steps run one at a time in the core, so concurrent withdrawals are counted one
   * after the other and cannot pass the limit together.
   */
  charge(q: Queryable, w: { withdrawalId: number; userId: number; coin: string; amount: bigint }): Promise<void>;
}

export function dailyLimit(usdt: UsdtPrices, clock: Clock): DailyLimit {
  return {
    async charge(q, w) {
      const price = usdt(w.coin);
      if (price === null) fail('noPrice');
      const value = mulDivUp(w.amount, price, 10n ** BigInt(SCALE));
      const now = clock.now();
      const [limits, { level }, used] = await Promise.all([
        readLimits(q),
        kycStanding(q, w.userId),
        usedSince(q, w.userId, now - LIMIT_WINDOW_MS),
      ]);
      const limit = limits[level];
      if (used + value > limit)
        fail('withdrawLimitExceeded', {
          limit: usdtText(limit),
          remaining: usdtText(limit > used ? limit - used : 0n),
        });
      await insertUsage(q, { withdrawalId: w.withdrawalId, userId: w.userId, usdtValue: value, at: now });
    },
  };
}
