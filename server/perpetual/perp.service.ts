/**
 * Perpetual requests as trading-core commands: the wire's decimal strings become integers at the contract's
 * scales (refused with the order form's field names), then the core decides. Reads that need finished rows wait
 * for the projector.
 */
import type {
  CloseAllBody,
  DirectionOrderBody,
  LeverageBody,
  PerpOrderBody,
  PreviewBody,
  StopOrderBody,
} from '../../isomorphic/contract/perpetual.ts';
import { formatUnits, parseUnits } from '../../isomorphic/money/units.ts';
import type { TradingCore } from '../core/core.ts';
import { orderUnits } from '../spot/order-checks.ts';
import { fail } from '../outcome.ts';
import type { Db } from '../storage/db.ts';
import { money } from '../wallet/amounts.ts';
import { checkOrder, heldFeeBps, maxOrderQty } from './order-risk.ts';
import { DEFAULT_LEVERAGE, type PerpBook } from './perp-book.ts';
import { band, cancelPerpOrder, closeAllPerp, placePerpOrder, type PlacePerp } from './perp-orders.ts';
import { adjustMargin, cancelStop, setLeverage, setStop } from './perp-positions.ts';
import { findPerpOrder, fundingHistory, userLiquidations, userPerpOrders, userStops } from './perp.repo.ts';
import type { PerpOrderRow } from './perp-state.ts';
import { FLAT } from './position-math.ts';

/** Quantities and prices the engine takes as plain numbers stay far below 2^53. */
const MAX_UNITS = 10n ** 15n;

interface PerpDeps {
  db: Db;
  core: TradingCore;
}

const bookOf = (core: TradingCore) => core.part<PerpBook>('perpetual');

function bounded(v: bigint, field: 'price' | 'quantity', scale: number): bigint {
  if (v > MAX_UNITS)
    fail('tooLarge', { field: field === 'price' ? 'trade.field.price' : 'trade.field.amount', decimals: scale });
  return v;
}

/** The core's order command for a request, after every check that needs no state. */
function placeRequest(b: PerpBook, userId: number, body: PerpOrderBody): PlacePerp {
  const c = b.contract(body.symbol);
  const tif = body.timeInForce ?? 'GTC';
  if (body.type === 'market' && tif === 'POST_ONLY') fail('postOnlyMarket');
  const closePosition = body.closePosition ?? false;
  const price =
    body.type === 'limit' ? bounded(orderUnits(body.price, c.priceScale, 'price'), 'price', c.priceScale) : 0n;
  const quantity = closePosition
    ? 0n
    : bounded(orderUnits(body.quantity, c.qtyScale, 'quantity'), 'quantity', c.qtyScale);
  return {
    symbol: c.symbol,
    userId,
    side: body.side,
    kind: body.type,
    tif,
    price,
    quantity,
    reduceOnly: body.reduceOnly ?? false,
    closePosition,
    source: 'user',
    ...(body.clientKey ? { clientKey: body.clientKey } : {}),
  };
}

/** Places an order; a repeated client key answers the order it placed the first time. */
export async function submitOrder({ db, core }: PerpDeps, userId: number, body: PerpOrderBody): Promise<PerpOrderRow> {
  const result = await core.submit(placePerpOrder, placeRequest(bookOf(core), userId, body));
  if (result.order) return result.order;
  await core.settled();
  return (await findPerpOrder(db, result.id))!;
}

/** coin/contract/open and close: direction 1 opens long, 2 short; 3 closes a long, 4 a short (reduce-only). */
export function directionOrder(deps: PerpDeps, userId: number, body: DirectionOrderBody): Promise<PerpOrderRow> {
  const { direction, ...rest } = body;
  return submitOrder(deps, userId, {
    ...rest,
    side: direction === 1 || direction === 4 ? 'buy' : 'sell',
    reduceOnly: direction > 2,
  });
}

export async function cancelOrder({ db, core }: PerpDeps, userId: number, orderId: number): Promise<PerpOrderRow> {
  if (bookOf(core).live.has(orderId)) return core.submit(cancelPerpOrder, { userId, orderId });
  await core.settled();
  const row = await findPerpOrder(db, orderId);
  fail(row && row.userId === userId ? 'orderNotOpen' : 'orderNotFound');
}

/** Closes a whole position (by its id) at market. */
export function closePosition(deps: PerpDeps, userId: number, positionId: number): Promise<PerpOrderRow> {
  const p = bookOf(deps.core).positionsById.get(positionId);
  if (!p || p.userId !== userId || p.qty === 0n) fail('perpNoPosition');
  return submitOrder(deps, userId, {
    symbol: p.symbol,
    side: p.qty > 0n ? 'sell' : 'buy',
    type: 'market',
    closePosition: true,
  });
}

