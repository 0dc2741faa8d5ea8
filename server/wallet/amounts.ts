import { formatUnits, parseUnits } from '../../src/lib/money/units.ts';
import { fail } from '../http/errors.ts';
import type { Exchange } from '../exchange/exchange.ts';
import { ASSET_SCALE } from '../exchange/market.ts';
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
export async function requireAsset(q: Queryable, coin: string): Promise<{ code: string; name: string; displayDecimals: number }> {
  const row = await q.get<{ code: string; name: string; display_decimals: bigint }>("SELECT code, name, display_decimals FROM assets WHERE code = ? AND status = 'active'", [coin]);
  if (!row) fail('unknownAsset');
  return { code: row.code, name: row.name, displayDecimals: Number(row.display_decimals) };
}

/**
 * A coin's price in USDT at 8 decimals, from the last trade of its USDT market (exchange.ticker): USDT is 1.
 * Null when the coin has no USDT market.
 */
export function usdtPrice(exchange: Exchange, coin: string): bigint | null {
  if (coin === 'USDT') return 10n ** 8n;
  const m = exchange.markets.get(`${coin.toLowerCase()}usdt`);
  if (!m || m.market !== 'spot') return null;
  const close = exchange.ticker(m.symbol).close;
  return close > 0n ? close * 10n ** BigInt(ASSET_SCALE - m.priceScale) : null;
}

/** What an amount of a coin is worth in USDT (rounded down), zero when it has no price. */
export function usdtValue(exchange: Exchange, coin: string, units: bigint): bigint {
  const p = usdtPrice(exchange, coin);
  return p === null ? 0n : (units * p) / 10n ** 8n;
}
