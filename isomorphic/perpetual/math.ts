/**
 * The perpetual screen's arithmetic and formatting, in integer units (isomorphic/money), never in floats: whether a
 * typed price keeps to the contract's tick and a quantity to its lot, rates as percentages, the funding
 * countdown, the share of the largest quantity, signed PnL. Margin, liquidation and PnL themselves come from the
 * server (orderPreview, the position list): the browser shows them, it does not compute them again.
 */
import type { ContractView, PerpCandle } from '../contract/perpetual.ts';
import { formatUnits, mulDivDown, parseUnits } from '../money/units.ts';

/** What a contract's numbers need: scales and steps. */
export type Scales = Pick<ContractView, 'priceScale' | 'qtyScale' | 'tickSize' | 'stepSize'>;

type PerpField = 'price' | 'quantity' | 'takeProfit' | 'stopLoss' | 'triggerPrice' | 'margin';

/**
 * A problem with one field, as the key of its message and what the message needs; null when the field is fine.
 * `offTick` and `offLot` carry the step they must keep to.
 */
export type PerpProblem =
  | { key: 'required' | 'negative' | 'invalid' | 'zero'; field: PerpField }
  | { key: 'tooPrecise'; field: PerpField; decimals: number }
  | { key: 'offTick' | 'offLot'; field: PerpField; step: string }
  | null;

/** The message key of each problem: the shared order messages, which name the field in their sentence. */
export const PROBLEM_KEYS = {
  required: 'error.orderFieldRequired',
  negative: 'trade.error.negative',
  invalid: 'error.invalidNumber',
  zero: 'error.mustBePositive',
  tooPrecise: 'error.tooPrecise',
  offTick: 'perp.error.offTick',
  offLot: 'perp.error.offLot',
} as const;

/** "97." is a number half typed: it means 97. */
const finished = (text: string) => (text.endsWith('.') ? text.slice(0, -1) : text);

/** Units of a plain non-negative decimal at `scale`, or null when it is not one or has too many decimals. */
export function unitsOf(text: string, scale: number): bigint | null {
  const parsed = parseUnits(finished(text.trim()), scale);
  return parsed.ok ? parsed.value : null;
}

/** A decimal string without trailing zeros: "0.0100" → "0.01", "5.000" → "5". */
export function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/**
 * Checks one amount field: present, not negative, a number, within `scale` decimals, above zero, and a whole
 * multiple of `step` (the tick for prices, the lot for quantities) when one is given.
 */
export function checkAmount(
  text: string,
  scale: number,
  field: PerpField,
  step?: { size: string; key: 'offTick' | 'offLot' },
): PerpProblem {
  const s = finished(text.trim());
  if (s === '') return { key: 'required', field };
  if (s.startsWith('-')) return { key: 'negative', field };
  const parsed = parseUnits(s, scale);
  if (!parsed.ok)
    return parsed.problem === 'precision' ? { key: 'tooPrecise', field, decimals: scale } : { key: 'invalid', field };
  if (parsed.value === 0n) return { key: 'zero', field };
  if (step) {
    const unit = unitsOf(step.size, scale);
    if (unit && parsed.value % unit !== 0n) return { key: step.key, field, step: trimZeros(step.size) };
  }
  return null;
}

export const checkPrice = (c: Scales, text: string, field: PerpField = 'price') =>
  checkAmount(text, c.priceScale, field, { size: c.tickSize, key: 'offTick' });
export const checkQuantity = (c: Scales, text: string) =>
  checkAmount(text, c.qtyScale, 'quantity', { size: c.stepSize, key: 'offLot' });

/** The order form before it is sent, in reading order: the price of a limit order, then the quantity. */
export function checkPerpOrder(
  c: Scales,
  input: { type: 'limit' | 'market'; price: string; quantity: string },
): PerpProblem {
  return (input.type === 'limit' ? checkPrice(c, input.price) : null) ?? checkQuantity(c, input.quantity);
}

/** The optional take-profit and stop-loss of the form: each checked only when typed. */
export function checkStops(c: Scales, takeProfit: string, stopLoss: string): PerpProblem {
  return (
    (takeProfit.trim() ? checkPrice(c, takeProfit, 'takeProfit') : null) ??
    (stopLoss.trim() ? checkPrice(c, stopLoss, 'stopLoss') : null)
  );
}

/** A field's text as the wire wants it: trimmed, without a dangling point. */
export const clean = (text: string) => finished(text.trim());

/** A typed leverage: a whole number from 1 to `max`, or null. */
export function parseLeverage(text: string, max: number): number | null {
  const s = text.trim();
  if (!/^\d{1,4}$/.test(s)) return null;
  const n = Number(s);
  return n >= 1 && n <= max ? n : null;
}

/** Signed decimal → sign and magnitude in units at `scale` (extra decimals cut off). */
function signedUnits(text: string, scale: number): { negative: boolean; units: bigint } | null {
  const s = text.trim();
  const negative = s.startsWith('-');
  const abs = negative || s.startsWith('+') ? s.slice(1) : s;
  const [int = '', frac = ''] = abs.split('.');
  const units = unitsOf(frac ? `${int}.${frac.slice(0, scale)}` : int, scale);
  return units === null ? null : { negative: negative && units > 0n, units };
}

