/**
 * The order form's arithmetic in the market's integer units (isomorphic/money), never in floats: what a percentage
 * of the balance buys or sells, what an order costs, and whether it meets the market's minimum total. Rounding is
 * always in the platform's favour: a quantity or amount taken from a balance rounds down, a cost shown rounds up.
 */
import type { MarketEntry } from '../../../isomorphic/contract/spot.ts';
import { ASSET_SCALE } from '../../../isomorphic/format/asset.ts';
import { formatUnits, mulDivDown, mulDivUp, parseUnits } from '../../../isomorphic/money/units.ts';

export type Side = 'buy' | 'sell';
export type Kind = 'limit' | 'market';
type Scales = Pick<MarketEntry, 'symbol_name' | 'part_cou' | 'full_cou' | 'stepSize' | 'minNotional'>;

/** The asset a market is priced in: quoteOf({ symbol_name: 'ETH/BTC' }) → "BTC". */
export function quoteOf(m: Pick<MarketEntry, 'symbol_name'>): string {
  return m.symbol_name.split('/')[1] ?? '';
}

/** Decimals of price × quantity: every order total is an exact number of units at this scale. */
function totalScale(m: Pick<MarketEntry, 'part_cou' | 'full_cou'>): number {
  return m.part_cou + m.full_cou;
}

/** Units of a decimal string at `scale`, or null when it is not a plain non-negative number or is too precise. */
function unitsOf(text: string, scale: number): bigint | null {
  // "97." is a number half typed; it means 97.
  const parsed = parseUnits(text.endsWith('.') ? text.slice(0, -1) : text, scale);
  return parsed.ok ? parsed.value : null;
}

/** A decimal string with more places than `scale` cut down (balances arrive at the asset's full scale). */
function unitsDown(text: string, scale: number): bigint {
  const [int = '', frac = ''] = text.split('.');
  return unitsOf(frac ? `${int}.${frac.slice(0, scale)}` : int, scale) ?? 0n;
}

function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/**
 * The quantity that `percent` of the available balance buys (at `price`) or sells, on the market's step, rounded
 * down so the order never needs more than the balance: a buy spends quote, a sell spends base.
 */
export function quantityForPercent(m: Scales, side: Side, available: string, percent: number, price: string): string {
  const share = mulDivDown(unitsDown(available, ASSET_SCALE), BigInt(percent), 100n);
  const qtyScale = 10n ** BigInt(m.full_cou);
  let qty: bigint;
  if (side === 'sell') {
    qty = mulDivDown(share, qtyScale, 10n ** BigInt(ASSET_SCALE));
  } else {
    const p = unitsOf(price, m.part_cou);
    if (!p) return '';
    // share / 10^8 quote ÷ (p / 10^pd) = share · 10^pd / (p · 10^8) base, times 10^qd for units.
    qty = mulDivDown(share, 10n ** BigInt(m.part_cou) * qtyScale, p * 10n ** BigInt(ASSET_SCALE));
  }
  const step = unitsOf(m.stepSize, m.full_cou) ?? 1n;
  qty -= step > 0n ? qty % step : 0n;
  return qty > 0n ? trimZeros(formatUnits(qty, m.full_cou)) : '';
}

/** `percent` of the available quote for a market buy, rounded down to the quote's `decimals`. */
export function spendForPercent(available: string, percent: number, decimals: number): string {
  const share = mulDivDown(unitsDown(available, ASSET_SCALE), BigInt(percent), 100n);
  const cut = share / 10n ** BigInt(ASSET_SCALE - Math.min(decimals, ASSET_SCALE));
  return cut > 0n ? trimZeros(formatUnits(cut, Math.min(decimals, ASSET_SCALE))) : '';
}

