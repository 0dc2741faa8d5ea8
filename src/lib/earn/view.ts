/**
 * How the earn screens (staking, finance, DeFi mining) read a product's wire values: rates as percentages, a stake's
 * full interest.
 */
import type { EarnProduct } from '../../../isomorphic/contract/earn.ts';
import { ASSET_SCALE } from '../../../isomorphic/format/asset.ts';
import { formatUnits, parseUnits } from '../../../isomorphic/money/units.ts';
import { ratePercent } from '../margin/view.ts';
import { interestFor } from '../../../isomorphic/earn/interest.ts';

/** The account type that holds earn orders' principal and receives their interest (the wallet's finance assets). */
export const FINANCE_ACCOUNT = 3;

/** A rate (a fraction) as a percentage, exactly: "0.0012" → "0.12%". */
export const percentText = (rate: string) => `${ratePercent(rate)}%`;

/**
 * The interest a stake earns over the product's whole cycle, as the earn contract publishes it: ⌊amount × rate × days⌋
 * at 8 decimals (isomorphic/contract/earn.ts). Null while the amount is not a positive number of at most 8 decimals.
 */
export function cycleInterest(amount: string, pool: Pick<EarnProduct, 'dailyRate' | 'cycleDays'>): string | null {
  const a = parseUnits(amount.trim(), ASSET_SCALE);
  const rate = parseUnits(pool.dailyRate, 8);
  if (!a.ok || !rate.ok || a.value <= 0n) return null;
  return formatUnits(interestFor(a.value, rate.value, pool.cycleDays), ASSET_SCALE);
}

/** How many more orders the user may open in the pool: null when the pool sets no limit. */
export function ordersLeft(pool: Pick<EarnProduct, 'perUser' | 'yours'>): number | null {
  return pool.perUser === 0 ? null : Math.max(0, pool.perUser - pool.yours);
}

/**
 * The most one stake may be now: what the spot account holds, within one order's maximum and what the pool has left.
 */
export function stakeMax(available: string, pool: Pick<EarnProduct, 'maxAmount' | 'remaining'>): string {
  const values = [available, pool.maxAmount, pool.remaining].map((v) => {
    const r = parseUnits(v, ASSET_SCALE);
    return r.ok ? r.value : 0n;
  });
  return formatUnits(
    values.reduce((a, b) => (b < a ? b : a)),
    ASSET_SCALE,
  ).replace(/\.?0+$/, '');
}