/**
 * A rate given as a fraction, as a percentage with `decimals` places (cut, not rounded), its sign kept:
 * formatRate('0.0001') → "0.0100%", formatRate('-0.00075') → "-0.0750%". "--" when it is not a number.
 */
export function formatRate(rate: string | null | undefined, decimals = 4): string {
  const p = rate == null ? null : signedUnits(rate, decimals + 2);
  if (!p) return '--';
  return `${p.negative ? '-' : ''}${formatUnits(p.units, decimals)}%`;
}

/**
 * A signed amount at `decimals` places with its sign shown, for PnL: formatSigned('12.345', 2) → "+12.34",
 * formatSigned('-0.5', 2) → "-0.50", zero without a sign.
 */
export function formatSigned(value: string | null | undefined, decimals: number): string {
  const p = value == null ? null : signedUnits(value, decimals);
  if (!p) return '--';
  const sign = p.units === 0n ? '' : p.negative ? '-' : '+';
  return `${sign}${formatUnits(p.units, decimals)}`;
}

/** Up, down or flat, for colouring a signed amount. */
export function signTone(value: string | null | undefined): 'up' | 'down' | 'flat' {
  const p = value == null ? null : signedUnits(value, 18);
  if (!p || p.units === 0n) return 'flat';
  return p.negative ? 'down' : 'up';
}

/** Time left as hh:mm:ss (hours may pass 24), never negative: fundingCountdown(8 * 3600e3 - 1) → "07:59:59". */
export function fundingCountdown(msLeft: number): string {
  const total = Math.max(0, Math.ceil(msLeft / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/**
 * The next funding time as seen at `now`: the server's stamp, moved on by whole intervals when it has passed and
 * the contract list has not been loaded again yet (the countdown then starts over instead of resting at zero).
 */
export function nextFunding(nextFundingTime: number, intervalMs: number, now: number): number {
  if (nextFundingTime > now || intervalMs <= 0) return nextFundingTime;
  return nextFundingTime + Math.ceil((now - nextFundingTime + 1) / intervalMs) * intervalMs;
}

/** `percent` of the largest quantity, down to the lot, as the quantity field shows it; "" when nothing. */
export function quantityForPercent(c: Scales, maxQty: string, percent: number): string {
  const max = signedUnits(maxQty, c.qtyScale);
  if (!max || max.negative) return '';
  let qty = mulDivDown(max.units, BigInt(percent), 100n);
  const lot = unitsOf(c.stepSize, c.qtyScale) ?? 1n;
  if (lot > 0n) qty -= qty % lot;
  return qty > 0n ? trimZeros(formatUnits(qty, c.qtyScale)) : '';
}

/** The five lights of the auto-deleveraging queue: rank 3 lights the first three. */
export function adlLights(rank: number): boolean[] {
  const r = Math.max(0, Math.min(5, Math.trunc(rank)));
  return [1, 2, 3, 4, 5].map((i) => i <= r);
}

/** The unit a quantity is counted in: whole contracts for coin-margined, the base coin for USDT-margined. */
export function quantityUnit(c: Pick<ContractView, 'kind' | 'base'>, contractsLabel: string): string {
  return c.kind === 'coin' ? contractsLabel : c.base;
}

/**
 * Whether a margin ratio (percent, two decimals) is in the warning zone: 80% of maintenance or more.
 * The position list sends "100.00" or more for a position the liquidation engine is taking over.
 */
export function marginRatioTone(ratio: string): 'safe' | 'warn' | 'danger' {
  const units = signedUnits(ratio, 2);
  if (!units || units.negative) return 'safe';
  if (units.units >= 10_000n) return 'danger';
  return units.units >= 8_000n ? 'warn' : 'safe';
}

/** Puts the latest candles into a series: each replaces the one with its open time, or comes after the last. */
export function mergeCandles(series: PerpCandle[], latest: readonly PerpCandle[]): PerpCandle[] {
  let out = series;
  for (const c of latest) {
    const last = out.at(-1);
    if (!last || c.time > last.time) out = [...out, c];
    else if (c.time === last.time) out = [...out.slice(0, -1), c];
    else {
      const i = out.findIndex((x) => x.time === c.time);
      if (i >= 0) out = [...out.slice(0, i), c, ...out.slice(i + 1)];
    }
  }
  return out;
}

/** The smallest of some quantities (those that are numbers), compared exactly; null when there is none. */
export function smallestQuantity(values: ReadonlyArray<string | null | undefined>, qtyScale: number): string | null {
  let best: { text: string; units: bigint } | null = null;
  for (const text of values) {
    const p = text == null ? null : signedUnits(text, qtyScale);
    if (!p || p.negative) continue;
    if (!best || p.units < best.units) best = { text: text!, units: p.units };
  }
  return best?.text ?? null;
}