export function changeMargin({ core }: PerpDeps, userId: number, positionId: number, text: string, add: boolean) {
  const parsed = parseUnits(text, 8, MAX_UNITS);
  if (!parsed.ok)
    fail(parsed.problem === 'precision' ? 'tooPrecise' : parsed.problem === 'range' ? 'tooLarge' : 'invalidNumber', {
      field: 'perpetual.field.margin',
      decimals: 8,
    });
  if (parsed.value <= 0n) fail('mustBePositive', { field: 'perpetual.field.margin' });
  return core.submit(adjustMargin, { userId, positionId, amount: parsed.value, add });
}

export function updateLeverage({ core }: PerpDeps, userId: number, body: LeverageBody) {
  return core.submit(setLeverage, {
    userId,
    symbol: bookOf(core).contract(body.symbol).symbol,
    leverage: body.leverage,
    mode: body.marginMode,
  });
}

export function setStopOrder({ core }: PerpDeps, userId: number, body: StopOrderBody) {
  const c = bookOf(core).contract(body.symbol);
  const trigger = bounded(orderUnits(body.triggerPrice, c.priceScale, 'price'), 'price', c.priceScale);
  return core.submit(setStop, { userId, symbol: c.symbol, kind: body.kind, trigger, by: body.triggerBy ?? 'mark' });
}

export function cancelStopOrder({ core }: PerpDeps, userId: number, stopId: number) {
  return core.submit(cancelStop, { userId, stopId });
}

/**
 * The contracts a one-step close covers: those listed, or every contract of a type (1 USDT-, 2 coin-margined), or all.
 */
export function closeAll({ core }: PerpDeps, userId: number, body: CloseAllBody) {
  const b = bookOf(core);
  const listed = (body.oneKeySymbolNameList ?? []).map((s) => b.contract(s).symbol);
  const kind = body.contractType === 1 ? 'linear' : body.contractType === 2 ? 'inverse' : undefined;
  const symbols = listed.length
    ? listed
    : [...b.contracts.values()].filter((c) => !kind || c.kind === kind).map((c) => c.symbol);
  return core.submit(closeAllPerp, { userId, symbols });
}

/** The order form's cost (margin the order would hold) and max (the largest quantity it could open). */
export function preview({ core }: PerpDeps, userId: number, body: PreviewBody) {
  const b = bookOf(core);
  const c = b.contract(body.symbol);
  const mark = b.prices(c.symbol).mark;
  if (mark === undefined) fail('perpNoPrice');
  const p = b.position(userId, c.symbol);
  const position = p ?? { ...FLAT, leverage: DEFAULT_LEVERAGE, mode: 'cross' as const };
  const { min, max } = band(mark);
  const price =
    body.type === 'limit' && body.price
      ? bounded(orderUnits(body.price, c.priceScale, 'price'), 'price', c.priceScale)
      : body.side === 'buy'
        ? max
        : min;
  const available = b.free(core.risk, userId, c.marginAsset);
  const ctx = {
    contract: c,
    leverage: BigInt(position.leverage),
    position,
    pending: 0n,
    mark,
    available,
    feeBps: heldFeeBps(c, position.mode),
  };
  const side = body.side === 'buy' ? 1n : -1n;
  let cost = 0n;
  if (body.quantity) {
    const q = bounded(orderUnits(body.quantity, c.qtyScale, 'quantity'), 'quantity', c.qtyScale);
    const check = checkOrder({ ...ctx, available: MAX_UNITS * 10n ** 8n }, { qty: side * q, price });
    cost = check.ok ? check.margin : 0n;
  }
  return {
    cost: money(cost),
    maxQty: formatUnits(maxOrderQty(ctx, side as 1n | -1n, price), c.qtyScale),
    available: money(available),
    leverage: position.leverage,
    marginMode: position.mode,
  };
}

/** How many past fundings a contract's funding read shows. */
const FUNDING_HISTORY = 30;

export function fundings({ db }: PerpDeps, symbol: string) {
  return fundingHistory(db, symbol, FUNDING_HISTORY);
}

export async function orders(
  { db, core }: PerpDeps,
  userId: number,
  state: 'open' | 'history',
  symbols: readonly string[],
  page: { page: number; size: number },
) {
  await core.settled();
  return userPerpOrders(db, userId, state, symbols, page);
}

export async function stops({ db, core }: PerpDeps, userId: number, symbol: string | undefined) {
  await core.settled();
  return userStops(db, userId, symbol);
}

export async function liquidations({ db, core }: PerpDeps, userId: number, symbols: readonly string[]) {
  await core.settled();
  return userLiquidations(db, userId, symbols);
}
