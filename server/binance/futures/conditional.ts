/**
 * The door's conditional orders (developers.binance.com, USDⓈ-M "New Order (TRADE)"), on the perpetual core's own
 * machinery:
 *
 * - TRAILING_STOP_MARKET: `callbackRate` 0.1–5 (percent, one decimal), optional `activationPrice`, `workingType`
 *   MARK_PRICE or CONTRACT_PRICE (Binance's default, our last price), a `quantity`; always reduce-only, whatever
 *   `reduceOnly` says (server/perpetual/trailing.ts). Its orderId is an order id.
 * - STOP_MARKET and TAKE_PROFIT_MARKET with `stopPrice` and `closePosition=true`: the position's stop-loss and
 *   take-profit (one of each; a new one replaces the old), which close the whole position at market. With a
 *   `quantity` instead they are refused: the core's take-profit and stop-loss close whole positions only.
 *   Their orderIds are the stop's id plus STOP_ID_BASE, apart from the orders' numbers.
 * - STOP and TAKE_PROFIT (stop-limit) are refused as unsupported types (-1116), as are all others.
 *
 * A triggered one shows the fill of the market order it placed. `newClientOrderId` is echoed in the answer to the
 * order's creation only: conditional orders keep no client id.
 */
import type { PerpOrderRow, StopRow, TrailingRow } from '../../perpetual/perp-state.ts';
import * as service from '../../perpetual/perp.service.ts';
import { findPerpOrder, userStops } from '../../perpetual/perp.repo.ts';
import type { Contract } from '../../perpetual/contracts.ts';
import * as trailing from '../../perpetual/trailing.service.ts';
import { workingPrice } from '../../perpetual/trailing.ts';
import { entryPrice } from '../../perpetual/position-math.ts';
import { price, qty } from '../../perpetual/views.ts';
import { money } from '../../wallet/amounts.ts';
import type { TradingCore } from '../../core/core.ts';
import type { Db } from '../../storage/db.ts';
import { BinanceError } from '../binance-error.ts';
import { flag, oneOf, required } from './params.ts';
import { binanceSymbol, bookOf } from './symbols.ts';

export const CONDITIONAL_TYPES = ['STOP_MARKET', 'TAKE_PROFIT_MARKET', 'TRAILING_STOP_MARKET'] as const;
/** Take-profit and stop-loss orders are numbered apart from orders: the door shows them this far up. */
export const STOP_ID_BASE = 1_000_000_000_000;
const WORKING = { MARK_PRICE: 'mark', CONTRACT_PRICE: 'last' } as const;
const WORKING_TYPE = { mark: 'MARK_PRICE', last: 'CONTRACT_PRICE' } as const;
/** Binance's callbackRate: 0.1 to 5, one decimal. */
const CALLBACK_RATE = /^(?:[0-4](?:\.\d)?|5(?:\.0)?)$/;

interface Deps {
  db: Db;
  core: TradingCore;
}

export const isConditional = (type: string | undefined): type is (typeof CONDITIONAL_TYPES)[number] =>
  (CONDITIONAL_TYPES as readonly string[]).includes(type ?? '');

const notRequired = (name: string) => new BinanceError(400, -1106, `Parameter '${name}' sent when not required.`);

/** Places a conditional order of `p.type`; answers it as Binance's order calls do. */
export async function placeConditional(deps: Deps, userId: number, c: Contract, p: Record<string, string>) {
  const side = oneOf(p, 'side', ['BUY', 'SELL'], -1117, 'side') === 'BUY' ? 'buy' : 'sell';
  if ((p.positionSide ?? 'BOTH') !== 'BOTH')
    throw new BinanceError(400, -4061, "Order's position side does not match user's setting.");
  if (p.price !== undefined) throw notRequired('price');
  const working = p.workingType ?? 'CONTRACT_PRICE';
  if (working !== 'MARK_PRICE' && working !== 'CONTRACT_PRICE')
    throw new BinanceError(
      400,
      -1100,
      "Illegal characters found in parameter 'workingType'; legal values are 'MARK_PRICE' and 'CONTRACT_PRICE'.",
    );
  const by = WORKING[working];
  const clientId = p.newClientOrderId ?? '';
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
    const t = await trailing.placeTrailing(deps, userId, {
      symbol: c.symbol,
      side,
      quantity: required(p, 'quantity'),
      callbackRate: rate,
      ...(p.activationPrice !== undefined ? { activationPrice: p.activationPrice } : {}),
      triggerBy: by,
    });
    return trailingView(c, t, null, clientId);
  }
  if (p.quantity !== undefined) throw notRequired('quantity');
  if (p.reduceOnly !== undefined) throw notRequired('reduceOnly');
  if (!flag(p.closePosition, 'closePosition'))
    throw new BinanceError(
      400,
      -1102,
      "Mandatory parameter 'closePosition' was not sent, was empty/null, or malformed.",
    );
  const position = bookOf(deps.core).position(userId, c.symbol);
  // A close-position stop closes the position on the other side of its order.
  if (!position || position.qty === 0n || position.qty > 0n !== (side === 'sell'))
    throw new BinanceError(400, -2022, 'ReduceOnly Order is rejected.');
  const s = await service.setStopOrder(deps, userId, {
    symbol: c.symbol,
    kind: p.type === 'STOP_MARKET' ? 'stopLoss' : 'takeProfit',
    triggerPrice: required(p, 'stopPrice'),
    triggerBy: by,
  });
  return stopView(c, s, null, clientId);
}

