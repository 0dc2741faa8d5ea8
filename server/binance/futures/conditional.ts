/**
 * The door's conditional orders (developers.binance.com, USDⓈ-M "New Order (TRADE)"), on the perpetual core's own
 * machinery:
 *
 * - TRAILING_STOP_MARKET: `callbackRate` 0.1–5 (percent, one decimal), optional `activationPrice`, `workingType`
 *   MARK_PRICE or CONTRACT_PRICE (Binance's default, our last price), a `quantity`; always reduce-only, whatever
 *   `reduceOnly` says (server/perpetual/trailing.ts). Its orderId is an order id.
 * - STOP_MARKET and TAKE_PROFIT_MARKET with `stopPrice` and `closePosition=true`: the position's stop-loss and
 *   take-profit (one of each; a new one replaces the old), which close the whole position at market.
 *   Their orderIds are the stop's id plus STOP_ID_BASE, apart from the orders' numbers.
 * - STOP and TAKE_PROFIT (stop-limit: `stopPrice`, `price`, `timeInForce`) and STOP_MARKET and TAKE_PROFIT_MARKET with
 *   a `quantity`: the core's conditional orders (server/perpetual/perp-conditional.ts), optionally `reduceOnly`;
 *   nothing is held until they fire, when margin is checked. Their orderIds are order ids; they keep their client id.
 *
 * The same orders come through Binance's algo calls (/fapi/v1/algoOrder, algo-orders.ts), with `triggerPrice` for
 * `stopPrice`. A triggered one shows the fill of the order it placed. Trailing stops and close-position stops keep
 * no client id: `newClientOrderId` is echoed in the answer to their creation only.
 */
import type { PerpOrderRow, StopRow, TrailingRow } from '../../perpetual/perp-state.ts';
import * as service from '../../perpetual/perp.service.ts';
import { findPerpOrder, userStops } from '../../perpetual/perp.repo.ts';
import type { Contract } from '../../perpetual/contracts.ts';
import * as trailing from '../../perpetual/trailing.service.ts';
import { workingPrice } from '../../perpetual/trailing.ts';
import { entryPrice } from '../../perpetual/position-math.ts';
import { price, qty } from '../../perpetual/views.ts';
import { isLimitKind, type PerpConditionalRow } from '../../perpetual/perp-conditional.ts';
import * as conditional from '../../perpetual/perp-conditional.service.ts';
import { money } from '../../wallet/amounts.ts';
import type { TradingCore } from '../../core/core.ts';
import type { Db } from '../../storage/db.ts';
import { BinanceError } from '../binance-error.ts';
import { flag, oneOf, required } from './params.ts';
import { binanceSymbol, bookOf } from './symbols.ts';

export const CONDITIONAL_TYPES = [
  'STOP',
  'TAKE_PROFIT',
  'STOP_MARKET',
  'TAKE_PROFIT_MARKET',
  'TRAILING_STOP_MARKET',
] as const;
/** Take-profit and stop-loss orders are numbered apart from orders: the door shows them this far up. */
export const STOP_ID_BASE = 1_000_000_000_000;
const WORKING = { MARK_PRICE: 'mark', CONTRACT_PRICE: 'last' } as const;
export const WORKING_TYPE = { mark: 'MARK_PRICE', last: 'CONTRACT_PRICE' } as const;
/** Binance's client order id and client algo id (`^[.A-Z:/a-z0-9_-]{1,36}$`). */
const CLIENT_ID = /^[.A-Z:/a-z0-9_-]{1,36}$/;
/** Binance's callbackRate: 0.1 to 5, one decimal. */
const CALLBACK_RATE = /^(?:[0-4](?:\.\d)?|5(?:\.0)?)$/;

interface Deps {
  db: Db;
  core: TradingCore;
}

export const isConditional = (type: string | undefined): type is (typeof CONDITIONAL_TYPES)[number] =>
  (CONDITIONAL_TYPES as readonly string[]).includes(type ?? '');

const notRequired = (name: string) => new BinanceError(400, -1106, `Parameter '${name}' sent when not required.`);

/** Where a conditional order came in: the order call (`stopPrice`) or the algo call (`triggerPrice`). */
export type Via = 'order' | 'algo';

/**
 * Places a conditional order of `p.type` (one of CONDITIONAL_TYPES); answers what the core made of it, for the
 * caller to show as its call does.
 */
