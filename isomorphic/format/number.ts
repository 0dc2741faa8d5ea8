import { PLACEHOLDER, assertDecimals, parseDecimal, render, truncate } from './decimal.ts';

export type TruncateOptions = {
  /** Pad with trailing zeros to exactly `decimals` places ("5" → "5.00"). */
  readonly pad?: boolean;
};

/**
 * Truncates toward zero without exponent notation: truncateDecimals('1.23456', 2) → "1.23".
 * Without `pad` trailing zeros are dropped ("1.20" → "1.2") so a number and its string agree.
 */
export function truncateDecimals(value: string | number, decimals: number, options: TruncateOptions = {}): string {
  assertDecimals(decimals);
  const d = parseDecimal(value);
  if (d === null) return PLACEHOLDER;
  return render(truncate(d, decimals), { minDecimals: options.pad ? decimals : 0 });
}

export type AmountOptions = {
  /** Thousands separators in the integer part ("1,234,567.89"). */
  readonly grouping?: boolean;
  /** Fixed number of decimals, default true: balances line up in columns at the asset's precision. */
  readonly pad?: boolean;
};

/** Truncated amount at a fixed precision: formatAmount('1234567.891', 2, { grouping: true }) → "1,234,567.89". */
export function formatAmount(value: string | number, decimals: number, options: AmountOptions = {}): string {
  const { grouping = false, pad = true } = options;
  assertDecimals(decimals);
  const d = parseDecimal(value);
  if (d === null) return PLACEHOLDER;
  return render(truncate(d, decimals), { minDecimals: pad ? decimals : 0, grouping });
}
