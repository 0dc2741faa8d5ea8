/**
 * Binance's USDⓈ-M algo calls (developers.binance.com, "New Algo Order (TRADE)" and the calls beside it), which CCXT
 * 4.5's binanceusdm uses for every conditional order: `algoType=CONDITIONAL` with STOP, TAKE_PROFIT, STOP_MARKET,
 * TAKE_PROFIT_MARKET or TRAILING_STOP_MARKET and `triggerPrice`. They are the same conditional orders as the order
 * call's (conditional.ts), answered in the algo shape: `algoId` (the order call's `orderId` of the same order),
 * `clientAlgoId`, `algoStatus` (NEW while waiting; TRIGGERED while the order it placed works, FINISHED once that
 * ended; CANCELED; EXPIRED when it could not be placed), `actualOrderId` the placed order's id.
 */
import type { Contract } from '../../perpetual/contracts.ts';
import { isLimitKind } from '../../perpetual/perp-conditional.ts';
import { userConditionals } from '../../perpetual/perp-conditional.repo.ts';
import { userStops } from '../../perpetual/perp.repo.ts';
import type { PerpOrderRow } from '../../perpetual/perp-state.ts';
import { userTrailing } from '../../perpetual/trailing.repo.ts';
import { workingPrice } from '../../perpetual/trailing.ts';
import { entryPrice } from '../../perpetual/position-math.ts';
import { price, qty } from '../../perpetual/views.ts';
import { BinanceError } from '../binance-error.ts';
import type { Door } from '../door.ts';
import {
  activeOwned,
  cancelAllConditionals,
  cancelOwned,
  firedOrder,
  idOf,
  type Owned,
  ownConditional,
  placeConditional,
  WORKING_TYPE,
} from './conditional.ts';
import * as e from './futures.endpoints.ts';
import { integer, oneOf, required } from './params.ts';
import { binanceSymbol, bookOf, contractFor, contractsFor } from './symbols.ts';

const ALGO_TYPES = ['STOP', 'TAKE_PROFIT', 'STOP_MARKET', 'TAKE_PROFIT_MARKET', 'TRAILING_STOP_MARKET'] as const;

/** The algo status of a conditional order and the order it placed (see the file's comment). */
function algoStatus(o: Owned, fired: PerpOrderRow | null): string {
  if (o.row.status === 'active') return 'NEW';
  if (o.row.status === 'cancelled') return 'CANCELED';
  if (o.row.status === 'expired' || !fired) return 'EXPIRED';
  return fired.status === 'open' || fired.status === 'partial' ? 'TRIGGERED' : 'FINISHED';
}

/** Binance's algo order answer (New Algo Order, Query Algo Order, openAlgoOrders, allAlgoOrders). */
export function algoView(c: Contract, o: Owned, fired: PerpOrderRow | null) {
  const r = o.row;
  const q = o.kind === 'conditional' ? o.row : null;
  const orderType =
    o.kind === 'conditional'
      ? o.row.type
      : o.kind === 'trailing'
        ? 'TRAILING_STOP_MARKET'
        : o.row.kind === 'stopLoss'
          ? 'STOP_MARKET'
          : 'TAKE_PROFIT_MARKET';
  const trigger = o.kind === 'conditional' ? o.row.stopPrice : o.kind === 'stop' ? o.row.trigger : workingPrice(o.row);
  const side =
    o.kind === 'stop' ? (o.row.positionSide === 'long' ? 'SELL' : 'BUY') : o.row.side === 'buy' ? 'BUY' : 'SELL';
  const avg = fired && fired.filledQty > 0n ? entryPrice(c, { qty: fired.filledQty, cost: fired.filledValue }) : null;
  return {
    algoId: idOf(o),
    clientAlgoId: q?.clientId ?? '',
    algoType: 'CONDITIONAL',
    orderType,
    symbol: binanceSymbol(c),
    side,
    positionSide: 'BOTH',
    timeInForce: q && isLimitKind(q.type) ? q.tif : 'GTC',
    quantity: o.kind === 'stop' ? '0' : qty(c, o.row.quantity),
    algoStatus: algoStatus(o, fired),
    triggerPrice: trigger === null ? '0' : price(c, trigger),
    price: q && isLimitKind(q.type) ? price(c, q.price) : '0',
    icebergQuantity: null,
    selfTradePreventionMode: 'NONE',
    workingType: WORKING_TYPE[r.by],
    priceMatch: 'NONE',
    closePosition: o.kind === 'stop',
    priceProtect: false,
    reduceOnly: q ? q.reduceOnly : true,
    ...(o.kind === 'trailing'
      ? {
          activatePrice: o.row.activation === null ? '' : price(c, o.row.activation),
          callbackRate: (o.row.callbackBps / 100).toFixed(1),
        }
      : {}),
    createTime: r.createdAt,
    updateTime: r.updatedAt,
    triggerTime: q?.triggeredAt ?? (r.status === 'triggered' ? r.updatedAt : 0),
    goodTillDate: 0,
    actualOrderId: r.orderId === null ? '' : String(r.orderId),
    actualPrice: avg === null ? '0' : price(c, avg),
    executedQty: qty(c, fired?.filledQty ?? 0n),
    avgPrice: avg === null ? '0' : price(c, avg),
  };
}