export async function placeConditional(deps: Deps, userId: number, c: Contract, p: Record<string, string>, via: Via) {
  const side = oneOf(p, 'side', ['BUY', 'SELL'], -1117, 'side') === 'BUY' ? 'buy' : 'sell';
  if ((p.positionSide ?? 'BOTH') !== 'BOTH')
    throw new BinanceError(400, -4061, "Order's position side does not match user's setting.");
  const stopName = via === 'algo' ? 'triggerPrice' : 'stopPrice';
  const clientName = via === 'algo' ? 'clientAlgoId' : 'newClientOrderId';
  const clientId = p[clientName] ?? '';
  if (clientId && !CLIENT_ID.test(clientId))
    throw new BinanceError(
      400,
      -1100,
      `Illegal characters found in parameter '${clientName}'; legal range is '^[\\.A-Z\\:/a-z0-9_-]{1,36}$'.`,
    );
  const working = p.workingType ?? 'CONTRACT_PRICE';
  if (working !== 'MARK_PRICE' && working !== 'CONTRACT_PRICE')
    throw new BinanceError(
      400,
      -1100,
      "Illegal characters found in parameter 'workingType'; legal values are 'MARK_PRICE' and 'CONTRACT_PRICE'.",
    );
  const closing = flag(p.closePosition, 'closePosition');
  if (p.type === 'STOP' || p.type === 'TAKE_PROFIT' || (p.type !== 'TRAILING_STOP_MARKET' && !closing))
    return {
      kind: 'conditional',
      row: await quantityConditional(deps, userId, c, p, side, stopName, clientId, via),
    } as const;
  if (p.price !== undefined) throw notRequired('price');
  const by = WORKING[working];
  if (p.type === 'TRAILING_STOP_MARKET') {
    if (p.closePosition !== undefined) throw notRequired('closePosition');
    if (p.stopPrice !== undefined) throw notRequired('stopPrice');
    flag(p.reduceOnly, 'reduceOnly');
    const rate = required(p, 'callbackRate');
    if (!CALLBACK_RATE.test(rate) || Number(rate) < 0.1)
      throw new BinanceError(
        400,
        -1100,
        "Illegal characters found in parameter 'callbackRate'; legal range is '0.1' to '5'.",
      );
    // Binance's algo call names it activatePrice; CCXT sends activationPrice to both calls.
    const activation = p.activationPrice ?? (via === 'algo' ? p.activatePrice : undefined);
    const t = await trailing.placeTrailing(deps, userId, {
      symbol: c.symbol,
      side,
      quantity: required(p, 'quantity'),
      callbackRate: rate,
      ...(activation !== undefined ? { activationPrice: activation } : {}),
      triggerBy: by,
    });
    return { kind: 'trailing', row: t } as const;
  }
  if (p.quantity !== undefined) throw notRequired('quantity');
  if (p.reduceOnly !== undefined) throw notRequired('reduceOnly');
  const position = bookOf(deps.core).position(userId, c.symbol);
  // A close-position stop closes the position on the other side of its order.
  if (!position || position.qty === 0n || position.qty > 0n !== (side === 'sell'))
    throw new BinanceError(400, -2022, 'ReduceOnly Order is rejected.');
  const s = await service.setStopOrder(deps, userId, {
    symbol: c.symbol,
    kind: p.type === 'STOP_MARKET' ? 'stopLoss' : 'takeProfit',
    triggerPrice: required(p, stopName),
    triggerBy: by,
  });
  return { kind: 'stop', row: s } as const;
}

/** A STOP or TAKE_PROFIT (stop-limit), or a STOP_MARKET or TAKE_PROFIT_MARKET with a quantity. */
async function quantityConditional(
  deps: Deps,
  userId: number,
  c: Contract,
  p: Record<string, string>,
  side: 'buy' | 'sell',
  stopName: string,
  clientId: string,
  via: Via,
): Promise<PerpConditionalRow> {
  const type = p.type as PerpConditionalRow['type'];
  const limit = isLimitKind(type);
  if (p.callbackRate !== undefined) throw notRequired('callbackRate');
  if (!limit && p.price !== undefined) throw notRequired('price');
  const tif = p.timeInForce ?? 'GTC';
  if (tif !== 'GTC' && tif !== 'IOC' && tif !== 'FOK') throw new BinanceError(400, -1115, 'Invalid timeInForce.');
  const working = p.workingType ?? 'CONTRACT_PRICE';
  return conditional.placeConditional(
    deps,
    userId,
    {
      symbol: c.symbol,
      side,
      type,
      quantity: required(p, 'quantity'),
      ...(limit ? { price: required(p, 'price') } : {}),
      stopPrice: required(p, stopName),
      triggerBy: WORKING[working as keyof typeof WORKING],
      timeInForce: tif,
      reduceOnly: flag(p.reduceOnly, 'reduceOnly'),
    },
    { algo: via === 'algo', clientId },
  );
}

