/**
 * Orders on the contracts' books, as trading-core commands: place (with the `perpetual` risk check and margin
 * hold), cancel, cancel all. Every command that changes positions ends with `finish`, which gives the accounts it
 * touched new liquidation triggers, ends the take-profit and stop-loss orders of positions that closed, and
 * tells the feeds.
 */
import { formatUnits } from '../../isomorphic/money/units.ts';
import { jsonCommand, tupleCommand, type CommandContext } from '../core/command.ts';
import { fail } from '../outcome.ts';
import type { Contract } from './contracts.ts';
import { closeLimit, closes, pastLimit, unpayableMakers } from './close-limit.ts';
import { checkOrder, heldFeeBps, type OrderRefusal } from './order-risk.ts';
import { DEFAULT_LEVERAGE, type PerpBook } from './perp-book.ts';
import type { EngineEvent } from '../matching/types.ts';
import { settleEvents, type PerpActivity } from './perp-fills.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { orderHoldId, type PerpOrderRow, type StopRow, type TrailingRow } from './perp-state.ts';
import { endOrphanReduceOnly, overReducingMakers } from './position-close.ts';
import { advanceTrailing, endOrphanTrailing, reduces, touchTrailing } from './trailing.ts';
import { dueConditionals, fireConditional } from './perp-conditional.ts';
import { FLAT } from './position-math.ts';
import { abs } from './rounding.ts';

/** Orders are refused further than this from the mark, and market orders fill no further (basis points). */
export const PRICE_BAND_BPS = 500n;
/** Client keys are remembered this long. */
const CLIENT_KEY_MS = 86_400_000;

export const PERP_ACTIVITY = 'perpetual.activity';
/** The users a command changed orders or positions of, and the positions it changed, once its batch is durable. */
export const PERP_CHANGED = 'perpetual.changed';
export interface PerpChange {
  users: number[];
  positions: number[];
}

export const book = (ctx: CommandContext) => ctx.part<PerpBook>('perpetual');

/** An order as the core journals it: a limit's price, or 0 for a market order (it takes the band's edge). */
export interface PlacePerp
  extends Pick<
    PerpOrderRow,
    'symbol' | 'userId' | 'side' | 'kind' | 'tif' | 'price' | 'quantity' | 'reduceOnly' | 'source'
  > {
  /** Close the whole position (quantity is taken from it). */
  closePosition: boolean;
  clientKey?: string;
}

/** The order as it stands after matching, or the id of the order a repeated client key already placed. */
export interface PlaceResult {
  id: number;
  order?: PerpOrderRow;
}

const REFUSAL: Record<OrderRefusal, Parameters<typeof fail>[0]> = {
  badQuantity: 'mustBePositive',
  leverageOutOfRange: 'perpLeverageOutOfRange',
  reduceOnlyWouldIncrease: 'perpReduceOnlyWouldIncrease',
  sizeOverBracket: 'perpSizeOverBracket',
  insufficientMargin: 'perpInsufficientMargin',
};

/** The lowest and highest price allowed around the mark, on the tick. */
export function band(mark: bigint): { min: bigint; max: bigint } {
  return {
    min: (mark * (10_000n - PRICE_BAND_BPS) + 9_999n) / 10_000n,
    max: (mark * (10_000n + PRICE_BAND_BPS)) / 10_000n,
  };
}

/** Whether the account a position of this user on this contract belongs to is at or past liquidation now. */
function inLiquidation(ctx: CommandContext, b: PerpBook, c: Contract, userId: number): boolean {
  const p = b.position(userId, c.symbol);
  if (p?.mode === 'isolated') return b.isolatedLiquidatable(p);
  return b.crossLiquidatable(ctx.risk, userId, c.marginAsset);
}

/** The user's resting quantity on a contract that would add to the position in a direction (1 buy, −1 sell). */
function pendingQty(b: PerpBook, userId: number, symbol: string, buy: boolean): bigint {
  let sum = 0n;
  for (const o of b.ordersByUser.get(userId) ?? [])
    if (o.symbol === symbol && !o.reduceOnly && (o.side === 'buy') === buy) sum += o.quantity - o.filledQty;
  return sum;
}

