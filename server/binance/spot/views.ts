import { ASSET_SCALE, formatUnits } from '../../../isomorphic/money/units.ts';
import type { Market } from '../../spot/market.ts';
import type { OrderRow, TradeRecord } from '../../spot/orders.repo.ts';
import { symbolOf } from './params.ts';

/**
 * Our orders and fills in Binance's shapes (developers.binance.com, "Spot API", "Query order", "Account trade list").
 */
const price = (m: Market, v: bigint) => formatUnits(v, m.priceScale);
const qty = (m: Market, v: bigint) => formatUnits(v, m.qtyScale);
const asset = (v: bigint) => formatUnits(v, ASSET_SCALE);

/**
 * Binance's order status: a market or IOC order's unfilled rest ends EXPIRED (ioc_expired, fok_killed,
 * market_exhausted), as Binance's does; a cancel or self-trade prevention is CANCELED.
 */
export function statusOf(o: OrderRow): string {
  if (o.status === 'open') return 'NEW';
  if (o.status === 'partial') return 'PARTIALLY_FILLED';
  if (o.status === 'filled') return o.filledQty > 0n ? 'FILLED' : 'EXPIRED';
  if (o.status === 'rejected') return 'REJECTED';
  return o.doneReason === 'cancelled' || o.doneReason === 'stp' ? 'CANCELED' : 'EXPIRED';
}

/** Binance's type and time in force: LIMIT_MAKER is our post-only limit, which Binance sends as GTC. */
function typeOf(o: OrderRow): { type: string; timeInForce: string } {
  if (o.kind === 'market') return { type: 'MARKET', timeInForce: 'GTC' };
  if (o.tif === 'POST_ONLY') return { type: 'LIMIT_MAKER', timeInForce: 'GTC' };
  return { type: 'LIMIT', timeInForce: o.tif };
}

/** The id a caller gave an order, or the one the door gives it: `lumex-<orderId>`. */
export const clientIdOf = (o: Pick<OrderRow, 'id'>, given?: string) => given ?? `lumex-${o.id}`;

/** What every order answer holds (the new-order RESULT answer and the query answer share these). */
function orderCore(m: Market, o: OrderRow, clientOrderId: string) {
  return {
    symbol: symbolOf(m),
    orderId: o.id,
    orderListId: -1,
    clientOrderId,
    price: o.kind === 'limit' ? price(m, o.price) : price(m, 0n),
    origQty: qty(m, o.quantity),
    executedQty: qty(m, o.filledQty),
    cummulativeQuoteQty: asset(o.filledQuote),
    status: statusOf(o),
    ...typeOf(o),
    side: o.side.toUpperCase(),
  };
}

/** An order as GET /api/v3/order, openOrders and allOrders answer it. */
export function binanceOrder(m: Market, o: OrderRow, clientOrderId?: string) {
  return {
    ...orderCore(m, o, clientIdOf(o, clientOrderId)),
    stopPrice: price(m, 0n),
    icebergQty: qty(m, 0n),
    time: o.createdAt,
    updateTime: o.updatedAt,
    isWorking: true,
    workingTime: o.createdAt,
    origQuoteOrderQty: asset(o.quoteBudget),
    selfTradePreventionMode: 'NONE',
  };
}

/** A cancelled order as DELETE /api/v3/order answers it. */
export function cancelledOrder(m: Market, o: OrderRow, clientOrderId?: string) {
  const id = clientIdOf(o, clientOrderId);
  return {
    ...orderCore(m, o, id),
    origClientOrderId: id,
    transactTime: o.updatedAt,
    origQuoteOrderQty: asset(o.quoteBudget),
    selfTradePreventionMode: 'NONE',
  };
}

/** The commission asset of a fill: a buyer pays in the base it receives, a seller in the quote. */
const feeAssetOf = (m: Market, side: 'buy' | 'sell') => (side === 'buy' ? m.base : m.quote);

/** One of the user's fills as GET /api/v3/myTrades answers it. */
export function binanceMyTrade(m: Market, t: TradeRecord, userId: number) {
  const maker = t.makerUserId === userId;
  const side = maker ? (t.takerSide === 'buy' ? 'sell' : 'buy') : t.takerSide;
  return {
    symbol: symbolOf(m),
    id: t.id,
    orderId: maker ? t.makerOrderId : t.takerOrderId,
    orderListId: -1,
    price: price(m, t.price),
    qty: qty(m, t.quantity),
    quoteQty: asset(t.quoteQty),
    commission: asset(maker ? t.makerFee : t.takerFee),
    commissionAsset: feeAssetOf(m, side),
    time: t.createdAt,
    isBuyer: side === 'buy',
    isMaker: maker,
    isBestMatch: true,
  };
}

/** A fill inside a FULL new-order answer. */
export function binanceFill(m: Market, t: TradeRecord, userId: number) {
  const f = binanceMyTrade(m, t, userId);
  return {
    price: f.price,
    qty: f.qty,
    commission: f.commission,
    commissionAsset: f.commissionAsset,
    tradeId: f.id,
  };
}
