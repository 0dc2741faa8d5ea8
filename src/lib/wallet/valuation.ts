import { formatAmount } from '../../../isomorphic/format/index.ts';
import { parseUnits, formatUnits } from '../../../isomorphic/money/units.ts';

/**
 * isSmall('0.5') → true: a USDT value under 1 USDT counts as small (the hide-small-assets setting of
 * docs/requirements.md §3).
 */
export function isSmall(usdtValue: string): boolean {
  const v = parseUnits(usdtValue, 8);
  return !v.ok || v.value < 100_000_000n;
}

/**
 * A USDT value in the display currency at its rate, two decimals, truncated (docs/requirements.md §9 rounds down):
 * displayValue('10', '7.25') → '72.50'. Exact: both go through integers, never a float.
 */
export function displayValue(usdtValue: string, rate: string): string {
  const v = parseUnits(usdtValue, 8);
  const r = parseUnits(rate, 8);
  if (!v.ok || !r.ok) return '--';
  return formatAmount(formatUnits((v.value * r.value) / 100_000_000n, 8), 2, { grouping: true });
}