/** The caller's conditional order an orderId names, or undefined when it names none of theirs. */
export async function ownConditional(deps: Deps, userId: number, id: number) {
  const b = bookOf(deps.core);
  if (id >= STOP_ID_BASE) {
    const live = b.stops.get(id - STOP_ID_BASE);
    const s =
      live ?? (await deps.core.settled(), (await userStops(deps.db, userId)).find((x) => x.id === id - STOP_ID_BASE));
    return s && s.userId === userId ? ({ kind: 'stop', row: s } as const) : undefined;
  }
  const t = await trailing.ownTrailing(deps, userId, id);
  return t ? ({ kind: 'trailing', row: t } as const) : undefined;
}

type Owned = NonNullable<Awaited<ReturnType<typeof ownConditional>>>;

/** The market order a triggered conditional order placed, for its fill. */
async function firedOrder(db: Db, core: TradingCore, orderId: number | null): Promise<PerpOrderRow | null> {
  if (orderId === null) return null;
  const live = bookOf(core).live.get(orderId);
  if (live) return live;
  await core.settled();
  return (await findPerpOrder(db, orderId)) ?? null;
}

export async function conditionalView(deps: Deps, c: Contract, o: Owned) {
  const fired = await firedOrder(deps.db, deps.core, o.row.orderId);
  return o.kind === 'stop' ? stopView(c, o.row, fired) : trailingView(c, o.row, fired);
}

export async function cancelConditional(deps: Deps, userId: number, c: Contract, o: Owned) {
  if (o.row.status !== 'active') throw new BinanceError(400, -2011, 'Unknown order sent.');
  if (o.kind === 'stop') return stopView(c, await service.cancelStopOrder(deps, userId, o.row.id), null);
  return trailingView(c, await trailing.cancelTrailingStop(deps, userId, o.row.id), null);
}

/** The caller's active conditional orders on the contracts listed, for openOrders. */
export function openConditionals(core: TradingCore, userId: number, symbols: ReadonlySet<string>) {
  const b = bookOf(core);
  const views = [];
  for (const t of b.trailing.ofUser(userId))
    if (symbols.has(t.symbol)) views.push(trailingView(b.contract(t.symbol), t, null));
  for (const s of b.stops.values())
    if (s.userId === userId && symbols.has(s.symbol)) views.push(stopView(b.contract(s.symbol), s, null));
  return views.sort((x, y) => x.orderId - y.orderId);
}

/** Cancels the caller's active conditional orders on a contract (DELETE allOpenOrders). */
export async function cancelAllConditionals(deps: Deps, userId: number, c: Contract): Promise<void> {
  const b = bookOf(deps.core);
  for (const t of b.trailing.ofUser(userId, c.symbol)) await trailing.cancelTrailingStop(deps, userId, t.id);
  for (const s of [...b.stops.values()])
    if (s.userId === userId && s.symbol === c.symbol) await service.cancelStopOrder(deps, userId, s.id);
}

/** NEW while waiting; once triggered, what its market order came to; CANCELED when cancelled or left nothing to do. */
function statusOf(status: 'active' | 'triggered' | 'cancelled', fired: PerpOrderRow | null): string {
  if (status === 'active') return 'NEW';
  if (status === 'cancelled' || !fired) return 'CANCELED';
  if (fired.status === 'filled') return 'FILLED';
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
