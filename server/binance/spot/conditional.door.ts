import type { SubmitOcoBody, SubmitStopBody } from '../../../isomorphic/contract/spot.ts';
import { STOP_TYPES, type StopOrderType } from '../../../isomorphic/contract/spot.ts';
import { ASSET_SCALE, formatUnits } from '../../../isomorphic/money/units.ts';
import type { FeatureContext } from '../../feature.ts';
import type { Market } from '../../spot/market.ts';
import { findOrder, type OrderRow } from '../../spot/orders.repo.ts';
import {
  findConditional,
  listConditionals,
  userConditionals,
  type ConditionalRow,
} from '../../spot/conditional/conditional.repo.ts';
import { ConditionalService } from '../../spot/conditional/conditional.service.ts';
import { BinanceError } from '../binance-error.ts';
import type { Door, DoorCall } from '../door.ts';
import { decimalParam, enumParam, intParam, need, spotMarket, symbolOf, type Params } from './params.ts';
import * as e from './spot.endpoints.ts';
import { binanceOrder, clientIdOf, statusOf } from './views.ts';

/**
 * Binance's conditional orders through the door (developers.binance.com, "New order" with STOP_LOSS, STOP_LOSS_LIMIT,
 * TAKE_PROFIT, TAKE_PROFIT_LIMIT; "New Order list - OCO"; "Query Order list"; "Cancel Order list"; "Query Open
 * Order lists"), over the same conditional service as the site's (server/spot/conditional).
 */
export const isStopType = (type: string | undefined): type is StopOrderType =>
  (STOP_TYPES as readonly string[]).includes(type ?? '');

const price = (m: Market, v: bigint) => formatUnits(v, m.priceScale);
const qty = (m: Market, v: bigint) => formatUnits(v, m.qtyScale);
const LIMIT_TYPES = new Set(['STOP_LOSS_LIMIT', 'TAKE_PROFIT_LIMIT']);

/** A stop order as the door reads it, in Binance's order: side, type, then the fields each type needs. */
export function readStopOrder(ctx: FeatureContext, params: Params): { m: Market; body: SubmitStopBody } {
  const m = spotMarket(ctx, need(params, 'symbol'));
  need(params, 'side');
  const side = enumParam(params, 'side', ['BUY', 'SELL'], [-1117, 'Invalid side.'])!;
  const type = params.type as StopOrderType;
  const limit = LIMIT_TYPES.has(type);
  const tif = enumParam(params, 'timeInForce', ['GTC', 'IOC', 'FOK'], [-1115, 'Invalid timeInForce.']);
  if (limit) need(params, 'timeInForce');
  const quoteOrderQty = decimalParam(params, 'quoteOrderQty');
  if (limit || quoteOrderQty === undefined) need(params, 'quantity');
  if (limit) need(params, 'price');
  // A trailing stop (trailingDelta) is not offered: a stop order needs its stopPrice.
  need(params, 'stopPrice');
  const sideName = side === 'BUY' ? 'buy' : 'sell';
  return {
    m,
    body: {
      symbol: m.symbol,
      side: sideName,
      type,
      stopPrice: decimalParam(params, 'stopPrice'),
      ...(limit ? { price: decimalParam(params, 'price'), timeInForce: tif! } : {}),
      ...(quoteOrderQty !== undefined && sideName === 'buy' && !limit
        ? { quoteAmount: quoteOrderQty }
        : { quantity: decimalParam(params, 'quantity') }),
    },
  };
}

/**
 * Binance's status of a conditional order: NEW while it waits for its trigger (not yet working); once triggered,
 * the status of the order it was placed as; CANCELED or EXPIRED (its OCO's limit leg traded) when it ended unplaced.
 */
function stopStatus(c: ConditionalRow, placed: OrderRow | undefined): string {
  if (c.status === 'cancelled') return 'CANCELED';
  if (c.status === 'expired') return 'EXPIRED';
  return placed ? statusOf(placed) : 'NEW';
}

