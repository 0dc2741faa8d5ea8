import { PLACEHOLDER, assertDecimals, integerDigits, parseDecimal, render, shiftLeft, truncate } from './decimal.ts';
import type { Decimal } from './decimal.ts';

type Suffix = { readonly letter: string; readonly places: number };

// Largest first so the first match wins; values past 1e15 stay in T ("1234.00T") rather than inventing a letter.
const ALL_SUFFIXES: readonly Suffix[] = [
  { letter: 'T', places: 12 },
  { letter: 'B', places: 9 },
  { letter: 'M', places: 6 },
  { letter: 'K', places: 3 },
];

/**
 * Picks the largest suffix whose threshold the absolute value reaches: pickSuffix(parseDecimal('1234567')!) → { letter:
 * 'M', places: 6 }.
 */
export function pickSuffix(d: Decimal, smallest: 'K' | 'M' = 'K'): Suffix | null {
  const digits = integerDigits(d);
  const minPlaces = smallest === 'K' ? 3 : 6;
  return ALL_SUFFIXES.find((s) => s.places >= minPlaces && digits > s.places) ?? null;
}

/**
 * Scales by the suffix and truncates, padded to `decimals`: formatWithSuffix(parseDecimal('2500000')!, 4) → "2.5000M".
 */
export function formatWithSuffix(d: Decimal, decimals: number, suffix: Suffix): string {
  return render(truncate(shiftLeft(d, suffix.places), decimals), { minDecimals: decimals }) + suffix.letter;
}

/**
 * Short display with K/M/B/T from 1e3/1e6/1e9/1e12, truncated toward zero: formatCompact(1234567) → "1.23M".
 * Suffixed values keep all `decimals` ("1.00K") so they line up; smaller values drop trailing zeros ("999").
 */
export function formatCompact(value: string | number, decimals = 2): string {
  assertDecimals(decimals);
  const d = parseDecimal(value);
  if (d === null) return PLACEHOLDER;
  const suffix = pickSuffix(d);
  if (suffix === null) return render(truncate(d, decimals));
  return formatWithSuffix(d, decimals, suffix);
}
