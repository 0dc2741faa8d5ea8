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

const DEFAULT_MAX = 10n ** 30n;

/**
 * A non-negative decimal string as units of 10^-scale: parseUnits('1.5', 8) → { ok: true, value: 150000000n }.
 * Refuses signs, exponents, spaces and more decimals than the scale allows (never rounds silently).
 */
export function parseUnits(
  text: unknown,
  scale: number,
  max: bigint = DEFAULT_MAX,
): { ok: true; value: bigint } | { ok: false; problem: ParseProblem } {
  if (typeof text === 'string') {
    const short = parseShort(text, scale);
    if (short !== undefined) return short > max ? { ok: false, problem: 'range' } : { ok: true, value: short };
  }
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

/**
 * The common case of parseUnits without a regular expression or intermediate strings (every order's price and
 * quantity comes through here): a plain decimal whose value in units has at most 15 digits, so the arithmetic is
 * exact in a double (below 2^53). Anything else, every refusal included, answers undefined and takes the full parse
 * above, which alone decides what is refused and why.
 */
function parseShort(s: string, scale: number): bigint | undefined {
  const n = s.length;
  if (n === 0 || n > 16) return undefined;
  let whole = 0;
  let i = 0;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c === 46) break;
    if (c < 48 || c > 57) return undefined;
    whole = whole * 10 + (c - 48);
  }
  if (i === 0 || i === n - 1 || i + scale > 15) return undefined;
  let frac = 0;
  let digits = 0;
  let significant = 0;
  for (let j = i + 1; j < n; j++) {
    const c = s.charCodeAt(j);
    if (c < 48 || c > 57) return undefined;
    frac = frac * 10 + (c - 48);
    digits++;
    if (c !== 48) significant = digits;
  }
  if (significant > scale) return undefined;
  // Trailing zeros dropped (an exact division: they are zeros), then the fraction shifted to the scale.
  return BigInt(whole * 10 ** scale + (frac / 10 ** (digits - significant)) * 10 ** (scale - significant));
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
