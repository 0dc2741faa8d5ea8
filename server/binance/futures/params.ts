import { BinanceError } from '../binance-error.ts';

/** A mandatory parameter, or Binance's -1102 naming it. */
export function required(params: Record<string, string>, name: string): string {
  const v = params[name];
  if (v === undefined || v === '')
    throw new BinanceError(400, -1102, `Mandatory parameter '${name}' was not sent, was empty/null, or malformed.`);
  return v;
}

/** An optional whole-number parameter within [min, max], or Binance's -1100 for one that is not. */
export function integer(
  params: Record<string, string>,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const v = params[name];
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!/^\d+$/.test(v) || n < min || n > max)
    throw new BinanceError(
      400,
      -1100,
      `Illegal characters found in parameter '${name}'; legal range is '${min}' to '${max}'.`,
    );
  return n;
}

/** One of a parameter's allowed values, or Binance's -1116/-1115-style refusal under `code`. */
export function oneOf<T extends string>(
  params: Record<string, string>,
  name: string,
  allowed: readonly T[],
  code: number,
  what: string,
): T {
  const v = required(params, name);
  if (!(allowed as readonly string[]).includes(v)) throw new BinanceError(400, code, `Invalid ${what}.`);
  return v as T;
}

/** A true/false parameter (absent is false), or Binance's -1100 naming it. */
export function flag(v: string | undefined, name: string): boolean {
  if (v === undefined || v === 'false') return false;
  if (v === 'true') return true;
  throw new BinanceError(
    400,
    -1100,
    `Illegal characters found in parameter '${name}'; legal values are 'true' and 'false'.`,
  );
}