/** What placeConditional made, or an orderId names: a close-position stop, a trailing stop or a quantity one. */
export type Owned =
  | { kind: 'stop'; row: StopRow }
  | { kind: 'trailing'; row: TrailingRow }
  | { kind: 'conditional'; row: PerpConditionalRow };

/** The caller's conditional order an orderId (or algoId) names, or undefined when it names none of theirs. */
export async function ownConditional(deps: Deps, userId: number, id: number): Promise<Owned | undefined> {
  const b = bookOf(deps.core);
  if (id >= STOP_ID_BASE) {
    const live = b.stops.get(id - STOP_ID_BASE);
    const s =
      live ?? (await deps.core.settled(), (await userStops(deps.db, userId)).find((x) => x.id === id - STOP_ID_BASE));
    return s && s.userId === userId ? { kind: 'stop', row: s } : undefined;
  }
  const q = await conditional.ownConditional(deps, userId, id);
  if (q) return { kind: 'conditional', row: q };
  const t = await trailing.ownTrailing(deps, userId, id);
  return t ? { kind: 'trailing', row: t } : undefined;
}

/** The order a triggered conditional order placed, for its fill. */
export async function firedOrder(db: Db, core: TradingCore, orderId: number | null): Promise<PerpOrderRow | null> {
  if (orderId === null) return null;
  const live = bookOf(core).live.get(orderId);
  if (live) return live;
  await core.settled();
  return (await findPerpOrder(db, orderId)) ?? null;
}

/** As the order calls (`/fapi/v1/order`, openOrders) show it. */
export function orderShape(c: Contract, o: Owned, fired: PerpOrderRow | null, clientOrderId = '') {
  if (o.kind === 'stop') return stopView(c, o.row, fired, clientOrderId);
  if (o.kind === 'trailing') return trailingView(c, o.row, fired, clientOrderId);
  return quantityView(c, o.row, fired);
}

export async function conditionalView(deps: Deps, c: Contract, o: Owned) {
  return orderShape(c, o, await firedOrder(deps.db, deps.core, o.row.orderId));
}

/** Cancels one (Binance's -2011 when it has already ended); answers it as it ended. */
export async function cancelOwned(deps: Deps, userId: number, o: Owned): Promise<Owned> {
  if (o.row.status !== 'active') throw new BinanceError(400, -2011, 'Unknown order sent.');
  if (o.kind === 'stop') return { kind: 'stop', row: await service.cancelStopOrder(deps, userId, o.row.id) };
  if (o.kind === 'trailing')
    return { kind: 'trailing', row: await trailing.cancelTrailingStop(deps, userId, o.row.id) };
  return { kind: 'conditional', row: await conditional.cancelConditionalOrder(deps, userId, o.row.id) };
}

export async function cancelConditional(deps: Deps, userId: number, c: Contract, o: Owned) {
  return orderShape(c, await cancelOwned(deps, userId, o), null);
}

/**
 * The caller's active conditional orders on the contracts listed, in id order. `algoToo: false` leaves out those
 * placed through the algo calls (openOrders lists what the order call placed; openAlgoOrders lists every one).
 */
export function activeOwned(core: TradingCore, userId: number, symbols: ReadonlySet<string>, algoToo = true): Owned[] {
  const b = bookOf(core);
  const out: Owned[] = [];
  for (const t of b.trailing.ofUser(userId)) if (symbols.has(t.symbol)) out.push({ kind: 'trailing', row: t });
  for (const s of b.stops.values())
    if (s.userId === userId && symbols.has(s.symbol)) out.push({ kind: 'stop', row: s });
  for (const q of b.conditional.ofUser(userId))
    if (symbols.has(q.symbol) && (algoToo || !q.algo)) out.push({ kind: 'conditional', row: q });
  return out.sort((x, y) => idOf(x) - idOf(y));
}

/** Its number on the door: a close-position stop's is apart from the orders'. */
export const idOf = (o: Owned) => (o.kind === 'stop' ? STOP_ID_BASE + o.row.id : o.row.id);

/** The caller's active conditional orders on the contracts listed, for openOrders. */
export function openConditionals(core: TradingCore, userId: number, symbols: ReadonlySet<string>) {
  const b = bookOf(core);
  return activeOwned(core, userId, symbols, false).map((o) => orderShape(b.contract(o.row.symbol), o, null));
}

