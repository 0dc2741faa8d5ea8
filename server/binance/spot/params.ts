import type { FeatureContext } from '../../feature.ts';
import type { Market } from '../../spot/market.ts';
import { BinanceError } from '../binance-error.ts';

/** Binance's checks of a call's parameters (developers.binance.com, "Error codes", 11xx), before any service. */
export type Params = Record<string, string>;

/** -1102: a parameter the call needs was not sent or is empty. */
export function need(params: Params, name: string): string {
  const v = params[name];
  if (v === undefined || v === '')
    throw new BinanceError(400, -1102, `Mandatory parameter '${name}' was not sent, was empty/null, or malformed.`);
  return v;
}

const DECIMAL = /^([0-9]{1,20})(\.[0-9]{1,20})?$/;

/** A decimal parameter as Binance reads it: digits only, so letters, signs and exponents are -1100. */
export function decimalParam(params: Params, name: string): string | undefined {
  const v = params[name];
  if (v === undefined || v === '') return undefined;
  if (!DECIMAL.test(v))
    throw new BinanceError(
      400,
      -1100,
      `Illegal characters found in parameter '${name}'; legal range is '^([0-9]{1,20})(\\.[0-9]{1,20})?$'.`,
    );
  return v;
}

/** An integer parameter within [min, max]; absent gives `fallback`. */
export function intParam(
  params: Params,
  name: string,
  min: number,
  max: number,
  fallback?: number,
): number | undefined {
  const v = params[name];
  if (v === undefined || v === '') return fallback;
  const n = /^[0-9]{1,16}$/.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max)
    throw new BinanceError(
      400,
      -1100,
      `Illegal characters found in parameter '${name}'; legal range is '${min}..${max}'.`,
    );
  return n;
}

/** One of a parameter's allowed values, or Binance's own refusal for that enum (-1116, -1117, -1115…). */
export function enumParam<T extends string>(
  params: Params,
  name: string,
  allowed: readonly T[],
  refusal: [code: number, msg: string],
): T | undefined {
  const v = params[name];
  if (v === undefined || v === '') return undefined;
  if (!(allowed as readonly string[]).includes(v)) throw new BinanceError(400, ...refusal);
  return v as T;
}

/** A spot market by Binance's upper-case symbol; an unknown one or a quote without a book is -1121. */
export function spotMarket(ctx: FeatureContext, symbol: string): Market {
  const m = ctx.markets.get(symbol.toLowerCase());
  if (!m || m.market !== 'spot' || symbol !== symbol.toUpperCase())
    throw new BinanceError(400, -1121, 'Invalid symbol.');
  return m;
}

/** The markets a ticker call names: `symbol`, a JSON list in `symbols`, or every spot market. */
export function marketsNamed(ctx: FeatureContext, params: Params): Market[] {
  if (params.symbol !== undefined) return [spotMarket(ctx, params.symbol)];
  if (params.symbols !== undefined) {
    let list: unknown;
    try {
      list = JSON.parse(params.symbols);
    } catch {
      list = undefined;
    }
    if (!Array.isArray(list) || !list.length || !list.every((s) => typeof s === 'string'))
      throw new BinanceError(
        400,
        -1100,
        'Illegal characters found in parameter \'symbols\'; legal range is \'^\\[("[A-Z0-9-_.]{1,20}"(,"[A-Z0-9-_.]{1,20}"){0,}){0,1}\\]$\'.',
      );
    return (list as string[]).map((s) => spotMarket(ctx, s));
  }
  return allSpot(ctx);
}

/** Every spot market with a book, in display order. */
export function allSpot(ctx: FeatureContext): Market[] {
  return [...ctx.markets.values()].filter((m) => m.market === 'spot');
}

/** Binance's symbol of a market: its base and quote, upper case (`BTCUSDT`). */
export const symbolOf = (m: Market) => m.symbol.toUpperCase();
