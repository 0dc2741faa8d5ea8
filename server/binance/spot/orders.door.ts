import type { SubmitOrderBody } from '../../../isomorphic/contract/spot.ts';
import { ASSET_SCALE, parseUnits } from '../../../isomorphic/money/units.ts';
import type { FeatureContext } from '../../feature.ts';
import type { Market } from '../../spot/market.ts';
import { checkOrder } from '../../spot/order-checks.ts';
import { findOrder, userFills, userOrders, type OrderRow } from '../../spot/orders.repo.ts';
import { BinanceError, toBinance } from '../binance-error.ts';
import type { Door, DoorCall } from '../door.ts';
import { clientIdsOf, orderOfClientId, saveClientId } from '../client-orders.repo.ts';
import { ordersFrom } from './door-orders.repo.ts';
import { MAX_UNITS } from './exchange-info.ts';
import { ORDERS_PER_10S, ORDERS_PER_DAY, OrderCounter } from './order-count.ts';
import { decimalParam, enumParam, intParam, need, spotMarket, type Params } from './params.ts';
import * as e from './spot.endpoints.ts';
import { binanceFill, binanceOrder, cancelledOrder, clientIdOf } from './views.ts';
import { ConditionalService } from '../../spot/conditional/conditional.service.ts';
import { conditionalsFrom, findConditional } from '../../spot/conditional/conditional.repo.ts';
import {
  binanceStop,
  isStopType,
  newStopAnswer,
  openStops,
  ownStop,
  readStopOrder,
  withPlaced,
} from './conditional.door.ts';

/** Binance's trade calls (developers.binance.com, "Trading endpoints") through spot.place and spot.cancel. */
const CLIENT_ID = /^[.A-Z:/a-z0-9_-]{1,36}$/;
const NO_ORDER = 'Order does not exist.';

interface NewOrder {
  m: Market;
  body: SubmitOrderBody;
  clientOrderId: string | undefined;
  respType: 'ACK' | 'RESULT' | 'FULL';
}

/** Refuses an amount above its filter's maximum, as exchangeInfo lists it; its precision is the service's check. */
function overMax(value: string | undefined, scale: number, filter: string): void {
  const parsed = value === undefined ? undefined : parseUnits(value, scale, MAX_UNITS);
  if (parsed && !parsed.ok && parsed.problem === 'range')
    throw new BinanceError(400, -1013, `Filter failure: ${filter}`);
}

/** How a new order asks to be answered (ACK, RESULT, FULL) and the id its program gives it. */
function readAnswerParams(params: Params): Pick<NewOrder, 'clientOrderId' | 'respType'> {
  const respType =
    enumParam(
      params,
      'newOrderRespType',
      ['ACK', 'RESULT', 'FULL'],
      [-1100, "Illegal characters found in parameter 'newOrderRespType'."],
    ) ?? 'FULL';
  const clientOrderId = params.newClientOrderId || undefined;
  if (clientOrderId !== undefined && !CLIENT_ID.test(clientOrderId))
    throw new BinanceError(
      400,
      -1100,
      "Illegal characters found in parameter 'newClientOrderId'; legal range is '^[\\.A-Z\\:/a-z0-9_-]{1,36}$'.",
    );
  return { clientOrderId, respType };
}

