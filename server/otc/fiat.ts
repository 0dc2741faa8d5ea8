import { ASSET_SCALE, formatUnits, parseUnits } from '../../isomorphic/money/units.ts';
import { fail } from '../outcome.ts';
import { positiveUnits } from '../spot/order-checks.ts';

/** Fiat amounts and OTC prices are integers of cents. */
export const FIAT_SCALE = 2;
const COIN = 10n ** BigInt(ASSET_SCALE);

export const fiatText = (cents: bigint) => formatUnits(cents, FIAT_SCALE);
export const coinText = (units: bigint) => formatUnits(units, ASSET_SCALE);
export const fiatUnits = (text: string | undefined, field: string) => positiveUnits(text, FIAT_SCALE, field);
export const coinUnits = (text: string | undefined, field: string) => positiveUnits(text, ASSET_SCALE, field);

/** What `amount` coins cost at `price` cents a coin, in cents, half a cent rounded up. */
export function fiatOf(amount: bigint, price: bigint): bigint {
  return (amount * price * 2n + COIN) / (2n * COIN);
}

/** Basis points from a signed percentage with at most two decimals ("1.5" → 150, "-2" → -200). */
export function floatBps(text: string | undefined, maxPct: number): number {
  if (text === undefined || text === '') fail('otcPriceRequired');
  const negative = text.startsWith('-');
  const parsed = parseUnits(negative ? text.slice(1) : text, 2, 10n ** 6n);
  if (!parsed.ok)
    fail(parsed.problem === 'precision' ? 'tooPrecise' : 'invalidNumber', { field: 'otc.field.floatPct', decimals: 2 });
  const bps = Number(parsed.value) * (negative ? -1 : 1);
  if (Math.abs(bps) > maxPct * 100) fail('otcFloatRange', { max: maxPct });
  return bps;
}

/**
 * A floating price in cents: the coin's USDT index (at `scale` decimals) × the fiat's rate to one USDT × (1 + bps),
 * half a cent rounded up. USDT itself is priced at exactly 1.
 */
export function floatingPrice(index: bigint, scale: number, rate: string, bps: number): bigint {
  const r = parseUnits(rate, 8);
  if (!r.ok) throw new Error(`bad display rate ${rate}`);
  // index/10^scale × rate/10^8 × (10000+bps)/10000 × 100 cents
  const num = index * r.value * BigInt(10_000 + bps) * 100n;
  const den = 10n ** BigInt(scale) * 10n ** 8n * 10_000n;
  return (num * 2n + den) / (2n * den);
}
