import { DEPTH_STEP_MULTIPLES } from '../../isomorphic/contract/feed.ts';
import { ASSET_SCALE, mulDivUp, parseUnits } from '../../isomorphic/money/units.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import type { Posting } from '../ledger/ledger.ts';

/** A market as the services use it: integer steps at its own scales, fees in basis points. */
export interface Market {
  symbol: string;
  market: 'spot' | 'mt5';
  coinType: number;
  base: string;
  quote: string;
  priceScale: number;
  qtyScale: number;
  tick: bigint;
  lot: bigint;
  minQty: bigint;
  minNotional: bigint;
  makerFeeBps: bigint;
  takerFeeBps: bigint;
  refPrice: string;
  /** Limit orders are refused further than this from the index price (Binance's PERCENT_PRICE), in basis points. */
  priceBandBps: bigint;
  plate: string;
  sort: number;
  status: string;
}

/**
 * Powers of ten by exponent: the scale shifts below run several times per fill, and `10n ** BigInt(k)` allocates two
 * bigints each time. Exponents are at most ASSET_SCALE (a market's scales are within it).
 */
const POW10: readonly bigint[] = Array.from({ length: 19 }, (_, i) => 10n ** BigInt(i));

/** The market's reference (listing) price at its price scale; 0 when the row holds none it can parse. */
export function listingPrice(m: Pick<Market, 'refPrice' | 'priceScale'>): bigint {
  const parsed = parseUnits(m.refPrice, m.priceScale);
  return parsed.ok ? parsed.value : 0n;
}

/** The quote amount (asset units) of `qty` at `price`, exact because price and quantity scales sum to at most 8. */
export function notional(m: Market, price: bigint, qty: bigint): bigint {
  return price * qty * POW10[ASSET_SCALE - m.priceScale - m.qtyScale]!;
}

/** A quantity at the market's scale as base-asset units. */
export function baseUnits(m: Market, qty: bigint): bigint {
  return qty * POW10[ASSET_SCALE - m.qtyScale]!;
}

/** A market's price (at its price scale) as a price at 8 decimals, the asset scale: an exact shift. */
export function toPrice8(m: Pick<Market, 'priceScale'>, price: bigint): bigint {
  return price * POW10[ASSET_SCALE - m.priceScale]!;
}

/** A price at 8 decimals at the market's price scale, rounded down. */
export function marketPrice(m: Pick<Market, 'priceScale'>, price8: bigint): bigint {
  return price8 / POW10[ASSET_SCALE - m.priceScale]!;
}

/** The fee on an amount, rounded up (in the platform's favour). */
export function feeOf(amount: bigint, bps: bigint): bigint {
  return mulDivUp(amount, bps, 10_000n);
}

/**
 * The fee on an amount at a rate in hundredths of a basis point (the fee book's unit), rounded up as feeOf rounds:
 * feeAtRate(a, bps × 100) = feeOf(a, bps) for every amount, so whole-bps rates charge what they charged before.
 */
export function feeAtRate(amount: bigint, rate: bigint): bigint {
  return mulDivUp(amount, rate, 1_000_000n);
}

/** The part of a fee that goes to the asset-safety fund (docs/requirements.md §1: 10%). */
export function safetyShare(fee: bigint): bigint {
  return fee / 10n;
}

/** A trading fee's lines: to fee income, less the safety fund's share (spot and perpetual fills alike). */
export function feeLines(asset: string, fee: bigint, billType: 'trade_fee' | 'perp_fee'): Posting[] {
  return pushFeeLines([], asset, fee, billType);
}

/** The same lines appended to `lines` (a fill's own, without an array per fee); answers `lines`. */
export function pushFeeLines(
  lines: Posting[],
  asset: string,
  fee: bigint,
  billType: 'trade_fee' | 'perp_fee',
): Posting[] {
  if (!fee) return lines;
  const safety = safetyShare(fee);
  lines.push(
    { owner: null, type: ACCOUNT.feeIncome, asset, available: fee - safety, billType },
    { owner: null, type: ACCOUNT.safetyFund, asset, available: safety, billType },
  );
  return lines;
}

/** The lowest and highest limit price allowed around a reference: ±band, rounded inward to the tick. */
export function priceBand(m: Market, reference: bigint): { min: bigint; max: bigint } {
  const lo = (reference * (10_000n - m.priceBandBps) + 9_999n) / 10_000n;
  const hi = (reference * (10_000n + m.priceBandBps)) / 10_000n;
  return { min: ((lo + m.tick - 1n) / m.tick) * m.tick, max: (hi / m.tick) * m.tick };
}

/** A depth grouping step as units of the price, or undefined unless it is the tick times an allowed multiple. */
export function depthStep(m: Market, text: string | undefined): bigint | undefined {
  if (text === undefined || text === '') return m.tick;
  const parsed = parseUnits(text, m.priceScale);
  if (!parsed.ok) return undefined;
  return DEPTH_STEP_MULTIPLES.some((k) => m.tick * BigInt(k) === parsed.value) ? parsed.value : undefined;
}
