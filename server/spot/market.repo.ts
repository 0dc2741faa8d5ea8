import { num, type Queryable } from '../storage/db.ts';
import type { Market } from './market.ts';

/** Every market, in display order. Markets are data: operators add or close them by writing rows. */
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
    priceBandBps: BigInt(r.price_band_bps as bigint),
    plate: String(r.plate),
    sort: num(r.sort),
    status: String(r.status),
  }));
}

/** Whether any market exists (a fresh install has none until the seed). */
export async function hasMarkets(q: Queryable): Promise<boolean> {
  return (await q.get('SELECT symbol FROM markets LIMIT 1')) !== undefined;
}