/** Reads a new order's parameters as Binance does, in its order: enums first, then each type's fields. */
function readNewOrder(ctx: FeatureContext, params: Params): NewOrder {
  const m = spotMarket(ctx, need(params, 'symbol'));
  need(params, 'side');
  const side = enumParam(params, 'side', ['BUY', 'SELL'], [-1117, 'Invalid side.'])!;
  need(params, 'type');
  const type = enumParam(params, 'type', ['LIMIT', 'LIMIT_MAKER', 'MARKET'], [-1116, 'Invalid orderType.'])!;
  const tif = enumParam(params, 'timeInForce', ['GTC', 'IOC', 'FOK'], [-1115, 'Invalid timeInForce.']);
  const { clientOrderId, respType } = readAnswerParams(params);
  const quantity = decimalParam(params, 'quantity');
  const price = decimalParam(params, 'price');
  const quoteOrderQty = decimalParam(params, 'quoteOrderQty');
  // Above a filter's maximum (exchangeInfo's maxPrice, maxQty, maxNotional) is Binance's filter failure.
  overMax(price, m.priceScale, 'PRICE_FILTER');
  overMax(quantity, m.qtyScale, 'LOT_SIZE');
  overMax(quoteOrderQty, ASSET_SCALE, 'NOTIONAL');
  const sideName = side === 'BUY' ? 'buy' : 'sell';
  let body: SubmitOrderBody;
  if (type === 'MARKET') {
    if (quantity === undefined && quoteOrderQty === undefined)
      throw new BinanceError(400, -1102, "Param 'quantity' or 'quoteOrderQty' must be sent, but both were empty/null!");
    if (quantity !== undefined && quoteOrderQty !== undefined)
      throw new BinanceError(400, -1106, "Parameter 'quoteOrderQty' sent when not required.");
    // The book fills a market sell by quantity only (a sell for a quote amount is not offered); a buy takes either.
    if (sideName === 'sell' && quantity === undefined)
      throw new BinanceError(400, -1013, 'Market sell orders are placed by quantity on this exchange.');
    body =
      quoteOrderQty !== undefined
        ? { symbol: m.symbol, side: 'buy', type: 'market', quoteAmount: quoteOrderQty }
        : { symbol: m.symbol, side: sideName, type: 'market', quantity };
  } else {
    if (type === 'LIMIT') need(params, 'timeInForce');
    need(params, 'quantity');
    need(params, 'price');
    body = {
      symbol: m.symbol,
      side: sideName,
      type: 'limit',
      price,
      quantity,
      timeInForce: type === 'LIMIT_MAKER' ? 'POST_ONLY' : tif!,
    };
  }
  return { m, body, clientOrderId, respType };
}

const NAMES = { orderId: 'orderId', clientId: 'origClientOrderId' };

/** The id of the order a call names by orderId or origClientOrderId (0 when the client id names none). */
async function namedId(ctx: FeatureContext, call: DoorCall, names = NAMES): Promise<number> {
  const { params } = call;
  const userId = call.signed!.user.id;
  // An empty parameter is one not sent, as Binance reads it.
  const given = params[names.clientId] || undefined;
  const byId = params[names.orderId] || undefined;
  if (byId === undefined && given === undefined)
    throw new BinanceError(
      400,
      -1102,
      `Param '${names.clientId}' or '${names.orderId}' must be sent, but both were empty/null!`,
    );
  return byId !== undefined
    ? intParam(params, names.orderId, 1, Number.MAX_SAFE_INTEGER)!
    : ((await orderOfClientId(ctx.db, userId, given!)) ?? Number(/^lumex-([0-9]{1,15})$/.exec(given!)?.[1] ?? 0));
}

/** The caller's order on this market named by orderId or origClientOrderId, or -2013 (-2011 on a cancel). */
async function ownOrder(
  ctx: FeatureContext,
  call: DoorCall,
  code: number,
  msg: string,
  names = NAMES,
): Promise<{ m: Market; order: OrderRow; clientOrderId?: string }> {
  const m = spotMarket(ctx, need(call.params, 'symbol'));
  const userId = call.signed!.user.id;
  const id = await namedId(ctx, call, names);
  const order = id ? await findOrder(ctx.db, id) : undefined;
  if (!order || order.userId !== userId || order.symbol !== m.symbol || order.account !== 'spot')
    throw new BinanceError(400, code, msg);
  const clientOrderId = (await clientIdsOf(ctx.db, [order.id])).get(order.id);
  return { m, order, ...(clientOrderId ? { clientOrderId } : {}) };
}