/** Cancels the caller's active conditional orders on a contract (DELETE allOpenOrders, algoOpenOrders). */
export async function cancelAllConditionals(deps: Deps, userId: number, c: Contract): Promise<void> {
  for (const o of activeOwned(deps.core, userId, new Set([c.symbol]))) await cancelOwned(deps, userId, o);
}

/** NEW while waiting; once triggered, what its order came to; CANCELED when cancelled or left nothing to do. */
function statusOf(status: 'active' | 'triggered' | 'cancelled' | 'expired', fired: PerpOrderRow | null): string {
  if (status === 'active') return 'NEW';
  if (status === 'expired') return 'EXPIRED';
  if (status === 'cancelled' || !fired) return 'CANCELED';
  if (fired.status === 'filled') return 'FILLED';
  if (fired.status === 'open') return 'NEW';
  if (fired.status === 'partial') return 'PARTIALLY_FILLED';
  return fired.filledQty > 0n ? 'PARTIALLY_FILLED' : 'EXPIRED';
}

function common(c: Contract, fired: PerpOrderRow | null, clientOrderId: string) {
  const avg = fired && fired.filledQty > 0n ? entryPrice(c, { qty: fired.filledQty, cost: fired.filledValue }) : null;
  return {
    symbol: binanceSymbol(c),
    clientOrderId,
    price: '0',
    avgPrice: avg === null ? '0' : price(c, avg),
    executedQty: qty(c, fired?.filledQty ?? 0n),
    cumQuote: money(fired?.filledValue ?? 0n),
    timeInForce: 'GTC',
    reduceOnly: true,
    positionSide: 'BOTH',
    priceProtect: false,
    priceMatch: 'NONE',
    selfTradePreventionMode: 'NONE',
    goodTillDate: 0,
  };
}

/**
 * A STOP, TAKE_PROFIT or a quantity STOP_MARKET / TAKE_PROFIT_MARKET: `origType` its own type; once triggered, `type`
 * is the order it placed (LIMIT or MARKET), as Binance's order keeps its id and changes its type.
 */
function quantityView(c: Contract, o: PerpConditionalRow, fired: PerpOrderRow | null) {
  const placed = o.status === 'triggered' ? (isLimitKind(o.type) ? 'LIMIT' : 'MARKET') : o.type;
  return {
    orderId: o.id,
    ...common(c, fired, o.clientId),
    status: statusOf(o.status, fired),
    price: isLimitKind(o.type) ? price(c, o.price) : '0',
    origQty: qty(c, o.quantity),
    timeInForce: isLimitKind(o.type) ? o.tif : 'GTC',
    reduceOnly: o.reduceOnly,
    type: placed,
    origType: o.type,
    closePosition: false,
    side: o.side === 'buy' ? 'BUY' : 'SELL',
    stopPrice: price(c, o.stopPrice),
    workingType: WORKING_TYPE[o.by],
    time: o.createdAt,
    updateTime: o.updatedAt,
  };
}

function trailingView(c: Contract, t: TrailingRow, fired: PerpOrderRow | null, clientOrderId = '') {
  const working = workingPrice(t);
  return {
    orderId: t.id,
    ...common(c, fired, clientOrderId),
    status: statusOf(t.status, fired),
    origQty: qty(c, t.quantity),
    type: 'TRAILING_STOP_MARKET',
    origType: 'TRAILING_STOP_MARKET',
    closePosition: false,
    side: t.side === 'buy' ? 'BUY' : 'SELL',
    // Binance's stopPrice of a trailing stop is the price it would fire at now.
    stopPrice: working === null ? '0' : price(c, working),
    activatePrice: t.activation === null ? (t.best === null ? '0' : price(c, t.best)) : price(c, t.activation),
    priceRate: (t.callbackBps / 100).toFixed(1),
    workingType: WORKING_TYPE[t.by],
    time: t.createdAt,
    updateTime: t.updatedAt,
  };
}

function stopView(c: Contract, s: StopRow, fired: PerpOrderRow | null, clientOrderId = '') {
  const type = s.kind === 'stopLoss' ? 'STOP_MARKET' : 'TAKE_PROFIT_MARKET';
  return {
    orderId: STOP_ID_BASE + s.id,
    ...common(c, fired, clientOrderId),
    status: statusOf(s.status, fired),
    origQty: '0',
    type,
    origType: type,
    closePosition: true,
    side: s.positionSide === 'long' ? 'SELL' : 'BUY',
    stopPrice: price(c, s.trigger),
    workingType: WORKING_TYPE[s.by],
    time: s.createdAt,
    updateTime: s.updatedAt,
  };
}
