/**
 * The arithmetic of the OTC forms, in integer units over isomorphic/money (never floats): coin amounts at 8 decimals,
 * fiat amounts and prices at 2, as the contract (otc.ts) puts them on the wire. The fiat and coin fields of the take
 * dialog are linked at the ad's price; the checks here give the answer before a round trip, the server checks again.
 */
import { formatUnits, mulDivDown, mulDivUp, parseUnits } from '../../../isomorphic/money/units.ts';

/**
 * a * b / d, half a unit rounded up: how the server prices an order's fiat and a floating price (server/otc/fiat.ts).
 */
function mulDivHalfUp(a: bigint, b: bigint, d: bigint): bigint {
  return (a * b * 2n + d) / (2n * d);
}

export const COIN_SCALE = 8;
export const FIAT_SCALE = 2;
/** Index prices and exchange rates come with up to 8 decimals. */
const RATE_SCALE = 8;

/** A decimal string as units, or null when it is not a plain non-negative decimal of at most `scale` places. */
export function unitsOf(text: string, scale: number): bigint | null {
  const parsed = parseUnits(text.trim().replace(/\.$/, ''), scale);
  return parsed.ok ? parsed.value : null;
}

/** Units as the shortest decimal string: 150000000n at 8 → "1.5". */
export function plain(value: bigint, scale: number): string {
  return formatUnits(value, scale).replace(/\.?0+$/, '') || '0';
}

/** What an amount field holds that cannot be sent, as a dictionary key with its values; null when it can. */
export type AmountProblem =
  | { key: 'required' }
  | { key: 'invalid' }
  | { key: 'tooPrecise'; decimals: number }
  | { key: 'zero' }
  | { key: 'outsideLimits'; min: string; max: string }
  | { key: 'overRemaining'; remaining: string }
  | { key: 'overBalance'; available: string };

/** One amount as typed: empty, not a number, too many decimals, zero, or its units. */
export function readAmount(text: string, scale: number): AmountProblem | bigint {
  const s = text.trim().replace(/\.$/, '');
  if (s === '') return { key: 'required' };
  const parsed = parseUnits(s, scale);
  if (!parsed.ok) return parsed.problem === 'precision' ? { key: 'tooPrecise', decimals: scale } : { key: 'invalid' };
  return parsed.value === 0n ? { key: 'zero' } : parsed.value;
}

const PRICE_ONE = 10n ** BigInt(FIAT_SCALE);
const COIN_ONE = 10n ** BigInt(COIN_SCALE);

/**
 * The fiat an amount of coin costs at a price, in cents, half a cent rounded up: fiatForCoin('0.5', '7.23') → '3.62'.
 * The order's fiat is worked out by the server from the coin amount in the same way.
 */
export function fiatForCoin(coin: string, price: string): string {
  const c = unitsOf(coin, COIN_SCALE);
  const p = unitsOf(price, FIAT_SCALE);
  if (c === null || p === null) return '';
  return formatUnits(mulDivHalfUp(c, p, COIN_ONE), FIAT_SCALE);
}

/**
 * The coin a fiat amount buys at a price, rounded up to 8 decimals so that the coin's cost is never under the fiat
 * typed (an order of exactly the minimum stays within the limits): coinForFiat('100', '7.23') → '13.83125865'.
 */
export function coinForFiat(fiat: string, price: string): string {
  const f = unitsOf(fiat, FIAT_SCALE);
  const p = unitsOf(price, FIAT_SCALE);
  if (f === null || p === null || p === 0n) return '';
  return plain(mulDivUp(f, COIN_ONE, p), COIN_SCALE);
}

/** What an ad allows one order: fiat limits at its price, the coins it has left, and (selling) the user's balance. */
interface TakeLimits {
  price: string;
  minFiat: string;
  maxFiat: string;
  remaining: string;
  /** The user's free coins in the OTC account, when the user sells. */
  available?: string;
}

/**
 * Whether a take of `coin` (with its fiat at the ad's price) fits the ad: a coin amount of at most 8 decimals,
 * above zero, its fiat within the limits, no more than the ad has left or the seller holds.
 */
export function checkTake(coin: string, limits: TakeLimits): AmountProblem | null {
  const amount = readAmount(coin, COIN_SCALE);
  if (typeof amount !== 'bigint') return amount;
  const price = unitsOf(limits.price, FIAT_SCALE) ?? 0n;
  const fiat = mulDivHalfUp(amount, price, COIN_ONE);
  const min = unitsOf(limits.minFiat, FIAT_SCALE) ?? 0n;
  const max = unitsOf(limits.maxFiat, FIAT_SCALE) ?? 0n;
  if (fiat < min || fiat > max) return { key: 'outsideLimits', min: limits.minFiat, max: limits.maxFiat };
  if (amount > (unitsOf(limits.remaining, COIN_SCALE) ?? 0n))
    return { key: 'overRemaining', remaining: limits.remaining };
  if (limits.available !== undefined && amount > (unitsOf(limits.available, COIN_SCALE) ?? 0n))
    return { key: 'overBalance', available: limits.available };
  return null;
}

/**
 * A floating ad's price now: the coin's index in USDT × the fiat's rate per USDT × (100 + pct) / 100, in cents
 * half a cent rounded up, as the server prices it; null while the index or the rate is unknown.
 * floatingPrice('1', '7.2', '1.5') → '7.31'.
 */
export function floatingPrice(indexUsdt: string | null, ratePerUsdt: string | null, pct: string): string | null {
  if (indexUsdt === null || ratePerUsdt === null) return null;
  const index = unitsOf(indexUsdt, RATE_SCALE);
  const rate = unitsOf(ratePerUsdt, RATE_SCALE);
  const negative = pct.trim().startsWith('-');
  const move = unitsOf(pct.trim().replace(/^[-+]/, '') || '0', 2);
  if (index === null || rate === null || move === null) return null;
  const factor = 100n * PRICE_ONE + (negative ? -move : move); // hundredths of a percent, over 10000
  if (factor < 0n) return null;
  // index × rate × factor, from RATE_SCALE² × 10^4 down to cents in one rounding.
  const cents = mulDivHalfUp(index * rate, factor * PRICE_ONE, 10n ** BigInt(2 * RATE_SCALE) * 100n * PRICE_ONE);
  return formatUnits(cents, FIAT_SCALE);
}

/**
 * The most coin one order may take: what the ad has left, what its maximum buys (rounded down) and the seller's
 * balance.
 */
export function maxTake(limits: TakeLimits): string {
  const price = unitsOf(limits.price, FIAT_SCALE) ?? 0n;
  const caps = [unitsOf(limits.remaining, COIN_SCALE) ?? 0n];
  if (price > 0n) caps.push(mulDivDown(unitsOf(limits.maxFiat, FIAT_SCALE) ?? 0n, COIN_ONE, price));
  if (limits.available !== undefined) caps.push(unitsOf(limits.available, COIN_SCALE) ?? 0n);
  return plain(
    caps.reduce((a, b) => (b < a ? b : a)),
    COIN_SCALE,
  );
}
