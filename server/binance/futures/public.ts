import { KLINE_INTERVALS, type KlineInterval } from '../../../isomorphic/contract/spot.ts';
import { formatUnits } from '../../../isomorphic/money/units.ts';
import { candleClose } from '../../market-data/intervals.ts';
import { percentChange } from '../../spot/views.ts';
import type { Contract } from '../../perpetual/contracts.ts';
import {
  EIGHT_HOURS,
  averagePremium,
  fundingRate,
  nextFundingTime,
  samplesPerInterval,
} from '../../perpetual/funding.ts';
import { perpMarkets } from '../../perpetual/perpetual.feature.ts';
import * as service from '../../perpetual/perp.service.ts';
import { fillValue } from '../../perpetual/position-math.ts';
import { price, qty, rate } from '../../perpetual/views.ts';
import { money } from '../../wallet/amounts.ts';
import { BinanceError } from '../binance-error.ts';
import type { Door } from '../door.ts';
import * as e from './futures.endpoints.ts';
import { exchangeInfo } from './exchange-info.ts';
import { integer, required } from './params.ts';
import { binanceSymbol, bookOf, contractFor, contractsFor } from './symbols.ts';

/** The public market data of the USDⓈ-M door, read from the perpetual book, candles and funding state. */
export function futuresPublic({ route, ctx }: Door): void {
  const { core, clock, db } = ctx;
  const market = () => perpMarkets.get(core)!;
  const one = (p: Record<string, string>) => contractFor(core, required(p, 'symbol'));
  /** One object for a symbol sent, a list for all (Binance's optional-symbol calls). */
  const each = <T>(p: Record<string, string>, view: (c: Contract) => T) =>
    p.symbol === undefined ? contractsFor(core, undefined).map(view) : view(contractFor(core, p.symbol));
  const predicted = (c: Contract) => {
    const b = bookOf(core);
    return fundingRate(c, averagePremium(b.prices(c.symbol).samples, samplesPerInterval(b.intervalMs)), b.intervalMs);
  };

  route(e.ping, async () => ({}));
  route(e.time, async () => ({ serverTime: clock.now() }));
  route(e.exchangeInfo, async () => exchangeInfo(core, clock.now()));

  route(e.depth, async ({ params }) => {
    const c = one(params);
    const limit = integer(params, 'limit', 500, 1, 1000);
    const d = bookOf(core).engine(c.symbol).depth(limit);
    const level = ([p, q]: [number, number]) => [price(c, BigInt(p)), qty(c, BigInt(q))];
    const now = clock.now();
    return {
      lastUpdateId: core.journaled,
      E: now,
      T: now,
      bids: d.bids.map(level),
      asks: d.asks.map(level),
    };
  });

  route(e.trades, async ({ params }) => {
    const c = one(params);
    const limit = integer(params, 'limit', 500, 1, 1000);
    return market()
      .trades(c.symbol)
      .slice(0, limit)
      .reverse()
      .map((t) => ({
        id: t.id,
        price: price(c, t.price),
        qty: qty(c, t.quantity),
        quoteQty: money(fillValue(c, t.quantity, t.price)),
        time: t.createdAt,
        isBuyerMaker: t.takerSide === 'sell',
      }));
  });

  route(e.klines, async ({ params }) => {
    const c = one(params);
    const interval = required(params, 'interval') as KlineInterval;
    if (!KLINE_INTERVALS.includes(interval)) throw new BinanceError(400, -1120, 'Invalid interval.');
    const limit = integer(params, 'limit', 500, 1, 1500);
    const start = params.startTime ? Number(params.startTime) : 0;
    const end = params.endTime ? Number(params.endTime) : Infinity;
    return market()
      .series(c.symbol)
      .candles(interval, 1500)
      .filter((k) => k.openTime >= start && k.openTime <= end)
      .slice(0, limit)
      .map((k) => [
        k.openTime,
        price(c, k.open),
        price(c, k.high),
        price(c, k.low),
        price(c, k.close),
        qty(c, k.volume),
        candleClose(interval, k.openTime),
        money(k.quoteVolume),
        k.trades,
      ]);
  });

  const ticker = (c: Contract) => {
    const now = clock.now();
    const t = market().ticker(c.symbol, now);
    return {
      symbol: binanceSymbol(c),
      priceChange: price(c, t.close - t.open),
      priceChangePercent: percentChange(t.open, t.close),
      lastPrice: price(c, t.close),
      openPrice: price(c, t.open),
      highPrice: price(c, t.high),
      lowPrice: price(c, t.low),
      volume: qty(c, t.volume),
      quoteVolume: money(t.quoteVolume),
      openTime: now - 86_400_000,
      closeTime: now,
    };
  };
  route(e.ticker24hr, async ({ params }) => each(params, ticker));

  const last = (c: Contract) => {
    const st = bookOf(core).prices(c.symbol);
    return {
      symbol: binanceSymbol(c),
      price: price(c, st.last ?? st.mark ?? 0n),
      time: clock.now(),
    };
  };
  route(e.tickerPrice, async ({ params }) => each(params, last));
  route(e.tickerPriceV2, async ({ params }) => each(params, last));

  route(e.bookTicker, async ({ params }) =>
    each(params, (c) => {
      const d = bookOf(core).engine(c.symbol).depth(1);
      const [bid, ask] = [d.bids[0], d.asks[0]];
      return {
        symbol: binanceSymbol(c),
        bidPrice: bid ? price(c, BigInt(bid[0])) : '0',
        bidQty: bid ? qty(c, BigInt(bid[1])) : '0',
        askPrice: ask ? price(c, BigInt(ask[0])) : '0',
        askQty: ask ? qty(c, BigInt(ask[1])) : '0',
        time: clock.now(),
        lastUpdateId: core.journaled,
      };
    }),
  );

  route(e.premiumIndex, async ({ params }) =>
    each(params, (c) => {
      const b = bookOf(core);
      const st = b.prices(c.symbol);
      const now = clock.now();
      return {
        symbol: binanceSymbol(c),
        markPrice: st.mark === undefined ? '0' : price(c, st.mark),
        indexPrice: st.index === undefined ? '0' : price(c, st.index),
        estimatedSettlePrice: st.index === undefined ? '0' : price(c, st.index),
        // Binance's lastFundingRate is the rate the coming funding will apply, as the samples so far give it.
        lastFundingRate: rate(predicted(c)),
        // The interest part alone: the rate a zero premium gives (developers.binance.com, "Funding Rate").
        interestRate: rate(fundingRate(c, 0n, EIGHT_HOURS)),
        nextFundingTime: nextFundingTime(now, b.intervalMs),
        time: now,
      };
    }),
  );

  route(e.fundingRate, async ({ params }) => {
    const list = params.symbol === undefined ? contractsFor(core, undefined) : [contractFor(core, params.symbol)];
    const limit = integer(params, 'limit', 100, 1, 1000);
    const start = params.startTime ? Number(params.startTime) : 0;
    const end = params.endTime ? Number(params.endTime) : Infinity;
    const rows = [];
    for (const c of list)
      for (const h of await service.fundings({ db, core }, c.symbol))
        if (h.time >= start && h.time <= end)
          rows.push({
            symbol: binanceSymbol(c),
            fundingRate: rate(h.rate),
            fundingTime: h.time,
            markPrice: price(c, h.mark),
          });
    return rows.sort((a, b) => a.fundingTime - b.fundingTime).slice(-limit);
  });

  route(e.openInterest, async ({ params }) => {
    const c = one(params);
    let open = 0n;
    for (const p of bookOf(core).positionsBySymbol.get(c.symbol)!) if (p.qty > 0n) open += p.qty;
    return {
      openInterest: formatUnits(open, c.qtyScale),
      symbol: binanceSymbol(c),
      time: clock.now(),
    };
  });
}