export function ordersDoor({ route, ctx }: Door): void {
  const counter = new OrderCounter();
  const stops = new ConditionalService(ctx.db, ctx.core, ctx.spot);
  ctx.jobs.local('binance.orderCount', 60_000, async () => counter.prune(ctx.clock.now()));

  /** The caller's conditional order a query or cancel names, with its client id; undefined for a plain order. */
  const stopNamed = async (call: DoorCall) => {
    const id = await namedId(ctx, call);
    const found = id ? await ownStop(ctx, call, id) : undefined;
    return found && { ...found, clientOrderId: (await clientIdsOf(ctx.db, [id])).get(id) };
  };

  /** Counts a placed order in the caller's ORDERS limits and says the counts in Binance's headers. */
  const count = (userId: number, reply: DoorCall['reply']) => {
    const counts = counter.add(userId, ctx.clock.now());
    reply.header('X-MBX-ORDER-COUNT-10S', String(counts.tenSeconds));
    reply.header('X-MBX-ORDER-COUNT-1D', String(counts.day));
  };

  /** Binance refuses a client id that names an order still open (developers.binance.com, "New order"). */
  const refuseOpenClientId = async (userId: number, clientOrderId: string) => {
    await ctx.core.settled();
    const named = await orderOfClientId(ctx.db, userId, clientOrderId);
    const prior = named ? await findOrder(ctx.db, named) : undefined;
    const stop = named && !prior ? await findConditional(ctx.db, named) : undefined;
    if (
      (prior && (prior.status === 'open' || prior.status === 'partial')) ||
      (stop && (stop.status === 'pending' || stop.status === 'waiting'))
    )
      throw new BinanceError(400, -2010, 'Duplicate order sent.');
  };

  /** A STOP_LOSS, STOP_LOSS_LIMIT, TAKE_PROFIT or TAKE_PROFIT_LIMIT: NEW (not working) until its trigger. */
  const placeStopNew = async (userId: number, params: Params, reply: DoorCall['reply']) => {
    const { m, body } = readStopOrder(ctx, params);
    const { clientOrderId, respType } = readAnswerParams(params);
    counter.check(userId, ctx.clock.now());
    if (clientOrderId !== undefined) await refuseOpenClientId(userId, clientOrderId);
    const c = await stops.placeStop(userId, body);
    if (clientOrderId !== undefined) await saveClientId(ctx.db, userId, clientOrderId, c.id);
    count(userId, reply);
    return newStopAnswer(m, c, respType, clientOrderId);
  };

  route(e.testOrder, async ({ params, signed }) => {
    // A stop's trigger is checked against the last price by the core; the test call checks its parameters.
    if (isStopType(params.type)) {
      readStopOrder(ctx, params);
      return {};
    }
    const { m, body } = readNewOrder(ctx, params);
    checkOrder(m, signed!.user.id, body, ctx.spot.reference(m.symbol));
    return {};
  });

  /** Places a read new order as its owner: the ORDERS counts, the client id, and the answer its respType asks. */
  const placeNew = async (userId: number, { m, body, clientOrderId, respType }: NewOrder, reply: DoorCall['reply']) => {
    counter.check(userId, ctx.clock.now());
    if (clientOrderId !== undefined) await refuseOpenClientId(userId, clientOrderId);
    const o = await ctx.spot.place(userId, body);
    // Binance refuses a LIMIT_MAKER that would take instead of accepting it (developers.binance.com, "LIMIT_MAKER").
    if (o.doneReason === 'post_only_rejected')
      throw new BinanceError(400, -2010, 'Order would immediately match and take.');
    if (clientOrderId !== undefined) await saveClientId(ctx.db, userId, clientOrderId, o.id);
    count(userId, reply);
    const id = clientIdOf(o, clientOrderId);
    if (respType === 'ACK')
      return {
        symbol: m.symbol.toUpperCase(),
        orderId: o.id,
        orderListId: -1,
        clientOrderId: id,
        transactTime: o.createdAt,
      };
    const {
      stopPrice: _s,
      icebergQty: _i,
      time: _t,
      updateTime: _u,
      isWorking: _w,
      ...result
    } = binanceOrder(m, o, clientOrderId);
    const answer = { ...result, transactTime: o.createdAt };
    if (respType === 'RESULT') return answer;
    await ctx.core.settled();
    const { rows } = await userFills(ctx.db, userId, {
      orderId: o.id,
      newestFirst: false,
      page: 1,
      size: 1000,
    });
    return { ...answer, fills: rows.map((t) => binanceFill(m, t, userId)) };
  };

  route(e.newOrder, async ({ params, signed, reply }) =>
    isStopType(params.type)
      ? placeStopNew(signed!.user.id, params, reply)
      : placeNew(signed!.user.id, readNewOrder(ctx, params), reply),
  );

  /**
   * Cancels an order and places another in one call (developers.binance.com, "Cancel an Existing Order and Send a
   * New Order"): STOP_ON_FAILURE places nothing when the cancel fails, ALLOW_FAILURE places anyway. Both failing is
   * 400/-2022; one of the two failing is 409/-2021; each part's answer or error is under `data`.
   */
  route(e.cancelReplace, async (call) => {
    const { params, reply } = call;
    const userId = call.signed!.user.id;
    const mode = enumParam(
      params,
      'cancelReplaceMode',
      ['STOP_ON_FAILURE', 'ALLOW_FAILURE'],
      [-1100, "Illegal characters found in parameter 'cancelReplaceMode'."],
    );
    if (mode === undefined) need(params, 'cancelReplaceMode');
    const order = readNewOrder(ctx, params);
    const failure = (err: unknown, action: 'cancel' | 'newOrder') => {
      const b = toBinance(err, action);
      if (b.status >= 500) throw err;
      return { code: b.code, msg: b.message };
    };
    let cancelResponse: unknown;
    let cancelled = true;
    try {
      const {
        m,
        order: o,
        clientOrderId,
      } = await ownOrder(ctx, call, -2011, 'Unknown order sent.', {
        orderId: 'cancelOrderId',
        clientId: 'cancelOrigClientOrderId',
      });
      cancelResponse = cancelledOrder(m, await ctx.spot.cancel(userId, o.id), clientOrderId);
    } catch (err) {
      cancelResponse = failure(err, 'cancel');
      cancelled = false;
    }
    let newOrderResponse: unknown = null;
    let placed: boolean | undefined;
    if (cancelled || mode === 'ALLOW_FAILURE') {
      try {
        newOrderResponse = await placeNew(userId, order, reply);
        placed = true;
      } catch (err) {
        newOrderResponse = failure(err, 'newOrder');
        placed = false;
      }
    }
    const data = {
      cancelResult: cancelled ? 'SUCCESS' : 'FAILURE',
      newOrderResult: placed === undefined ? 'NOT_ATTEMPTED' : placed ? 'SUCCESS' : 'FAILURE',
      cancelResponse,
      newOrderResponse,
    };
    if (cancelled && placed) return data;
    if (!cancelled && !placed) {
      reply.status(400);
      return { code: -2022, msg: 'Order cancel-replace failed.', data };
    }
    reply.status(409);
    return { code: -2021, msg: 'Order cancel-replace partially failed.', data };
  });

  route(e.queryOrder, async (call) => {
    const stop = await stopNamed(call);
    if (stop) return binanceStop(stop.m, stop.c, (await withPlaced(ctx, stop.c)).placed, stop.clientOrderId);
    const { m, order, clientOrderId } = await ownOrder(ctx, call, -2013, NO_ORDER);
    return binanceOrder(m, order, clientOrderId);
  });

  route(e.cancelOrder, async (call) => {
    const stop = await stopNamed(call);
    if (stop) {
      const done = await stops.cancel(call.signed!.user.id, stop.c.id);
      return stopCancelled(stop.m, done, stop.clientOrderId);
    }
    const { m, order, clientOrderId } = await ownOrder(ctx, call, -2011, 'Unknown order sent.');
    const done = await ctx.spot.cancel(call.signed!.user.id, order.id);
    return cancelledOrder(m, done, clientOrderId);
  });

  route(e.openOrders, async ({ params, signed }) => {
    const m = params.symbol === undefined ? undefined : spotMarket(ctx, params.symbol);
    const { rows } = await userOrders(ctx.db, signed!.user.id, 'open', { page: 1, size: 1000 }, m?.symbol);
    const waiting = await openStops(ctx, signed!.user.id, m?.symbol);
    const ids = await clientIdsOf(ctx.db, [...rows.map((o) => o.id), ...waiting.map((c) => c.id)]);
    // Stop orders waiting for their trigger are open orders too (NEW, not yet working), in id order with the rest.
    return [
      ...rows.map((o) => binanceOrder(ctx.markets.market(o.symbol), o, ids.get(o.id))),
      ...waiting.map((c) => binanceStop(ctx.markets.market(c.symbol), c, undefined, ids.get(c.id))),
    ].sort((a, b) => a.orderId - b.orderId);
  });

  route(e.cancelOpenOrders, async ({ params, signed }) => {
    const userId = signed!.user.id;
    const m = spotMarket(ctx, need(params, 'symbol'));
    const { rows } = await userOrders(ctx.db, userId, 'open', { page: 1, size: 1000 }, m.symbol);
    const waiting = await openStops(ctx, userId, m.symbol);
    if (!rows.length && !waiting.length) throw new BinanceError(400, -2011, 'Unknown order sent.');
    // The stops first: an OCO's stop leg takes its limit leg with it.
    if (waiting.length) await stops.cancelAll(userId, m.symbol);
    await ctx.spot.cancelAll(userId, m.symbol);
    await ctx.core.settled();
    const done = await Promise.all(rows.map((o) => findOrder(ctx.db, o.id)));
    const ended = await Promise.all(waiting.map((c) => findConditional(ctx.db, c.id)));
    const ids = await clientIdsOf(ctx.db, [...rows.map((o) => o.id), ...waiting.map((c) => c.id)]);
    return [
      ...done.map((o) => cancelledOrder(m, o!, ids.get(o!.id))),
      ...ended.map((c) => stopCancelled(m, c!, ids.get(c!.id))),
    ];
  });

  route(e.rateLimitOrder, async ({ signed }) => {
    const counts = counter.counts(signed!.user.id, ctx.clock.now());
    return [
      {
        rateLimitType: 'ORDERS',
        interval: 'SECOND',
        intervalNum: 10,
        limit: ORDERS_PER_10S,
        count: counts.tenSeconds,
      },
      {
        rateLimitType: 'ORDERS',
        interval: 'DAY',
        intervalNum: 1,
        limit: ORDERS_PER_DAY,
        count: counts.day,
      },
    ];
  });

  route(e.allOrders, async ({ params, signed }) => {
    const m = spotMarket(ctx, need(params, 'symbol'));
    const range = {
      fromId: intParam(params, 'orderId', 0, Number.MAX_SAFE_INTEGER),
      startTime: intParam(params, 'startTime', 0, Number.MAX_SAFE_INTEGER),
      endTime: intParam(params, 'endTime', 0, Number.MAX_SAFE_INTEGER),
      limit: intParam(params, 'limit', 1, 1000, 500)!,
    };
    await ctx.core.settled();
    const rows = await ordersFrom(ctx.db, signed!.user.id, m.symbol, range);
    // Stop orders are orders too, as Binance lists them (they share the orders' numbers): both read the same range,
    // then the limit is taken again from the merged list, from its start with orderId, else its newest.
    const stopRows = await conditionalsFrom(ctx.db, signed!.user.id, m.symbol, range);
    const ids = await clientIdsOf(ctx.db, [...rows.map((o) => o.id), ...stopRows.map((c) => c.id)]);
    const stops = await Promise.all(stopRows.map((c) => withPlaced(ctx, c)));
    const merged = [
      ...rows.map((o) => binanceOrder(m, o, ids.get(o.id))),
      ...stops.map(({ c, placed }) => binanceStop(m, c, placed, ids.get(c.id))),
    ].sort((a, b) => a.orderId - b.orderId);
    return range.fromId === undefined ? merged.slice(-range.limit) : merged.slice(0, range.limit);
  });
}

/** A cancelled conditional order as DELETE /api/v3/order answers it. */
function stopCancelled(m: Market, c: Parameters<typeof binanceStop>[1], clientOrderId?: string) {
  const {
    icebergQty: _i,
    time: _t,
    updateTime: _u,
    isWorking: _w,
    workingTime: _k,
    ...rest
  } = binanceStop(m, c, undefined, clientOrderId);
  return { ...rest, origClientOrderId: rest.clientOrderId, transactTime: c.updatedAt };
}
