import type { PerpOrderBody } from '../../../isomorphic/contract/perpetual.ts';
import { AppError } from '../../outcome.ts';
import { findPerpOrder } from '../../perpetual/perp.repo.ts';
import * as service from '../../perpetual/perp.service.ts';
import type { PerpOrderRow } from '../../perpetual/perp-state.ts';
import { BinanceError } from '../binance-error.ts';
import type { Door } from '../door.ts';
import * as e from './futures.endpoints.ts';
import { flag, integer, oneOf, required } from './params.ts';
import { bookOf, clientIdOfOrder, contractFor, contractsFor } from './symbols.ts';
import { orderView } from './views.ts';
import {
  cancelAllConditionals,
  placeConditional,
  cancelConditional,
  conditionalView,
  isConditional,
  openConditionals,
  orderShape,
  ownConditional,
} from './conditional.ts';

/** Binance's client order id (developers.binance.com, "New Order (TRADE)": `^[.A-Z:/a-z0-9_-]{1,36}$`). */
const CLIENT_ID = /^[.A-Z:/a-z0-9_-]{1,36}$/;
const TIF = { GTC: 'GTC', IOC: 'IOC', FOK: 'FOK', GTX: 'POST_ONLY' } as const;

/** A new order's parameters as the perpetual service's order body; anything Binance refuses is refused first. */
function orderBody(p: Record<string, string>, symbol: string): PerpOrderBody {
  const side = oneOf(p, 'side', ['BUY', 'SELL'], -1117, 'side');
  const type = oneOf(p, 'type', ['LIMIT', 'MARKET'], -1116, 'orderType');
  const positionSide = p.positionSide ?? 'BOTH';
  // One-way mode only: Binance answers LONG/SHORT in one-way mode with -4061.
  if (positionSide !== 'BOTH')
    throw new BinanceError(400, -4061, "Order's position side does not match user's setting.");
  if (p.closePosition !== undefined)
    throw new BinanceError(400, -1106, "Parameter 'closePosition' sent when not required.");
  const clientKey = p.newClientOrderId;
  if (clientKey !== undefined && !CLIENT_ID.test(clientKey))
    throw new BinanceError(
      400,
      -1100,
      "Illegal characters found in parameter 'newClientOrderId'; legal range is '^[\\.A-Z\\:/a-z0-9_-]{1,36}$'.",
    );
  const quantity = required(p, 'quantity');
  const body: PerpOrderBody = {
    symbol,
    side: side === 'BUY' ? 'buy' : 'sell',
    type: type === 'LIMIT' ? 'limit' : 'market',
    quantity,
    reduceOnly: flag(p.reduceOnly, 'reduceOnly'),
    ...(clientKey ? { clientKey } : {}),
  };
  if (type === 'LIMIT') {
    body.price = required(p, 'price');
    const tif = oneOf(p, 'timeInForce', ['GTC', 'IOC', 'FOK', 'GTX'], -1115, 'timeInForce');
    body.timeInForce = TIF[tif];
  } else if (p.price !== undefined) throw new BinanceError(400, -1106, "Parameter 'price' sent when not required.");
  return body;
}

