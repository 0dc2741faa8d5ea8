/**
 * Wire contract of the fee schedule (docs/products/fees.md): VIP levels with maker and taker rates for spot and
 * perpetuals in hundredths of a basis point (1 = 0.0001%; 750 = 0.075%), reached by 30-day volume in whole USDT; a
 * user's own level and volumes, with amounts as decimal strings at 8 decimals.
 */
import { z } from './zod.ts';
import { bodyInt } from './integers.ts';
import { MAX_LEVELS, MAX_RATE, MAX_VOLUME, type FeeLevel } from '../fees/schedule.ts';

export type { FeeLevel };

const rate = bodyInt({ min: 0, max: MAX_RATE, error: 'validation.feeRate' });
const volume = bodyInt({ min: 0, max: MAX_VOLUME, error: 'validation.feeVolume' });

/** The operators' whole schedule, VIP 0 first; the order and monotony rules are the service's (checkSchedule). */
export const scheduleBody = z.object({
  levels: z
    .array(
      z.object({
        level: bodyInt({ min: 0, max: MAX_LEVELS - 1 }),
        spotMakerRate: rate,
        spotTakerRate: rate,
        perpMakerRate: rate,
        perpTakerRate: rate,
        spotVolume: volume,
        perpVolume: volume,
      }),
    )
    .min(1, { error: 'validation.feeLevels' })
    .max(MAX_LEVELS, { error: 'validation.feeLevels' }),
});

export interface FeeSchedule {
  levels: FeeLevel[];
  /** Days of volume a level is ranked by. */
  windowDays: number;
}

/** The reader's VIP level (as the daily job last set it), their volumes so far and what the next level needs. */
export interface MyFees {
  level: FeeLevel;
  /** 30-day volumes up to now, in USDT. */
  spotVolume: string;
  perpVolume: string;
  /** The next level and its thresholds, or null at the top. */
  next: FeeLevel | null;
  windowDays: number;
}
