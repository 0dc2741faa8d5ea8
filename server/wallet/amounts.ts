import { ASSET_SCALE, formatUnits, parseUnits } from '../../isomorphic/money/units.ts';
import { fail } from '../outcome.ts';
import type { SpotMarkets } from '../spot/markets.ts';
import { toPrice8 } from '../spot/market.ts';
import type { PriceIndex } from '../prices/price-index.ts';
import { findActiveAsset } from './wallet.repo.ts';
import type { Queryable } from '../storage/db.ts';

/** The most any one wallet request may move: 10^9 of a coin. */
const MAX_AMOUNT = 10n ** 17n;

/** A positive amount at 8 decimals, or the wallet's "amount invalid" refusal: amountOf('1.5') → 150000000n. */
export function amountOf(text: string): bigint {
  const parsed = parseUnits(text, ASSET_SCALE, MAX_AMOUNT);
  if (!parsed.ok || parsed.value <= 0n) fail('amountInvalid', { decimals: ASSET_SCALE });
  return parsed.value;
}

/** Units as the wire's decimal string: money(150000000n) → '1.50000000'. */
export function money(units: bigint | number | string): string {
  return formatUnits(BigInt(units), ASSET_SCALE);
}

/** The coin must be one of the platform's assets. */
export async function requireAsset(
  q: Queryable,
  coin: string,
): Promise<{ code: string; name: string; displayDecimals: number }> {
  const row = await findActiveAsset(q, coin);
  if (!row) fail('unknownAsset');
  return { code: row.code, name: row.name, displayDecimals: Number(row.display_decimals) };
}

/**
 * A coin's price in USDT at 8 decimals, from the index price of its USDT market (server/prices), never from the
 * last trade, which two accounts of one person can print at any price: USDT is 1. Null when the coin has no USDT
 * market or its index is stale.
 */
function usdtPrice(markets: SpotMarkets, prices: PriceIndex, coin: string): bigint | null {
  if (coin === 'USDT') return 10n ** 8n;
  const m = markets.get(`${coin.toLowerCase()}usdt`);
  if (!m || m.market !== 'spot') return null;
  const index = prices.fresh(m.symbol);
  return index ? toPrice8(m, index.price) : null;
}

/** A coin's USDT price at 8 decimals, or null: what valuations and the swap desk read (see usdtPrice). */
export type UsdtPrices = (coin: string) => bigint | null;

export function usdtPricesOf(markets: SpotMarkets, prices: PriceIndex): UsdtPrices {
  return (coin) => usdtPrice(markets, prices, coin);
}

/** What an amount of a coin is worth in USDT (rounded down), zero when it has no price. */
export function usdtValue(usdt: UsdtPrices, coin: string, units: bigint): bigint {
  const p = usdt(coin);
  return p === null ? 0n : (units * p) / 10n ** 8n;
}