/** A conditional order as GET /api/v3/order and openOrders answer it. */
export function binanceStop(m: Market, c: ConditionalRow, placed?: OrderRow, clientOrderId?: string) {
  return {
    symbol: symbolOf(m),
    orderId: c.id,
    orderListId: c.listId || -1,
    clientOrderId: clientIdOf(c, clientOrderId),
    price: price(m, c.price),
    origQty: qty(m, c.quantity),
    executedQty: qty(m, placed?.filledQty ?? 0n),
    cummulativeQuoteQty: formatUnits(placed?.filledQuote ?? 0n, ASSET_SCALE),
    status: stopStatus(c, placed),
    timeInForce: LIMIT_TYPES.has(c.type) ? c.tif : 'GTC',
    type: c.type,
    side: c.side.toUpperCase(),
    stopPrice: price(m, c.stopPrice),
    icebergQty: qty(m, 0n),
    time: c.createdAt,
    updateTime: placed?.updatedAt ?? c.updatedAt,
    isWorking: c.status === 'triggered',
    workingTime: placed ? placed.createdAt : -1,
    origQuoteOrderQty: formatUnits(c.quoteBudget, ASSET_SCALE),
    selfTradePreventionMode: 'NONE',
  };
}

/** The answer of a new stop order, by its newOrderRespType (a stop has no fills when placed). */
export function newStopAnswer(m: Market, c: ConditionalRow, respType: string, clientOrderId?: string) {
  const id = clientIdOf(c, clientOrderId);
  if (respType === 'ACK')
    return { symbol: symbolOf(m), orderId: c.id, orderListId: -1, clientOrderId: id, transactTime: c.createdAt };
  const { icebergQty: _i, time: _t, updateTime: _u, isWorking: _w, ...result } = binanceStop(m, c, undefined, id);
  const answer = { ...result, transactTime: c.createdAt };
  return respType === 'RESULT' ? answer : { ...answer, fills: [] };
}

/** A conditional order with the order it was placed as, for the views. */
export async function withPlaced(ctx: FeatureContext, c: ConditionalRow) {
  return { c, placed: c.orderId ? await findOrder(ctx.db, c.orderId) : undefined };
}

/** The caller's conditional order named by `id` on this market, or undefined (then it may be a plain order). */
export async function ownStop(
  ctx: FeatureContext,
  call: DoorCall,
  id: number,
): Promise<{ m: Market; c: ConditionalRow } | undefined> {
  await ctx.core.settled();
  const c = await findConditional(ctx.db, id);
  const m = spotMarket(ctx, need(call.params, 'symbol'));
  if (!c || c.userId !== call.signed!.user.id || c.symbol !== m.symbol) return undefined;
  return { m, c };
}

/** The caller's open conditional orders (waiting for a trigger), of one market or all. */
export async function openStops(ctx: FeatureContext, userId: number, symbol?: string): Promise<ConditionalRow[]> {
  const { rows } = await userConditionals(ctx.db, userId, 'open', { page: 1, size: 1000 }, symbol);
  return rows.filter((c) => c.status === 'pending').reverse();
}

/** An order list (an OCO) in Binance's shape: its two orders, stop leg first (the lower id). */
function listView(m: Market, c: ConditionalRow, listClientOrderId?: string) {
  const executing = c.status === 'pending' || c.status === 'waiting';
  const ids = c.limitOrderId ? [c.id, c.limitOrderId] : [c.id];
  return {
    orderListId: c.listId,
    contingencyType: 'OCO',
    listStatusType: executing ? 'EXEC_STARTED' : 'ALL_DONE',
    listOrderStatus: executing ? 'EXECUTING' : 'ALL_DONE',
    listClientOrderId: listClientOrderId ?? `lumex-list-${c.listId}`,
    transactionTime: c.updatedAt,
    symbol: symbolOf(m),
    orders: ids.map((orderId) => ({ symbol: symbolOf(m), orderId, clientOrderId: `lumex-${orderId}` })),
  };
}

/** An OCO as Binance's new-list and cancel-list calls answer it: the list and each leg's report. */
async function listAnswer(ctx: FeatureContext, m: Market, c: ConditionalRow, listClientOrderId?: string) {
  await ctx.core.settled();
  const { placed } = await withPlaced(ctx, c);
  const leg = c.limitOrderId ? await findOrder(ctx.db, c.limitOrderId) : undefined;
  return {
    ...listView(m, c, listClientOrderId),
    orderReports: [binanceStop(m, c, placed), ...(leg ? [binanceOrder(m, leg)] : [])],
  };
}

/**
 * An OCO as the door reads it: the new call's above/below legs (one LIMIT_MAKER, the other STOP_LOSS or
 * STOP_LOSS_LIMIT: a sell's limit is above, a buy's below), or the older call's price/stopPrice/stopLimitPrice.
 */
