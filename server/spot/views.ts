import type {
  DepthSnapshot,
  Kline,
  MarketEntry,
  PriceComparison,
  PriceInfo,
  PublicTrade,
  SpotOrder,
  UserFill,
} from '../../isomorphic/contract/spot.ts';
import type { IndexPrice } from '../prices/price-index.ts';
import { ASSET_SCALE, formatUnits } from '../../isomorphic/money/units.ts';
import { groupLevels, type BookSide } from '../../isomorphic/money/depth.ts';
import type { Candle } from '../market-data/candles.ts';
import type { Ticker } from '../market-data/ticker.ts';
import { priceBand, type Market } from './market.ts';
import type { OrderRow, TradeRecord } from './orders.repo.ts';
import type { SettledTrade } from './settlement.ts';

const price = (m: Market, v: bigint) => formatUnits(v, m.priceScale);
const qty = (m: Market, v: bigint) => formatUnits(v, m.qtyScale);
const asset = (v: bigint) => formatUnits(v, ASSET_SCALE);

/** Change in percent with two decimals, truncated toward zero: '+2.35' is written '2.35'. */
export function percentChange(open: bigint, close: bigint): string {
  if (open === 0n) return '0.00';
  const bp = ((close - open) * 10_000n) / open;
  return formatUnits(bp, 2);
}

export function priceInfo(m: Market, t: Ticker): PriceInfo {
  return {
    symbol: m.symbol,
    close: price(m, t.close),
    openPrice: price(m, t.open),
    change: price(m, t.close - t.open),
    priceChangePercent: percentChange(t.open, t.close),
    high: price(m, t.high),
    low: price(m, t.low),
    volume: asset(t.volume),
    volume24: asset(t.quoteVolume),
    high24: price(m, t.high),
    low24: price(m, t.low),
  };
}

/**
 * A market as the lists show it. `decimals` are the assets' display decimals: a visitor's book totals need the quote's
 * before any balance (which also carries them) is loaded, so the public list brings them.
 */
export function marketEntry(
  m: Market,
  t: Ticker,
  optional: boolean,
  decimals: ReadonlyMap<string, number>,
): MarketEntry {
  const name = `${m.base}/${m.quote}`;
  return {
    symbol: m.symbol,
    symbol_name: name,
    showSymbol: name,
    baseCoin: m.base,
    coin: m.base.toLowerCase(),
    base_symbol: m.base,
    market: m.market,
    coinType: m.coinType,
    customizeFlag: 1,
    part_cou: m.priceScale,
    full_cou: m.qtyScale,
    ...(decimals.has(m.base) ? { baseDecimals: decimals.get(m.base) } : {}),
    ...(decimals.has(m.quote) ? { quoteDecimals: decimals.get(m.quote) } : {}),
    plate: m.plate,
    tickSize: price(m, m.tick),
    stepSize: qty(m, m.lot),
    minQty: qty(m, m.minQty),
    minNotional: asset(m.minNotional),
    makerFee: formatUnits(m.makerFeeBps, 4),
    takerFee: formatUnits(m.takerFeeBps, 4),
    optional,
    amount: price(m, t.close),
    turnover: asset(t.quoteVolume),
    close: price(m, t.close),
    open: price(m, t.open),
    change: price(m, t.close - t.open),
    zdf: percentChange(t.open, t.close),
  };
}

export function kline(m: Market, c: Candle): Kline {
  return [
    c.openTime,
    price(m, c.open),
    price(m, c.high),
    price(m, c.low),
    price(m, c.close),
    asset(c.volume),
    asset(c.quoteVolume),
    c.trades,
  ];
}

export function publicTrade(m: Market, t: SettledTrade): PublicTrade {
  return { id: t.id, price: price(m, t.price), quantity: qty(m, t.quantity), side: t.takerSide, time: t.time };
}

export function spotOrder(m: Market, o: OrderRow): SpotOrder {
  const avg =
    o.filledQty > 0n
      ? (o.filledQuote * 10n ** BigInt(m.priceScale + m.qtyScale)) / (o.filledQty * 10n ** BigInt(ASSET_SCALE))
      : 0n;
  return {
    id: o.id,
    symbol: m.symbol,
    symbol_name: `${m.base}/${m.quote}`,
    side: o.side,
    type: o.kind,
    timeInForce: o.tif,
    price: o.kind === 'limit' ? price(m, o.price) : '0',
    quantity: qty(m, o.quantity),
    quoteAmount: asset(o.quoteBudget),
    tradedQuantity: qty(m, o.filledQty),
    tradedAmount: asset(o.filledQuote),
    avgPrice: price(m, avg),
    fee: asset(o.fee),
    feeAsset: o.side === 'buy' ? m.base : m.quote,
    status: o.status,
    doneReason: o.doneReason,
    createTime: o.createdAt,
    updateTime: o.updatedAt,
  };
}

/** A trade from the side of `userId`, who was its maker or its taker: their side, role, fee and fee asset. */
export function userFill(m: Market, t: TradeRecord, userId: number): UserFill {
  const maker = t.makerUserId === userId;
  const side = maker ? (t.takerSide === 'buy' ? 'sell' : 'buy') : t.takerSide;
  return {
    id: t.id,
    symbol: m.symbol,
    symbol_name: `${m.base}/${m.quote}`,
    orderId: maker ? t.makerOrderId : t.takerOrderId,
    side,
    role: maker ? 'maker' : 'taker',
    price: price(m, t.price),
    quantity: qty(m, t.quantity),
    amount: asset(t.quoteQty),
    fee: asset(maker ? t.makerFee : t.takerFee),
    feeAsset: side === 'buy' ? m.base : m.quote,
    time: t.createdAt,
  };
}

/** The last trade price against the index: the deviation and the band a limit price must stay in. */
export function priceComparison(
  m: Market,
  last: bigint,
  index: IndexPrice | undefined,
  indexFresh: boolean,
  mark: bigint | undefined,
): PriceComparison {
  const band = index ? priceBand(m, index.price) : undefined;
  return {
    symbol: m.symbol,
    symbol_name: `${m.base}/${m.quote}`,
    last: price(m, last),
    index: index ? price(m, index.price) : null,
    indexSource: index?.source ?? null,
    indexTime: index?.at ?? null,
    indexFresh,
    deviation: index ? price(m, last - index.price) : null,
    deviationPercent: index ? percentChange(index.price, last) : null,
    bandMin: band ? price(m, band.min) : null,
    bandMax: band ? price(m, band.max) : null,
    mark: mark === undefined ? null : price(m, mark),
  };
}

/**
 * Groups book levels by a price step (isomorphic/money/depth.ts): bids down to the step below, asks up to the one
 * above.
 */
export function groupedDepth(
  m: Market,
  bids: Array<[number, number]>,
  asks: Array<[number, number]>,
  step: bigint,
  limit: number,
): DepthSnapshot {
  const group = (levels: Array<[number, number]>, side: BookSide) =>
    groupLevels(
      levels.map(([ticks, lots]) => [BigInt(ticks) * m.tick, BigInt(lots) * m.lot] as const),
      step,
      side,
      limit,
    ).map(([p, q]) => [price(m, p), qty(m, q)] as [string, string]);
  return { symbol: m.symbol, step: price(m, step), bids: group(bids, 'bid'), asks: group(asks, 'ask') };
}
