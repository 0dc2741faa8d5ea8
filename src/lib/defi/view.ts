/** How the DeFi screens read the earn wire values of a mining pool: rates as percentages, a stake's full interest. */
import type { EarnProduct } from '../contract/earn.ts';
import { ASSET_SCALE } from '../format/asset.ts';
import { formatUnits, parseUnits } from '../money/units.ts';
import { ratePercent } from '../margin/view.ts';

/** A rate (a fraction) as a percentage, exactly: "0.0012" → "0.12%". */
export const percentText = (rate: string) => `${ratePercent(rate)}%`;

/**
 * The interest a stake earns over the pool's whole cycle, as the earn contract publishes it: ⌊amount × rate × days⌋
 * at 8 decimals (src/lib/contract/earn.ts). Null while the amount is not a positive number of at most 8 decimals.
 */
export function cycleInterest(amount: string, pool: Pick<EarnProduct, 'dailyRate' | 'cycleDays'>): string | null {
  const a = parseUnits(amount.trim(), ASSET_SCALE);
  const rate = parseUnits(pool.dailyRate, 8);
  if (!a.ok || !rate.ok || a.value <= 0n) return null;
  return formatUnits((a.value * rate.value * BigInt(pool.cycleDays)) / 10n ** 8n, ASSET_SCALE);
}

/** How many more orders the user may open in the pool: null when the pool sets no limit. */
export function ordersLeft(pool: Pick<EarnProduct, 'perUser' | 'yours'>): number | null {
  return pool.perUser === 0 ? null : Math.max(0, pool.perUser - pool.yours);
}

/** The most one stake may be now: what the spot account holds, within one order's maximum and what the pool has left. */
export function stakeMax(available: string, pool: Pick<EarnProduct, 'maxAmount' | 'remaining'>): string {
  const values = [available, pool.maxAmount, pool.remaining].map((v) => {
    const r = parseUnits(v, ASSET_SCALE);
    return r.ok ? r.value : 0n;
  });
  return formatUnits(values.reduce((a, b) => (b < a ? b : a)), ASSET_SCALE).replace(/\.?0+$/, '');
}