function readOco(ctx: FeatureContext, params: Params, legacy: boolean): { m: Market; body: SubmitOcoBody } {
  const m = spotMarket(ctx, need(params, 'symbol'));
  need(params, 'side');
  const side = enumParam(params, 'side', ['BUY', 'SELL'], [-1117, 'Invalid side.'])! === 'BUY' ? 'buy' : 'sell';
  need(params, 'quantity');
  const quantity = decimalParam(params, 'quantity');
  if (legacy) {
    need(params, 'price');
    need(params, 'stopPrice');
    const stopLimitPrice = decimalParam(params, 'stopLimitPrice');
    const tif = enumParam(params, 'stopLimitTimeInForce', ['GTC', 'IOC', 'FOK'], [-1115, 'Invalid timeInForce.']);
    if (stopLimitPrice !== undefined) need(params, 'stopLimitTimeInForce');
    return {
      m,
      body: {
        symbol: m.symbol,
        side,
        quantity,
        price: decimalParam(params, 'price'),
        stopPrice: decimalParam(params, 'stopPrice'),
        ...(stopLimitPrice !== undefined ? { stopLimitPrice, stopLimitTimeInForce: tif! } : {}),
      },
    };
  }
  const legTypes = ['LIMIT_MAKER', 'STOP_LOSS', 'STOP_LOSS_LIMIT'];
  need(params, 'aboveType');
  need(params, 'belowType');
  const above = enumParam(params, 'aboveType', legTypes, [-1116, 'Invalid orderType.'])!;
  const below = enumParam(params, 'belowType', legTypes, [-1116, 'Invalid orderType.'])!;
  const [limitLeg, stopLeg] = side === 'sell' ? ['above', 'below'] : ['below', 'above'];
  if ((side === 'sell' ? above : below) !== 'LIMIT_MAKER' || (side === 'sell' ? below : above) === 'LIMIT_MAKER')
    throw new BinanceError(400, -1166, 'Invalid combination of aboveType and belowType for this side.');
  const stopType = side === 'sell' ? below : above;
  need(params, `${limitLeg}Price`);
  need(params, `${stopLeg}StopPrice`);
  const limitStop = stopType === 'STOP_LOSS_LIMIT';
  if (limitStop) {
    need(params, `${stopLeg}Price`);
    need(params, `${stopLeg}TimeInForce`);
  }
  const tif = enumParam(params, `${stopLeg}TimeInForce`, ['GTC', 'IOC', 'FOK'], [-1115, 'Invalid timeInForce.']);
  return {
    m,
    body: {
      symbol: m.symbol,
      side,
      quantity,
      price: decimalParam(params, `${limitLeg}Price`),
      stopPrice: decimalParam(params, `${stopLeg}StopPrice`),
      ...(limitStop ? { stopLimitPrice: decimalParam(params, `${stopLeg}Price`), stopLimitTimeInForce: tif! } : {}),
    },
  };
}

/** The caller's order list named by orderListId, or -2011 (a cancel) / -2013 (a query). */
async function ownList(ctx: FeatureContext, call: DoorCall, code: number) {
  const m = spotMarket(ctx, need(call.params, 'symbol'));
  need(call.params, 'orderListId');
  const listId = intParam(call.params, 'orderListId', 1, Number.MAX_SAFE_INTEGER)!;
  await ctx.core.settled();
  const [c] = await listConditionals(ctx.db, listId);
  if (!c || c.userId !== call.signed!.user.id || c.symbol !== m.symbol)
    throw new BinanceError(400, code, code === -2011 ? 'Unknown order sent.' : 'Order list does not exist.');
  return { m, c };
}

export function conditionalDoor({ route, ctx }: Door): void {
  const stops = new ConditionalService(ctx.db, ctx.core, ctx.spot);

  for (const [endpoint, legacy] of [
    [e.newOco, false],
    [e.newOcoLegacy, true],
  ] as const) {
    route(endpoint, async ({ params, signed }) => {
      const { m, body } = readOco(ctx, params, legacy);
      const { stop } = await stops.placeOco(signed!.user.id, body);
      return listAnswer(ctx, m, stop, params.listClientOrderId || undefined);
    });
  }

  route(e.queryOrderList, async (call) => {
    const { m, c } = await ownList(ctx, call, -2013);
    return listView(m, c);
  });

  route(e.cancelOrderList, async (call) => {
    const { m, c } = await ownList(ctx, call, -2011);
    const done = await stops.cancelList(call.signed!.user.id, c.listId);
    return listAnswer(ctx, m, done);
  });

  route(e.openOrderList, async ({ signed }) => {
    const open = await openStops(ctx, signed!.user.id);
    return open.filter((c) => c.listId > 0).map((c) => listView(ctx.markets.market(c.symbol), c));
  });
}