/**
 * Places an order on a book and settles what it matched. User orders pass the risk check first (leverage,
 * brackets, margin against what the account can commit); liquidation and take-profit or stop-loss closes are
 * reduce-only and hold nothing. Every close but a liquidation's stays within its bound (close-limit.ts). A
 * refusal comes before anything changes.
 */
export function place(ctx: CommandContext, r: PlacePerp): PlaceResult {
  const b = book(ctx);
  const c = b.contract(r.symbol);
  const st = b.prices(c.symbol);
  if (r.clientKey) {
    const seen = b.clientKeys.get(`${r.userId}:${r.clientKey}`);
    if (seen && ctx.now - seen.at < CLIENT_KEY_MS) return { id: seen.orderId };
  }
  if (st.mark === undefined) fail('perpNoPrice');
  const pos = b.position(r.userId, c.symbol) ?? { ...FLAT, mode: 'cross' as const, leverage: DEFAULT_LEVERAGE };
  if (r.source === 'user' && inLiquidation(ctx, b, c, r.userId)) fail('perpInLiquidation');
  let side = r.side;
  let qty = r.quantity;
  const reduceOnly = r.reduceOnly || r.closePosition;
  if (r.closePosition) {
    if (pos.qty === 0n) fail('perpNoPosition');
    side = pos.qty > 0n ? 'sell' : 'buy';
    qty = abs(pos.qty);
  }
  if (reduceOnly) {
    if (pos.qty === 0n || pos.qty > 0n === (side === 'buy')) fail('perpReduceOnlyWouldIncrease');
    if (qty > abs(pos.qty)) qty = abs(pos.qty);
  }
  const { min, max } = band(st.mark);
  let price = r.price;
  if (r.kind === 'market') price = side === 'buy' ? max : min;
  else if (r.source !== 'liquidation' && (price < min || price > max)) {
    fail('priceOutOfBand', { min: formatUnits(min, c.priceScale), max: formatUnits(max, c.priceScale) });
  }
  let margin = 0n;
  if (!reduceOnly) {
    const check = checkOrder(
      {
        contract: c,
        leverage: BigInt(pos.leverage),
        position: pos,
        pending: pendingQty(b, r.userId, c.symbol, side === 'buy'),
        mark: st.mark,
        available: b.free(ctx.risk, r.userId, c.marginAsset),
        feeBps: heldFeeBps(c, pos.mode),
      },
      { qty: side === 'buy' ? qty : -qty, price },
    );
    if (!check.ok) fail(REFUSAL[check.reason]);
    margin = check.margin;
  }
  const closing = b.position(r.userId, c.symbol);
  if (r.source !== 'liquidation' && closes(closing, side)) {
    const limit = closeLimit(ctx.risk, c, closing, margin);
    if (pastLimit(side, price, limit)) {
      if (r.kind !== 'market') fail('perpCloseBeyondBankruptcy', { price: formatUnits(limit, c.priceScale) });
      price = limit;
    }
  }
  const id = b.peekId('order');
  if (margin > 0n)
    ctx.risk.hold(orderHoldId(id), r.userId, ACCOUNT.contract, c.marginAsset, margin, {
      billType: 'perp_margin',
      refType: 'perp_order',
      refId: id,
    });
  // The number is taken only once the hold stands: a refused order leaves no trace in the state.
  b.nextId('order');
  const p = b.positionFor(r.userId, c.symbol, ctx.now);
  const order: PerpOrderRow = {
    id,
    symbol: c.symbol,
    userId: r.userId,
    side,
    kind: r.kind,
    tif: r.kind === 'market' && r.tif !== 'FOK' ? 'IOC' : r.tif,
    price,
    quantity: qty,
    filledQty: 0n,
    filledValue: 0n,
    fee: 0n,
    margin,
    reduceOnly,
    mode: p.mode,
    leverage: p.leverage,
    source: r.source,
    realised: 0n,
    status: 'open',
    doneReason: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  b.addOrder(order);
  b.touchOrder(order, ctx.now);
  if (r.clientKey) {
    // Keys are kept in the order they came, so the expired ones are at the front.
    for (const [key, seen] of b.clientKeys) {
      if (ctx.now - seen.at < CLIENT_KEY_MS) break;
      b.clientKeys.delete(key);
    }
    const key = `${r.userId}:${r.clientKey}`;
    b.clientKeys.delete(key);
    b.clientKeys.set(key, { orderId: id, at: ctx.now });
  }
  for (const o of unpayableMakers(ctx.risk, b, c, r.userId, side, price)) cancel(ctx, o.userId, o.id);
  for (const o of overReducingMakers(b, c, r.userId, side, price, qty)) cancel(ctx, o.userId, o.id);
  const activity: PerpActivity = { symbol: c.symbol, trades: [], last: undefined, users: [r.userId] };
  const events: EngineEvent[] = [];
  b.engine(c.symbol).apply(
    {
      type: 'place',
      orderId: id,
      userId: r.userId,
      side,
      kind: 'limit',
      price: Number(price),
      quantity: Number(qty),
      tif: order.tif,
    },
    events,
  );
  settleEvents(ctx, b, c, events, activity);
  ctx.emit(PERP_ACTIVITY, activity);
  const answer = { ...order };
  if (activity.trades.length)
    triggerStops(
      ctx,
      b,
      c,
      'last',
      activity.trades.map((t) => t.price),
    );
  return { id, order: answer };
}

/**
 * Fires the conditional orders a price move reached. `path` is the prices it printed, oldest first (a mark tick's one
 * mark, an order's trade prices): take-profit and stop-loss look at where it ended, trailing stops follow it step by
 * step (trailing.ts). What the move crossed fires in the order it was crossed (the step), then in the order it was
 * placed (earliest first; at the same millisecond take-profit and stop-loss, then trailing stops, then conditional
 * orders with a quantity, perp-conditional.ts; then by id). Each trigger places a reduce-only market close on the
 * position as it stands when its turn comes, so none opens or turns a position; one whose position is gone is
 * cancelled.
 */
export function triggerStops(
  ctx: CommandContext,
  b: PerpBook,
  c: Contract,
  by: 'mark' | 'last',
  path: readonly bigint[],
): void {
  const price = path[path.length - 1]!;
  const last = path.length - 1;
  type Due = { step: number; at: number; order: number; id: number; fire: () => void };
  const due: Due[] = [];
  // The order below is total (ids are unique), so it does not depend on the order the index answers in.
  for (const s of b.stopIndex.reached(c.symbol, by, price))
    due.push({ step: last, at: s.createdAt, order: 0, id: s.id, fire: () => fireStop(ctx, b, c, s) });
  for (const { trailing: t, step } of advanceTrailing(b, c, by, path, ctx.now))
    due.push({ step, at: t.createdAt, order: 1, id: t.id, fire: () => fireTrailing(ctx, b, c, t) });
  for (const { order: o, step } of dueConditionals(b, c, by, path))
    due.push({ step, at: o.createdAt, order: 2, id: o.id, fire: () => fireConditional(ctx, b, c, o) });
  due.sort((x, y) => x.step - y.step || x.at - y.at || x.order - y.order || x.id - y.id);
  for (const d of due) d.fire();
}

function fireStop(ctx: CommandContext, b: PerpBook, c: Contract, s: StopRow): void {
  if (s.status !== 'active') return;
  const p = b.position(s.userId, s.symbol);
  s.status = 'triggered';
  if (p && p.qty !== 0n) {
    const r = place(ctx, {
      symbol: c.symbol,
      userId: s.userId,
      side: p.qty > 0n ? 'sell' : 'buy',
      kind: 'market',
      tif: 'IOC',
      price: 0n,
      quantity: 0n,
      reduceOnly: true,
      closePosition: true,
      source: s.kind,
    });
    s.orderId = r.id;
  }
  b.touchStop(s, ctx.now);
}

/** A trailing stop's market close, for its quantity or what is left of the position if that is less. */
function fireTrailing(ctx: CommandContext, b: PerpBook, c: Contract, t: TrailingRow): void {
  if (t.status !== 'active') return;
  const p = b.position(t.userId, t.symbol);
  if (!reduces(p, t.side)) {
    t.status = 'cancelled';
    return touchTrailing(b, t, ctx.now);
  }
  t.status = 'triggered';
  const size = abs(p.qty);
  const r = place(ctx, {
    symbol: c.symbol,
    userId: t.userId,
    side: t.side,
    kind: 'market',
    tif: 'IOC',
    price: 0n,
    quantity: t.quantity < size ? t.quantity : size,
    reduceOnly: true,
    closePosition: false,
    source: 'trailingStop',
  });
  t.orderId = r.id;
  touchTrailing(b, t, ctx.now);
}

/** Cancels a user's resting order; answers it as it ended. */
export function cancel(ctx: CommandContext, userId: number, orderId: number): PerpOrderRow {
  const b = book(ctx);
  const o = b.live.get(orderId);
  if (!o) fail('orderNotOpen');
  if (o.userId !== userId) fail('orderNotFound');
  const events: EngineEvent[] = [];
  b.engine(o.symbol).apply({ type: 'cancel', orderId, userId }, events);
  const activity: PerpActivity = { symbol: o.symbol, trades: [], last: undefined, users: [userId] };
  settleEvents(ctx, b, b.contract(o.symbol), events, activity);
  ctx.emit(PERP_ACTIVITY, activity);
  return { ...o };
}

/** Cancels every resting order of a user on some contracts; answers how many. */
export function cancelAll(ctx: CommandContext, userId: number, symbols: readonly string[]): number {
  const b = book(ctx);
  let n = 0;
  for (const o of b.userOrders(userId).sort((x, y) => x.id - y.id)) {
    if (!symbols.includes(o.symbol)) continue;
    cancel(ctx, userId, o.id);
    n++;
  }
  return n;
}

export const placePerpOrder = jsonCommand<PlacePerp, PlaceResult>('perp.place', (ctx, r) => {
  const result = place(ctx, r);
  finish(ctx);
  return result;
});

export const cancelPerpOrder = tupleCommand<{ userId: number; orderId: number }, PerpOrderRow>(
  'perp.cancel',
  ['userId', 'orderId'],
  (ctx, { userId, orderId }) => {
    const o = cancel(ctx, userId, orderId);
    finish(ctx);
    return o;
  },
);

/** Cancels the user's orders and closes every position on the contracts listed, at market (one-step close). */
export const closeAllPerp = tupleCommand<{ userId: number; symbols: string[] }, { closed: number; cancelled: number }>(
  'perp.closeAll',
  ['userId', 'symbols'],
  (ctx, { userId, symbols }) => {
    const b = book(ctx);
    const cancelled = cancelAll(ctx, userId, symbols);
    let closed = 0;
    for (const symbol of symbols) {
      const p = b.position(userId, symbol);
      if (!p || p.qty === 0n) continue;
      place(ctx, {
        symbol,
        userId,
        side: p.qty > 0n ? 'sell' : 'buy',
        kind: 'market',
        tif: 'IOC',
        price: 0n,
        quantity: 0n,
        reduceOnly: true,
        closePosition: true,
        source: 'user',
      });
      closed++;
    }
    finish(ctx);
    return { closed, cancelled };
  },
);

/**
 * The end of every perpetual command: take-profit, stop-loss and trailing stop orders of positions that closed or
 * turned are cancelled, marked accounts get new triggers.
 */
export function finish(ctx: CommandContext): void {
  const b = book(ctx);
  for (const id of b.changedPositions) {
    const p = b.positionsById.get(id)!;
    for (const s of b.stopsOf(p.userId, p.symbol)) {
      if (p.qty === 0n || (p.qty > 0n ? 'long' : 'short') !== s.positionSide) {
        s.status = 'cancelled';
        b.touchStop(s, ctx.now);
      }
    }
    endOrphanTrailing(b, p, ctx.now);
    endOrphanReduceOnly(ctx, b, p);
  }
  for (const key of b.takeMarked()) b.retrigger(ctx.risk, key);
  if (b.changedUsers.size) {
    ctx.emit(PERP_CHANGED, { users: [...b.changedUsers], positions: [...b.changedPositions] } satisfies PerpChange);
    b.changedUsers.clear();
    b.changedPositions.clear();
  }
}

export const ORDER_COMMANDS = [placePerpOrder, cancelPerpOrder, closeAllPerp];
