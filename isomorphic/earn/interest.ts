/** A UTC day in milliseconds. */
export const DAY_MS = 86_400_000;
const E8 = 100_000_000n;

/**
 * Interest of `days` whole days on `amount` at `rateE8` (10⁻⁸ a day), in units: ⌊amount × rate × days⌋. Rounding each
 * day's interest down and carrying the remainder to the next day adds up to exactly this, so the total after any
 * number of days is known without stepping through them.
 */
export function interestFor(amount: bigint, rateE8: bigint, days: number): bigint {
  return (amount * rateE8 * BigInt(days)) / E8;
}

/** Interest starts at 00:00 UTC of the day after the subscription, and the cycle ends whole days later. */
export function termOf(subscribedAt: number, cycleDays: number): { beginAt: number; endAt: number } {
  const beginAt = (Math.floor(subscribedAt / DAY_MS) + 1) * DAY_MS;
  return { beginAt, endAt: beginAt + cycleDays * DAY_MS };
}

/** Whole days of interest accrued by `now` (0 before the first 00:00, the cycle at its end). */
export function daysAccrued(beginAt: number, cycleDays: number, now: number): number {
  return Math.min(cycleDays, Math.max(0, Math.floor((now - beginAt) / DAY_MS)));
}
