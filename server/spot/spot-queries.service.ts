import type { z } from 'zod';
import type { Page } from '../../isomorphic/contract/page.ts';
import type {
  orderListQuery,
  OrderFills,
  OrderSymbol,
  PriceComparison,
  PublicTrade,
  SpotOrder,
  UserFill,
} from '../../isomorphic/contract/spot.ts';
import { fail } from '../outcome.ts';
import type { PriceIndex } from '../prices/price-index.ts';
import type { Queryable } from '../storage/db.ts';
import type { MarketData } from '../market-data/market-data.ts';
import type { Market } from './market.ts';
import { findOrder, orderSymbolsOf, userFills, userOrders } from './orders.repo.ts';
import type { SpotMarkets } from './markets.ts';
import { unwatch, watch, watchedSymbols } from './watchlist.repo.ts';
import { priceComparison, publicTrade, spotOrder, userFill } from './views.ts';

/**
 * The coin family's read calls on spot (docs/requirements.md §7): a market's latest trades, one order's fills, the last
 * price against the index, and the pairs a user has orders in. Orders and fills are the caller's own: another user's
 * order is "not found", never "forbidden", so ids reveal nothing.
 */

/** The latest trades of a market, newest first, at most `limit` (the exchange keeps the last 100 per market). */
export function marketTransactions(marketData: MarketData, m: Market, limit: number): PublicTrade[] {
  return marketData
    .recentTrades(m.symbol)
    .slice(-limit)
    .reverse()
    .map((t) => publicTrade(m, t));
}

/** The market whose base and quote are these coins (`BTC`, `USDT`), in any case; unknownMarket otherwise. */
export function marketOfPair(marketData: MarketData, coin: string, currency: string): Market {
  const m = marketData.markets.market(`${coin}${currency}`);
  if (m.base !== coin.toUpperCase() || m.quote !== currency.toUpperCase()) fail('unknownMarket');
  return m;
}

/** One of the user's orders with a page of its fills, oldest first. */
export async function orderDetails(
  q: Queryable,
  marketData: MarketData,
  userId: number,
  orderId: number,
  page: number,
  size: number,
): Promise<OrderFills> {
  const order = await findOrder(q, orderId);
  if (!order || order.userId !== userId) fail('orderNotFound');
  const m = marketData.markets.market(order.symbol);
  const { total, rows } = await userFills(q, userId, { orderId, newestFirst: false, page, size });
  return { order: spotOrder(m, order), total, page, size, records: rows.map((t) => userFill(m, t, userId)) };
}

/**
 * Every active spot market (or those listed that exist): last trade against the index and the price band, and the mark.
 */
export function priceComparisons(
  marketData: MarketData,
  prices: PriceIndex,
  symbols: readonly string[],
): PriceComparison[] {
  const wanted = new Set(symbols);
  return [...marketData.markets.values()]
    .filter((m) => m.market === 'spot' && m.status === 'active' && (!wanted.size || wanted.has(m.symbol)))
    .map((m) =>
      priceComparison(
        m,
        marketData.ticker(m.symbol).close,
        prices.get(m.symbol),
        prices.fresh(m.symbol) !== undefined,
        prices.mark(m.symbol)?.price,
      ),
    );
}

/** The pairs the user has orders on, the most recently used first. */
export async function orderSymbols(q: Queryable, marketData: MarketData, userId: number): Promise<OrderSymbol[]> {
  return (await orderSymbolsOf(q, userId)).map((r) => {
    const m = marketData.markets.market(r.symbol);
    return {
      symbol: m.symbol,
      symbol_name: `${m.base}/${m.quote}`,
      baseCoin: m.base,
      quoteCoin: m.quote,
      orders: r.orders,
      openOrders: r.openOrders,
      lastOrderTime: r.lastOrderTime,
    };
  });
}

/** A page of the user's orders, open or history, of one market or all. */
export async function orders(
  q: Queryable,
  markets: SpotMarkets,
  userId: number,
  query: z.output<typeof orderListQuery>,
): Promise<Page<SpotOrder>> {
  const { total, rows } = await userOrders(q, userId, query.state, query, query.symbol);
  return {
    total,
    page: query.page,
    size: query.size,
    records: rows.map((o) => spotOrder(markets.market(o.symbol), o)),
  };
}

/** A page of the user's fills, newest first, of one market or all. */
export async function fills(
  q: Queryable,
  markets: SpotMarkets,
  userId: number,
  query: { symbol?: string | undefined; page: number; size: number },
): Promise<Page<UserFill>> {
  const { symbol, page, size } = query;
  const { total, rows } = await userFills(q, userId, { symbol, newestFirst: true, page, size });
  return { total, page, size, records: rows.map((t) => userFill(markets.market(t.symbol), t, userId)) };
}

/** The markets on the user's watchlist. */
export async function watchlist(q: Queryable, userId: number): Promise<string[]> {
  return [...(await watchedSymbols(q, userId))];
}

/** Adds a market to the user's watchlist, or takes it off; an unknown market is refused either way. */
export async function setWatched(
  q: Queryable,
  markets: SpotMarkets,
  userId: number,
  symbol: string,
  watched: boolean,
): Promise<void> {
  const m = markets.market(symbol);
  await (watched ? watch(q, userId, m.symbol) : unwatch(q, userId, m.symbol));
}
