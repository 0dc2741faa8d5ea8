/**
 * Exact decimal-string arithmetic for display. Prices and balances arrive as strings from the
 * API and as doubles from calculations; both are turned into digit strings here so that
 * truncation and suffix scaling never go through float division or `toFixed` (which rounds).
 */

/** A finite decimal split into sign, integer digits (no leading zeros) and fraction digits (no trailing zeros). */
export type Decimal = {
  readonly negative: boolean;
  readonly int: string;
  readonly frac: string;
};

/** What every display function shows for input that is not a finite number. */
export const PLACEHOLDER = '--';

const NUMERIC = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

// A hostile string such as "1e999999999" would otherwise allocate a gigabyte of zeros on the server;
// doubles never need more than about 324 places, so 1000 leaves ample room for exact string input.
const MAX_EXPONENT = 1000;

/**
 * Parses a number or numeric string into exact digits, or null: parseDecimal(1e-7) → { negative: false, int: '0', frac:
 * '0000001' }.
 */
export function parseDecimal(value: string | number): Decimal | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // String() gives the shortest round-trip digits, so the only rewriting needed is of its exponent form.
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  const match = NUMERIC.exec(text);
  if (!match) return null;
  const [, sign = '', intDigits = '', fracDigits = '', expText] = match;
  if (intDigits === '' && fracDigits === '') return null;
  const exponent = expText === undefined ? 0 : Number(expText);
  if (Math.abs(exponent) > MAX_EXPONENT) return null;

  const digits = intDigits + fracDigits;
  const point = intDigits.length + exponent;
  let int: string;
  let frac: string;
  if (point <= 0) {
    int = '';
    frac = '0'.repeat(-point) + digits;
  } else if (point >= digits.length) {
    int = digits + '0'.repeat(point - digits.length);
    frac = '';
  } else {
    int = digits.slice(0, point);
    frac = digits.slice(point);
  }
  return normalize(sign === '-', int, frac);
}

/**
 * Builds a canonical Decimal, dropping the sign of zero so "-0.001" truncated never shows "-0.00": normalize(true,
 * '007', '50') → { negative: true, int: '7', frac: '5' }.
 */
export function normalize(negative: boolean, int: string, frac: string): Decimal {
  const cleanInt = int.replace(/^0+/, '') || '0';
  const cleanFrac = frac.replace(/0+$/, '');
  const isZero = cleanInt === '0' && cleanFrac === '';
  return { negative: negative && !isZero, int: cleanInt, frac: cleanFrac };
}

/** Cuts fraction digits beyond `decimals`, toward zero: truncate(parseDecimal('-1.239')!, 2) → -1.23. */
export function truncate(d: Decimal, decimals: number): Decimal {
  assertDecimals(decimals);
  return normalize(d.negative, d.int, d.frac.slice(0, decimals));
}

/** True when the value is exactly zero: isZero(parseDecimal('0.000')!) → true. */
export function isZero(d: Decimal): boolean {
  return d.int === '0' && d.frac === '';
}

/** Number of digits before the point, 0 for values under 1: integerDigits(parseDecimal('-1234.5')!) → 4. */
export function integerDigits(d: Decimal): number {
  return d.int === '0' ? 0 : d.int.length;
}

/** Divides by 10^places by moving the point, exactly: shiftLeft(parseDecimal('2500000')!, 6) → 2.5. */
export function shiftLeft(d: Decimal, places: number): Decimal {
  const padded = d.int.padStart(places + 1, '0');
  const cut = padded.length - places;
  return normalize(d.negative, padded.slice(0, cut), padded.slice(cut) + d.frac);
}

type RenderOptions = {
  /** Pad the fraction with zeros up to this many digits. */
  readonly minDecimals?: number;
  /** Insert "," between thousands of the integer part. */
  readonly grouping?: boolean;
};

/**
 * Writes a Decimal as plain text with optional zero padding and grouping: render(parseDecimal('1234.5')!, {
 * minDecimals: 2, grouping: true }) → "1,234.50".
 */
export function render(d: Decimal, options: RenderOptions = {}): string {
  const { minDecimals = 0, grouping = false } = options;
  const int = grouping ? d.int.replace(/\B(?=(\d{3})+$)/g, ',') : d.int;
  const frac = d.frac.padEnd(minDecimals, '0');
  return (d.negative ? '-' : '') + int + (frac === '' ? '' : '.' + frac);
}

/** Plain, exponent-free decimal text for a number or numeric string, or null: toDecimalString(1e-7) → "0.0000001". */
export function toDecimalString(value: string | number): string | null {
  const d = parseDecimal(value);
  return d === null ? null : render(d);
}

/**
 * Rejects decimal counts that are a programming error rather than bad data: assertDecimals(2) passes,
 * assertDecimals(-1) throws.
 */
export function assertDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 100) {
    throw new RangeError(`decimals must be an integer from 0 to 100, got ${decimals}`);
  }
}
