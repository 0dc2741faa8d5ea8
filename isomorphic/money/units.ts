/**
 * Fixed-point amounts: an amount travels as a decimal string ("0.00012345") and lives as a bigint count of the
 * asset's or market's smallest unit. Conversions never pass through a float.
 */

/**
 * Every asset lives at 8 decimals (server/spot/seed.ts), so conversions between an asset's and a market's scales are
 * exact shifts.
 */
export const ASSET_SCALE = 8;

const DECIMAL = /^(\d{1,30})(?:\.(\d{1,30}))?$/;

export type ParseProblem = 'format' | 'precision' | 'range';

/**
 * A non-negative decimal string as units of 10^-scale: parseUnits('1.5', 8) → { ok: true, value: 150000000n }.
 * Refuses signs, exponents, spaces and more decimals than the scale allows (never rounds silently).
 */
export function parseUnits(
  text: unknown,
  scale: number,
  max: bigint = 10n ** 30n,
): { ok: true; value: bigint } | { ok: false; problem: ParseProblem } {
  if (typeof text !== 'string' && typeof text !== 'number') return { ok: false, problem: 'format' };
  const s = typeof text === 'number' ? (Number.isFinite(text) ? String(text) : '') : text;
  const m = DECIMAL.exec(s);
  if (!m) return { ok: false, problem: 'format' };
  const frac = (m[2] ?? '').replace(/0+$/, '');
  if (frac.length > scale) return { ok: false, problem: 'precision' };
  const value = BigInt(m[1]!) * 10n ** BigInt(scale) + BigInt(frac.padEnd(scale, '0') || '0');
  if (value > max) return { ok: false, problem: 'range' };
  return { ok: true, value };
}

/** Units as a decimal string with exactly `decimals` places (truncated): formatUnits(150000000n, 8, 2) → '1.50'. */
export function formatUnits(value: bigint, scale: number, decimals: number = scale): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const base = 10n ** BigInt(scale);
  const whole = abs / base;
  let frac = (abs % base).toString().padStart(scale, '0').slice(0, decimals);
  if (decimals > scale) frac = frac.padEnd(decimals, '0');
  return `${negative && (whole > 0n || /[1-9]/.test(frac)) ? '-' : ''}${whole}${decimals > 0 ? `.${frac}` : ''}`;
}

/** a * b / d rounded down (toward zero for non-negative values). */
export function mulDivDown(a: bigint, b: bigint, d: bigint): bigint {
  return (a * b) / d;
}

/** a * b / d rounded up: for amounts the platform charges, so rounding is always in its favour. */
export function mulDivUp(a: bigint, b: bigint, d: bigint): bigint {
  const p = a * b;
  return p % d === 0n ? p / d : p / d + 1n;
}
