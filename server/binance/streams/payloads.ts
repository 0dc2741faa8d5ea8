import type { PublicTrade } from '../../../isomorphic/contract/spot.ts';
import { ASSET_SCALE, formatUnits } from '../../../isomorphic/money/units.ts';
import type { Candle } from '../../market-data/candles.ts';
import { candleClose } from '../../market-data/intervals.ts';
import type { Ticker } from '../../market-data/ticker.ts';
import type { KlineInterval } from '../../../isomorphic/contract/spot.ts';
import type { Market } from '../../spot/market.ts';

/** A level of the engine's book (price in ticks, quantity in lots) as Binance writes it: two decimal strings. */
export function level(m: Market, ticks: number, lots: number): [string, string] {
  return [formatUnits(BigInt(ticks) * m.tick, m.priceScale), formatUnits(BigInt(lots) * m.lot, m.qtyScale)];
}

/** A trade event (developers.binance.com, "Trade Streams"); `m` is true when the buyer was the maker. */
export function tradeEvent(m: Market, t: PublicTrade, now: number) {
  return {
    e: 'trade',
    E: now,
    s: m.symbol.toUpperCase(),
    t: t.id,
    p: t.price,
    q: t.quantity,
    T: t.time,
    m: t.side === 'sell',
    M: true,
  };
}

/**
 * An aggregate trade event (developers.binance.com, "Aggregate Trade Streams"): each of our trades is one taker
 * order's fill against one maker order, so each aggregates itself alone and its id is the trade's.
 */
export function aggTradeEvent(m: Market, t: PublicTrade, now: number) {
  return {
    e: 'aggTrade',
    E: now,
    s: m.symbol.toUpperCase(),
    a: t.id,
    p: t.price,
    q: t.quantity,
    f: t.id,
    l: t.id,
    T: t.time,
    m: t.side === 'sell',
    M: true,
  };
}

/**
 * A kline event (developers.binance.com, "Kline/Candlestick Streams"). The candles keep no first and last trade
 * ids nor taker-buy volumes, so `f`, `L`, `V` and `Q` are not written; `x` says whether the candle has closed.
 */
export function klineEvent(m: Market, interval: KlineInterval, c: Candle, now: number) {
  const closeTime = candleClose(interval, c.openTime);
  const price = (v: bigint) => formatUnits(v, m.priceScale);
  return {
    e: 'kline',
    E: now,
    s: m.symbol.toUpperCase(),
    k: {
      t: c.openTime,
      T: closeTime,
      s: m.symbol.toUpperCase(),
      i: interval,
      o: price(c.open),
      c: price(c.close),
      h: price(c.high),
      l: price(c.low),
      v: formatUnits(c.volume, ASSET_SCALE),
      n: c.trades,
      x: now > closeTime,
      q: formatUnits(c.quoteVolume, ASSET_SCALE),
    },
  };
}

/** A 24-hour mini ticker (developers.binance.com, "Individual Symbol Mini Ticker Stream"). */
export function miniTickerEvent(m: Market, t: Ticker, now: number) {
  const price = (v: bigint) => formatUnits(v, m.priceScale);
  return {
    e: '24hrMiniTicker',
    E: now,
    s: m.symbol.toUpperCase(),
    c: price(t.close),
    o: price(t.open),
    h: price(t.high),
    l: price(t.low),
    v: formatUnits(t.volume, ASSET_SCALE),
    q: formatUnits(t.quoteVolume, ASSET_SCALE),
  };
}

/**
 * A 24-hour ticker (developers.binance.com, "Individual Symbol Ticker Streams"): the mini ticker's fields, the
 * change, and the best bid and ask of the numbered book. The rolling window's trade ids and counts are not kept.
 */
export function tickerEvent(
  m: Market,
  t: Ticker,
  best: { b: [string, string] | undefined; a: [string, string] | undefined },
  now: number,
) {
  const price = (v: bigint) => formatUnits(v, m.priceScale);
  const change = t.close - t.open;
  // Percent with two decimals, toward zero, from integers: change × 10000 / open, then two places.
  const pct = t.open > 0n ? formatUnits((change * 10_000n) / t.open, 2) : '0.00';
  const volume = formatUnits(t.volume, ASSET_SCALE);
  const quote = formatUnits(t.quoteVolume, ASSET_SCALE);
  return {
    ...miniTickerEvent(m, t, now),
    e: '24hrTicker',
    p: price(change),
    P: pct,
    w:
      t.volume > 0n
        ? formatUnits((t.quoteVolume * 10n ** BigInt(m.priceScale)) / t.volume, m.priceScale)
        : price(t.close),
    b: best.b?.[0] ?? '0',
    B: best.b?.[1] ?? '0',
    a: best.a?.[0] ?? '0',
    A: best.a?.[1] ?? '0',
    v: volume,
    q: quote,
    O: now - 86_400_000,
    C: now,
  };
}
