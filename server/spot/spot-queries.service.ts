import type { OrderFills, OrderSymbol, PriceComparison, PublicTrade } from '../../isomorphic/contract/spot.ts';
import { fail } from '../outcome.ts';
import type { PriceIndex } from '../prices/price-index.ts';
import type { Queryable } from '../storage/db.ts';
import type { MarketData } from '../market-data/market-data.ts';
import type { Market } from './market.ts';
import { findOrder, orderSymbolsOf, userFills } from './orders.repo.ts';
import { priceComparison, publicTrade, spotOrder, userFill } from './views.ts';

/**
 * The coin family's read calls on spot (spec §7): a market's latest trades, one order's fills, the last price
 * against the index, and the pairs a user has orders in. Orders and fills are the caller's own: another user's
 * order is "not found", never "forbidden", so ids reveal nothing.
 */

/** The latest trades of a market, newest first, at most `limit` (the exchange keeps the last 100 per market). */
export function marketTransactions(marketData: MarketData, m: Market, limit: number): PublicTrade[] {
  return marketData.recentTrades(m.symbol).slice(-limit).reverse().map((t) => publicTrade(m, t));
}

/** The market whose base and quote are these coins (`BTC`, `USDT`), in any case; unknownMarket otherwise. */
export function marketOfPair(marketData: MarketData, coin: string, currency: string): Market {
  const m = marketData.markets.market(`${coin}${currency}`);
  if (m.base !== coin.toUpperCase() || m.quote !== currency.toUpperCase()) fail('unknownMarket');
  return m;
}

/** One of the user's orders with a page of its fills, oldest first. */
export async function orderDetails(q: Queryable, marketData: MarketData, userId: number, orderId: number, page: number, size: number): Promise<OrderFills> {
  const order = await findOrder(q, orderId);
  if (!order || order.userId !== userId) fail('orderNotFound');
  const m = marketData.markets.market(order.symbol);
  const { total, rows } = await userFills(q, userId, { orderId, newestFirst: false, page, size });
  return { order: spotOrder(m, order), total, page, size, records: rows.map((t) => userFill(m, t, userId)) };
}

/** Every active spot market (or those listed that exist): last trade against the index and the price band, and the mark. */
export function priceComparisons(marketData: MarketData, prices: PriceIndex, symbols: readonly string[]): PriceComparison[] {
  const wanted = new Set(symbols);
  return [...marketData.markets.values()]
    .filter((m) => m.market === 'spot' && m.status === 'active' && (!wanted.size || wanted.has(m.symbol)))
    .map((m) => priceComparison(m, marketData.ticker(m.symbol).close, prices.get(m.symbol), prices.fresh(m.symbol) !== undefined, prices.mark(m.symbol)?.price));
}

/** The pairs the user has orders on, the most recently used first. */
export async function orderSymbols(q: Queryable, marketData: MarketData, userId: number): Promise<OrderSymbol[]> {
  return (await orderSymbolsOf(q, userId)).map((r) => {
    const m = marketData.markets.market(r.symbol);
    return { symbol: m.symbol, symbol_name: `${m.base}/${m.quote}`, baseCoin: m.base, quoteCoin: m.quote, orders: r.orders, openOrders: r.openOrders, lastOrderTime: r.lastOrderTime };
  });
}
