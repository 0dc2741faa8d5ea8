/**
 * The checks of the position row's close and of the trailing stop form before they are sent, in integer units. The
 * server makes the same refusals (server/perpetual/position-close.ts, trailing.ts); these only spare a round trip.
 */
import { unitsOf } from './math.ts';

/** Binance's callbackRate: a percent from 0.1 to 5 with at most one decimal. */
export function callbackRateOk(text: string): boolean {
  const s = text.trim();
  if (!/^\d+(\.\d)?$/.test(s)) return false;
  const tenths = unitsOf(s, 1);
  return tenths !== null && tenths >= 1n && tenths <= 50n;
}

/** Whether a typed quantity is more than the position's (both at the contract's quantity scale). */
export function overPosition(qtyScale: number, quantity: string, position: string): boolean {
  const q = unitsOf(quantity.trim(), qtyScale);
  const p = unitsOf(position, qtyScale);
  return q !== null && p !== null && q > p;
}