/** price × quantity exactly, in units of the market's total scale; null while either is not a valid number yet. */
export function orderTotalUnits(
  m: Pick<MarketEntry, 'part_cou' | 'full_cou'>,
  price: string,
  quantity: string,
): bigint | null {
  const p = unitsOf(price, m.part_cou);
  const q = unitsOf(quantity, m.full_cou);
  return p === null || q === null ? null : p * q;
}

/**
 * The total of a limit order at the quote's display `decimals`: a buy rounds up (what it can cost at most), a sell
 * down (what it pays at least): orderTotal(btc, '96500.01', '0.00001', 'buy', 2) → "0.97" (exactly 0.9650001).
 */
export function orderTotal(
  m: Pick<MarketEntry, 'part_cou' | 'full_cou'>,
  price: string,
  quantity: string,
  side: Side,
  decimals: number,
): string {
  const exact = orderTotalUnits(m, price, quantity);
  if (exact === null) return '';
  const scale = totalScale(m);
  if (decimals >= scale) return formatUnits(exact, scale, decimals);
  const divisor = 10n ** BigInt(scale - decimals);
  const shown = side === 'buy' ? mulDivUp(exact, 1n, divisor) : mulDivDown(exact, 1n, divisor);
  return formatUnits(shown, decimals);
}

/** True when a total (units at `scale`) is below the market's minimum order total, compared exactly. */
export function belowMinNotional(m: Pick<MarketEntry, 'minNotional'>, total: bigint, scale: number): boolean {
  const minScale = Math.max(scale, (m.minNotional.split('.')[1] ?? '').length);
  const min = unitsOf(m.minNotional, minScale) ?? 0n;
  return total * 10n ** BigInt(minScale - scale) < min;
}

export type Field = 'price' | 'amount' | 'total';

/** A problem with the form, as a message key and its field (translated by the island): null when none. */
export type OrderProblem =
  | { key: 'required' | 'negative' | 'invalid' | 'zero'; field: Field }
  | { key: 'minTotal' }
  | null;

interface OrderInput {
  side: Side;
  kind: Kind;
  price: string;
  quantity: string;
  total: string;
}

/** What is wrong with one field's text: empty, negative, not a number, or zero. */
function fieldProblem(text: string, scale: number, field: Field): OrderProblem {
  const s = text.trim();
  if (s === '') return { key: 'required', field };
  if (s.startsWith('-')) return { key: 'negative', field };
  const units = unitsOf(s, scale);
  if (units === null) return { key: 'invalid', field };
  if (units === 0n) return { key: 'zero', field };
  return null;
}

/**
 * Checks the form before it is sent, in the order a person reads it: price, then amount or total, then the
 * market's minimum order total in the quote asset. `totalDecimals` is how many places a market buy's total takes.
 */
export function checkOrderInput(m: Scales, input: OrderInput, totalDecimals: number): OrderProblem {
  if (input.kind === 'limit') {
    const problem =
      fieldProblem(input.price, m.part_cou, 'price') ?? fieldProblem(input.quantity, m.full_cou, 'amount');
    if (problem) return problem;
    return belowMinNotional(m, orderTotalUnits(m, input.price, input.quantity)!, totalScale(m))
      ? { key: 'minTotal' }
      : null;
  }
  if (input.side === 'buy') {
    const problem = fieldProblem(input.total, totalDecimals, 'total');
    if (problem) return problem;
    return belowMinNotional(m, unitsOf(input.total, totalDecimals)!, totalDecimals) ? { key: 'minTotal' } : null;
  }
  return fieldProblem(input.quantity, m.full_cou, 'amount');
}

/**
 * The grouping steps an order book offers: the tick and its multiples by 10 up to 1000, exactly and without
 * trailing zeros: bookSteps('0.01', 2) → ["0.01", "0.1", "1", "10"].
 */
export function bookSteps(tickSize: string, priceDecimals: number): string[] {
  const tick = unitsOf(tickSize, priceDecimals) ?? 1n;
  return [1n, 10n, 100n, 1000n].map((k) => trimZeros(formatUnits(tick * k, priceDecimals)));
}