/** Orders through the perpetual service: the same risk checks, journal and fills as the web's order form. */
export function futuresOrders({ route, ctx }: Door): void {
  const { core, db } = ctx;
  const deps = { db, core };
  const userOf = (signed: { user: { id: number } } | null) => signed!.user.id;
  const clientIdOf = (o: PerpOrderRow) => clientIdOfOrder(core, o);
  const view = (o: PerpOrderRow, clientId = clientIdOf(o)) => orderView(bookOf(core).contract(o.symbol), o, clientId);

  /** The caller's order that orderId or origClientOrderId names, or Binance's -2013. */
  const owned = async (p: Record<string, string>, userId: number) => {
    const c = contractFor(core, required(p, 'symbol'));
    let id: number | undefined;
    if (p.orderId !== undefined) id = Number(p.orderId);
    else if (p.origClientOrderId !== undefined)
      id = bookOf(core).clientKeys.get(`${userId}:${p.origClientOrderId}`)?.orderId;
    else
      throw new BinanceError(
        400,
        -1102,
        "Param 'orderId' or 'origClientOrderId' must be sent, but both were empty/null!",
      );
    const live = id === undefined ? undefined : bookOf(core).live.get(id);
    let row = live;
    if (!row && id !== undefined && Number.isSafeInteger(id)) {
      await core.settled();
      row = await findPerpOrder(db, id);
    }
    if (!row || row.userId !== userId || row.symbol !== c.symbol)
      throw new BinanceError(400, -2013, 'Order does not exist.');
    return row;
  };

  /** The caller's trailing stop, take-profit or stop-loss an orderId names on the symbol, if it names one. */
  const conditionalOf = async (p: Record<string, string>, userId: number) => {
    const c = contractFor(core, required(p, 'symbol'));
    const id = Number(p.orderId);
    if (p.orderId === undefined || !Number.isSafeInteger(id) || bookOf(core).live.has(id)) return undefined;
    const o = await ownConditional(deps, userId, id);
    return o && o.row.symbol === c.symbol ? { c, o } : undefined;
  };

  route(e.newOrder, async ({ params, signed }) => {
    const c = contractFor(core, required(params, 'symbol'));
    if (isConditional(params.type)) {
      const placed = await placeConditional(deps, userOf(signed), c, params, 'order');
      return orderShape(c, placed, null, params.newClientOrderId ?? '');
    }
    const body = orderBody(params, c.symbol);
    try {
      const o = await service.submitOrder(deps, userOf(signed), body);
      return view(o, body.clientKey ?? '');
    } catch (err) {
      // Binance's futures answer -2019; its message is the one CCXT maps to InsufficientFunds without the
      // fapi.binance.com hostname its code table is keyed on.
      if (err instanceof AppError && err.errorName === 'perpInsufficientMargin')
        throw new BinanceError(400, -2019, 'Account has insufficient balance for requested action.');
      throw err;
    }
  });

  route(e.queryOrder, async ({ params, signed }) => {
    const cond = await conditionalOf(params, userOf(signed));
    if (cond) return conditionalView(deps, cond.c, cond.o);
    return view(await owned(params, userOf(signed)));
  });

  route(e.cancelOrder, async ({ params, signed }) => {
    const userId = userOf(signed);
    const cond = await conditionalOf(params, userId);
    if (cond) return cancelConditional(deps, userId, cond.c, cond.o);
    let row: PerpOrderRow;
    try {
      row = await owned(params, userId);
    } catch (err) {
      // A cancel of an order the caller has not got is Binance's -2011, not the query's -2013.
      if (err instanceof BinanceError && err.code === -2013) throw new BinanceError(400, -2011, 'Unknown order sent.');
      throw err;
    }
    const clientId = clientIdOf(row);
    return view(await service.cancelOrder(deps, userId, row.id), clientId);
  });

  route(e.openOrders, async ({ params, signed }) => {
    const symbols = new Set(contractsFor(core, params.symbol).map((c) => c.symbol));
    await core.settled();
    const plain = bookOf(core)
      .userOrders(userOf(signed))
      .filter((o) => symbols.has(o.symbol))
      .sort((a, b) => a.id - b.id)
      .map((o) => view(o));
    return [...plain, ...openConditionals(core, userOf(signed), symbols)];
  });

  route(e.cancelAllOpen, async ({ params, signed }) => {
    const c = contractFor(core, required(params, 'symbol'));
    const userId = userOf(signed);
    for (const o of bookOf(core).userOrders(userId))
      if (o.symbol === c.symbol) await service.cancelOrder(deps, userId, o.id);
    await cancelAllConditionals(deps, userId, c);
    return {
      code: 200,
      msg: 'The operation of cancel all open order is done.',
    };
  });

  route(e.allOrders, async ({ params, signed }) => {
    const c = contractFor(core, required(params, 'symbol'));
    const limit = integer(params, 'limit', 500, 1, 1000);
    const userId = userOf(signed);
    const from = params.orderId ? Number(params.orderId) : 0;
    const rows: PerpOrderRow[] = [];
    for (const state of ['open', 'history'] as const)
      rows.push(
        ...(
          await service.orders(deps, userId, state, [c.symbol], {
            page: 1,
            size: 1000,
          })
        ).rows,
      );
    return rows
      .filter((o) => o.id >= from)
      .sort((a, b) => a.id - b.id)
      .slice(-limit)
      .map((o) => view(o));
  });
}