export function futuresAlgoOrders({ route, ctx }: Door): void {
  const { core, db } = ctx;
  const deps = { db, core };
  const userOf = (signed: { user: { id: number } } | null) => signed!.user.id;
  const view = async (o: Owned) =>
    algoView(bookOf(core).contract(o.row.symbol), o, await firedOrder(db, core, o.row.orderId));

  /** The caller's algo order that algoId or clientAlgoId names, or Binance's -2013. */
  const owned = async (p: Record<string, string>, userId: number): Promise<Owned> => {
    let found: Owned | undefined;
    if (p.algoId !== undefined) {
      const id = Number(p.algoId);
      if (Number.isSafeInteger(id) && id > 0 && !bookOf(core).live.has(id))
        found = await ownConditional(deps, userId, id);
    } else if (p.clientAlgoId !== undefined) {
      const rows = await userConditionals(db, userId, { limit: 1000 });
      const row = rows.find((r) => r.clientId === p.clientAlgoId);
      if (row) found = await ownConditional(deps, userId, row.id);
    } else
      throw new BinanceError(400, -1102, "Param 'algoId' or 'clientAlgoId' must be sent, but both were empty/null!");
    if (!found) throw new BinanceError(400, -2013, 'Order does not exist.');
    return found;
  };

  route(e.newAlgoOrder, async ({ params, signed }) => {
    oneOf(params, 'algoType', ['CONDITIONAL'], -1116, 'algoType');
    const c = contractFor(core, required(params, 'symbol'));
    oneOf(params, 'type', ALGO_TYPES, -1116, 'orderType');
    return view(await placeConditional(deps, userOf(signed), c, params, 'algo'));
  });

  route(e.queryAlgoOrder, async ({ params, signed }) => view(await owned(params, userOf(signed))));

  route(e.cancelAlgoOrder, async ({ params, signed }) => {
    const userId = userOf(signed);
    let o: Owned;
    try {
      o = await owned(params, userId);
    } catch (err) {
      // A cancel of an order the caller has not got is Binance's -2011, not the query's -2013.
      if (err instanceof BinanceError && err.code === -2013) throw new BinanceError(400, -2011, 'Unknown order sent.');
      throw err;
    }
    const ended = await cancelOwned(deps, userId, o);
    return {
      algoId: idOf(ended),
      clientAlgoId: ended.kind === 'conditional' ? ended.row.clientId : '',
      code: '200',
      msg: 'success',
    };
  });

  route(e.openAlgoOrders, async ({ params, signed }) => {
    const symbols = new Set(contractsFor(core, params.symbol).map((c) => c.symbol));
    await core.settled();
    const b = bookOf(core);
    return activeOwned(core, userOf(signed), symbols).map((o) => algoView(b.contract(o.row.symbol), o, null));
  });

  route(e.cancelAllAlgoOpen, async ({ params, signed }) => {
    await cancelAllConditionals(deps, userOf(signed), contractFor(core, required(params, 'symbol')));
    return { code: 200, msg: 'The operation of cancel all open order is done.' };
  });

  route(e.allAlgoOrders, async ({ params, signed }) => {
    const c = contractFor(core, required(params, 'symbol'));
    const limit = integer(params, 'limit', 500, 1, 1000);
    const userId = userOf(signed);
    const from = params.algoId ? Number(params.algoId) : 0;
    const start = params.startTime ? Number(params.startTime) : 0;
    const end = params.endTime ? Number(params.endTime) : Number.MAX_SAFE_INTEGER;
    await core.settled();
    const b = bookOf(core);
    const all: Owned[] = [
      ...(await userConditionals(db, userId, { symbol: c.symbol, limit: 1000 })).map(
        (r) => ({ kind: 'conditional', row: b.conditional.byId.get(r.id) ?? r }) as const,
      ),
      ...(await userTrailing(db, userId, c.symbol)).map(
        (r) => ({ kind: 'trailing', row: b.trailing.byId.get(r.id) ?? r }) as const,
      ),
      ...(await userStops(db, userId, c.symbol)).map((r) => ({ kind: 'stop', row: b.stops.get(r.id) ?? r }) as const),
    ];
    const picked = all
      .filter((o) => idOf(o) >= from && o.row.createdAt >= start && o.row.createdAt <= end)
      .sort((x, y) => idOf(x) - idOf(y))
      .slice(-limit);
    return Promise.all(picked.map(view));
  });
}
