import { KLINE_INTERVALS, type KlineInterval } from '../../../isomorphic/contract/spot.ts';
import { ASSET_SCALE, formatUnits } from '../../../isomorphic/money/units.ts';
import type { FeatureContext } from '../../feature.ts';
import type { Candle } from '../../market-data/candles.ts';
import { candleClose } from '../../market-data/intervals.ts';
import type { Market } from '../../spot/market.ts';
import type { SettledTrade } from '../../spot/settlement.ts';
import { kline as webKline } from '../../spot/views.ts';
import { BinanceError } from '../binance-error.ts';
import type { Door } from '../door.ts';
import { exchangeInfo } from './exchange-info.ts';
import { enumParam, intParam, marketsNamed, need, spotMarket, symbolOf, type Params } from './params.ts';
import * as e from './spot.endpoints.ts';

/** Binance's public market data (developers.binance.com, "Market Data endpoints") from server/market-data. */
const price = (m: Market, v: bigint) => formatUnits(v, m.priceScale);
const qty = (m: Market, v: bigint) => formatUnits(v, m.qtyScale);
const asset = (v: bigint) => formatUnits(v, ASSET_SCALE);

/** A ticker call answers one object for `symbol`, a list otherwise. */
const oneOrList = <T>(params: Params, list: T[]) => (params.symbol !== undefined ? list[0] : list);

/** The best bid and ask with their quantities, from the core's book. */
function bestOf(ctx: FeatureContext, m: Market) {
  const d = ctx.marketData.depth(m.symbol, 1);
  const side = (level: readonly number[] | undefined) =>
    level
      ? {
          price: price(m, BigInt(level[0]!) * m.tick),
          qty: qty(m, BigInt(level[1]!) * m.lot),
        }
      : { price: price(m, 0n), qty: qty(m, 0n) };
  const bid = side(d.bids[0]);
  const ask = side(d.asks[0]);
  return {
    bidPrice: bid.price,
    bidQty: bid.qty,
    askPrice: ask.price,
    askQty: ask.qty,
  };
}

/** The volume-weighted price of a quote volume over a base volume, at the market's price scale. */
const weighted = (m: Market, quote: bigint, base: bigint, otherwise: bigint) =>
  base > 0n ? (quote * 10n ** BigInt(m.priceScale)) / base : otherwise;

function ticker24(ctx: FeatureContext, m: Market, now: number) {
  const t = ctx.marketData.ticker(m.symbol, now);
  const last = ctx.marketData.recentTrades(m.symbol).at(-1);
  return {
    symbol: symbolOf(m),
    priceChange: price(m, t.close - t.open),
    priceChangePercent: formatUnits(t.open ? ((t.close - t.open) * 100_000n) / t.open : 0n, 3),
    weightedAvgPrice: price(m, weighted(m, t.quoteVolume, t.volume, t.close)),
    prevClosePrice: price(m, t.open),
    lastPrice: price(m, t.close),
    lastQty: qty(m, last?.quantity ?? 0n),
    ...bestOf(ctx, m),
    openPrice: price(m, t.open),
    highPrice: price(m, t.high),
    lowPrice: price(m, t.low),
    volume: asset(t.volume),
    quoteVolume: asset(t.quoteVolume),
    openTime: now - 86_400_000,
    closeTime: now,
  };
}

/**
 * Binance's kline array up to the trade count (index 8): the web's kline (server/spot/views.ts) with the close
 * time put in after the volume, where Binance has it. Our candles do not split taker-buy volume, so the array
 * stops there rather than send numbers we do not have.
 */
function kline(m: Market, interval: KlineInterval, c: Candle) {
  const [openTime, open, high, low, close, volume, quoteVolume, trades] = webKline(m, c);
  return [openTime, open, high, low, close, volume, candleClose(interval, c.openTime), quoteVolume, trades];
}

function klines(ctx: FeatureContext, params: Params) {
  const m = spotMarket(ctx, need(params, 'symbol'));
  need(params, 'interval');
  const interval = enumParam(params, 'interval', KLINE_INTERVALS, [-1120, 'Invalid interval.'])!;
  const limit = intParam(params, 'limit', 1, 1000, 500)!;
  const start = intParam(params, 'startTime', 0, Number.MAX_SAFE_INTEGER);
  const end = intParam(params, 'endTime', 0, Number.MAX_SAFE_INTEGER);
  const all = ctx.marketData.series(m.symbol).candles(interval, 1500);
  const inRange = all.filter(
    (c) => (start === undefined || c.openTime >= start) && (end === undefined || c.openTime <= end),
  );
  const picked = start !== undefined ? inRange.slice(0, limit) : inRange.slice(-limit);
  return picked.map((c) => kline(m, interval, c));
}

