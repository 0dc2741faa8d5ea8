import { PLACEHOLDER, isZero, normalize, parseDecimal, render, truncate } from './decimal.ts';

/**
 * Signed change percent (input already in percent units), truncated to 2 places: formatChangePercent(2.345) → "+2.34%".
 * A nonzero change below 0.01 shows as ±0.01 so a moving market never reads as "0.00%".
 */
export function formatChangePercent(value: string | number): string {
  const d = parseDecimal(value);
  if (d === null) return PLACEHOLDER;
  let shown = truncate(d, 2);
  if (isZero(shown) && !isZero(d)) shown = normalize(d.negative, '0', '01');
  const sign = shown.negative || isZero(shown) ? '' : '+';
  return sign + render(shown, { minDecimals: 2 }) + '%';
}

export type ChangeTone = 'up' | 'down' | 'flat';

/**
 * Which colour a change percentage takes: up (green), down (red), or flat (neutral) when it is exactly zero, so
 * "0.00%" is never shown as a gain or a loss: changeTone('0.00') → "flat", changeTone(-0.004) → "down".
 * Non-numeric input is flat too, since "--" is neither.
 */
export function changeTone(value: string | number): ChangeTone {
  const d = parseDecimal(value);
  if (d === null || isZero(d)) return 'flat';
  return d.negative ? 'down' : 'up';
}
