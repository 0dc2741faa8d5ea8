import { PLACEHOLDER, integerDigits, parseDecimal, render, truncate } from './decimal.ts';
import type { Decimal } from './decimal.ts';
import { formatWithSuffix, pickSuffix } from './compact.ts';

// Index = digits before the point (0 for values under 1); from 7 digits on the value is shown with a suffix.
const DECIMALS_BY_INTEGER_DIGITS = [8, 6, 5, 4, 3, 2, 1] as const;
const SUFFIXED_DECIMALS = 4;
const MIN_DECIMALS_UNDER_ONE = 2;

/**
 * Display decimals for a price by the magnitude of its absolute value: decimalsForMagnitude(1234.5) → 3.
 * Non-numeric input gets 8, the widest precision, so it never hides digits of a value that later parses.
 */
export function decimalsForMagnitude(value: string | number): number {
  const d = parseDecimal(value);
  return d === null ? DECIMALS_BY_INTEGER_DIGITS[0] : decimalsFor(d);
}

function decimalsFor(d: Decimal): number {
  return DECIMALS_BY_INTEGER_DIGITS[integerDigits(d)] ?? SUFFIXED_DECIMALS;
}

/**
 * Price at the precision its magnitude calls for, truncated toward zero: formatPrice(2500000) → "2.5000M".
 * Under 1 trailing zeros are trimmed to at least 2 decimals, so 0.5 → "0.50" but 0.00001234 keeps all 8.
 */
export function formatPrice(value: string | number): string {
  const d = parseDecimal(value);
  if (d === null) return PLACEHOLDER;
  const suffix = pickSuffix(d, 'M');
  if (suffix !== null) return formatWithSuffix(d, SUFFIXED_DECIMALS, suffix);
  const decimals = decimalsFor(d);
  const minDecimals = integerDigits(d) === 0 ? MIN_DECIMALS_UNDER_ONE : decimals;
  return render(truncate(d, decimals), { minDecimals });
}
