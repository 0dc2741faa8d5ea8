import { num, type Queryable } from '../storage/db.ts';

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
  plate: string;
  sort: number;
  status: string;
}

/** Every asset lives at 8 decimals (server/exchange/seed.ts), so conversions between scales are exact shifts. */
export const ASSET_SCALE = 8;

export async function loadMarkets(q: Queryable): Promise<Market[]> {
  const rows = await q.all<Record<string, unknown>>('SELECT * FROM markets ORDER BY sort, symbol');
  return rows.map((r) => ({
    symbol: String(r.symbol),
    market: r.market === 'mt5' ? 'mt5' : 'spot',
    coinType: num(r.coin_type),
    base: String(r.base),
    quote: String(r.quote),
    priceScale: num(r.price_scale),
    qtyScale: num(r.qty_scale),
    tick: BigInt(r.tick as bigint),
    lot: BigInt(r.lot as bigint),
    minQty: BigInt(r.min_qty as bigint),
    minNotional: BigInt(r.min_notional as bigint),
    makerFeeBps: BigInt(r.maker_fee_bps as bigint),
    takerFeeBps: BigInt(r.taker_fee_bps as bigint),
    refPrice: String(r.ref_price),
    plate: String(r.plate),
    sort: num(r.sort),
    status: String(r.status),
  }));
}

/** The quote amount (asset units) of `qty` at `price`, exact because price and quantity scales sum to at most 8. */
export function notional(m: Market, price: bigint, qty: bigint): bigint {
  return price * qty * 10n ** BigInt(ASSET_SCALE - m.priceScale - m.qtyScale);
}

/** A quantity at the market's scale as base-asset units. */
export function baseUnits(m: Market, qty: bigint): bigint {
  return qty * 10n ** BigInt(ASSET_SCALE - m.qtyScale);
}

/** The fee on an amount, rounded up (in the platform's favour). */
export function feeOf(amount: bigint, bps: bigint): bigint {
  const p = amount * bps;
  return p % 10_000n === 0n ? p / 10_000n : p / 10_000n + 1n;
}

/** The part of a fee that goes to the asset-safety fund (spec §1: 10%). */
export function safetyShare(fee: bigint): bigint {
  return fee / 10n;
}