/** The market's recent trades (the exchange keeps the last 100 in memory), filtered as aggTrades asks. */
function recent(ctx: FeatureContext, params: Params) {
  const m = spotMarket(ctx, need(params, 'symbol'));
  const limit = intParam(params, 'limit', 1, 1000, 500)!;
  const fromId = intParam(params, 'fromId', 0, Number.MAX_SAFE_INTEGER);
  const start = intParam(params, 'startTime', 0, Number.MAX_SAFE_INTEGER);
  const end = intParam(params, 'endTime', 0, Number.MAX_SAFE_INTEGER);
  const list = ctx.marketData
    .recentTrades(m.symbol)
    .filter(
      (t) =>
        (fromId === undefined || t.id >= fromId) &&
        (start === undefined || t.time >= start) &&
        (end === undefined || t.time <= end),
    );
  const picked = fromId !== undefined || start !== undefined ? list.slice(0, limit) : list.slice(-limit);
  return { m, picked };
}

/** A trade as /trades answers it: isBuyerMaker is true when the taker sold. */
const publicTrade = (m: Market, t: SettledTrade) => ({
  id: t.id,
  price: price(m, t.price),
  qty: qty(m, t.quantity),
  quoteQty: asset(t.quoteQty),
  time: t.time,
  isBuyerMaker: t.takerSide === 'sell',
  isBestMatch: true,
});

/** An aggregate trade: each of our trades is its own aggregate (one maker order, one price). */
const aggTrade = (m: Market, t: SettledTrade) => ({
  a: t.id,
  p: price(m, t.price),
  q: qty(m, t.quantity),
  f: t.id,
  l: t.id,
  T: t.time,
  m: t.takerSide === 'sell',
  M: true,
});

/** The average price over the last five minutes of trades, or the last price when none traded. */
function avgPrice(ctx: FeatureContext, params: Params) {
  const m = spotMarket(ctx, need(params, 'symbol'));
  const now = ctx.clock.now();
  const minutes = ctx.marketData
    .series(m.symbol)
    .candles('1m', 5)
    .filter((c) => c.openTime > now - 300_000);
  const base = minutes.reduce((s, c) => s + c.volume, 0n);
  const quote = minutes.reduce((s, c) => s + c.quoteVolume, 0n);
  const last = ctx.marketData.ticker(m.symbol, now).close;
  return {
    mins: 5,
    price: price(m, weighted(m, quote, base, last)),
    closeTime: minutes.at(-1)?.openTime ?? now,
  };
}

export function marketDoor({ route, ctx }: Door): void {
  route(e.exchangeInfo, async ({ params }) => exchangeInfo(ctx, params));
  route(e.trades, async ({ params }) => {
    const { m, picked } = recent(ctx, { ...params, fromId: '' });
    return picked.map((t) => publicTrade(m, t));
  });
  route(e.historicalTrades, async ({ params }) => {
    const { m, picked } = recent(ctx, params);
    return picked.map((t) => publicTrade(m, t));
  });
  route(e.aggTrades, async ({ params }) => {
    const { m, picked } = recent(ctx, params);
    return picked.map((t) => aggTrade(m, t));
  });
  route(e.klines, async ({ params }) => klines(ctx, params));
  route(e.uiKlines, async ({ params }) => klines(ctx, params));
  route(e.avgPrice, async ({ params }) => avgPrice(ctx, params));
  route(e.ticker24hr, async ({ params }) => {
    const now = ctx.clock.now();
    return oneOrList(
      params,
      marketsNamed(ctx, params).map((m) => ticker24(ctx, m, now)),
    );
  });
  route(e.tickerPrice, async ({ params }) =>
    oneOrList(
      params,
      marketsNamed(ctx, params).map((m) => ({
        symbol: symbolOf(m),
        price: price(m, ctx.marketData.ticker(m.symbol, ctx.clock.now()).close),
      })),
    ),
  );
  route(e.bookTicker, async ({ params }) =>
    oneOrList(
      params,
      marketsNamed(ctx, params).map((m) => ({
        symbol: symbolOf(m),
        ...bestOf(ctx, m),
      })),
    ),
  );
  route(e.rollingTicker, async ({ params }) => {
    if (params.symbol === undefined && params.symbols === undefined)
      throw new BinanceError(400, -1102, "Mandatory parameter 'symbol' was not sent, was empty/null, or malformed.");
    if ((params.windowSize ?? '1d') !== '1d')
      throw new BinanceError(400, -1100, "Illegal characters found in parameter 'windowSize'; legal range is '1d'.");
    const now = ctx.clock.now();
    return oneOrList(
      params,
      marketsNamed(ctx, params).map((m) => ticker24(ctx, m, now)),
    );
  });
}
