/**
 * Spot's conditional orders as commands of the trading core (docs/products/spot.md, "Conditional orders"): stop
 * orders (Binance's STOP_LOSS, STOP_LOSS_LIMIT, TAKE_PROFIT, TAKE_PROFIT_LIMIT), OCOs (a LIMIT_MAKER and a stop leg)
 * and the TP/SL of a limit buy. They hold their funds from placement. They fire on the last trade price inside the
 * spot command that printed it (the books' MatchListener), so a replay of the journal fires the same ones.
 */
import { formatUnits } from '../../../isomorphic/money/units.ts';
import { jsonCommand, type CommandContext } from '../../core/command.ts';
import { ACCOUNT } from '../../ledger/account-types.ts';
import type { EngineEvent } from '../../matching/types.ts';
import { fail } from '../../outcome.ts';
import { baseUnits, notional, type Market } from '../market.ts';
import type { OrderRow } from '../orders.repo.ts';
import type { SettledTrade } from '../settlement.ts';
import { SPOT_ACTIVITY, match, place, type SpotActivity } from '../spot.commands.ts';
import { holdOf } from '../spot-rule.ts';
import {
  CONDITIONAL_PART,
  firesRising,
  placedHold,
  placedKind,
  reached,
  stopHoldIdOf,
  type ConditionalBook,
  type ConditionalWork,
} from './conditional-book.ts';
import type { ConditionalRow, StopType } from './conditional.repo.ts';

/**
 * At most this many conditional orders fire in one command. Each fires once and leaves the book of triggers, so a
 * cascade ends anyway; the bound keeps one command short. A command that stops at it with reached triggers left
 * emits STOPS_DUE, and the feature (conditional.feature.ts) submits `spot.stop.fireDue` for those markets at once,
 * which fires the next ones at the market's last price, and so on until none is reached: a price that crosses a
 * thousand stops fires all thousand, in their order, a bounded command at a time.
 */
export const MAX_FIRES_PER_COMMAND = 32;
/** Markets a command left with triggers their last price has reached (payload: their symbols). */
export const STOPS_DUE = 'spot.stops.due';

const partOf = (ctx: CommandContext) => ctx.part<ConditionalBook>(CONDITIONAL_PART);

const FREEZE = (id: number) => ({ billType: 'order_freeze' as const, refType: 'order', refId: id });
const UNFREEZE = (id: number) => ({ billType: 'order_unfreeze' as const, refType: 'order', refId: id });

/** Tells the owner's order screens that their conditional orders changed (the private feed listens). */
function announce(ctx: CommandContext, symbol: string, userId: number): void {
  ctx.emit(SPOT_ACTIVITY, { symbol, trades: [], users: [userId] } satisfies SpotActivity);
}

function lastPrice(c: ConditionalBook, m: Market): bigint {
  const last = c.last.get(m.symbol);
  if (last === undefined) fail('noLastPrice');
  return last;
}

/** A stop that the last price has reached already would fire at once: Binance refuses it (-2010), and so do we. */
function refuseReached(m: Market, c: Pick<ConditionalRow, 'side' | 'type' | 'stopPrice'>, last: bigint): void {
  if (reached(c, last))
    fail(firesRising(c) ? 'triggerMustBeAbove' : 'triggerMustBeBelow', { price: formatUnits(last, m.priceScale) });
}

/** Gives back what a conditional order's own hold still sets aside. */
function release(ctx: CommandContext, s: ConditionalRow): void {
  if (s.frozen > 0n) ctx.risk.release(stopHoldIdOf(s.id), UNFREEZE(s.id));
  s.frozen = 0n;
}

/**
 * Ends an open conditional order without placing it. Its owner's cancel takes its OCO's limit leg with it; when the
 * leg itself traded (`byLeg`), the leg stays on the book with what is left of it.
 */
function end(
  ctx: CommandContext,
  c: ConditionalBook,
  s: ConditionalRow,
  status: 'cancelled' | 'expired',
  byLeg = false,
): void {
  const books = c.spot();
  // Out of the indexes first: the limit leg's done event below must not end it a second time.
  c.remove(s);
  release(ctx, s);
  s.status = status;
  c.touch(s, ctx.now);
  if (!byLeg && s.limitOrderId && books.live.has(s.limitOrderId))
    match(ctx, books.market(s.symbol), { type: 'cancel', orderId: s.limitOrderId, userId: s.userId }, [s.userId]);
  else announce(ctx, s.symbol, s.userId);
}

/**
 * Fires one conditional order: its OCO's limit leg is cancelled, its hold goes back and the order it stands for is
 * placed at once, holding the same funds again (so nothing else can take them in between: one command).
 */
function fire(ctx: CommandContext, c: ConditionalBook, s: ConditionalRow): void {
  const books = c.spot();
  const m = books.market(s.symbol);
  c.remove(s);
  if (s.limitOrderId && books.live.has(s.limitOrderId))
    match(ctx, m, { type: 'cancel', orderId: s.limitOrderId, userId: s.userId }, [s.userId]);
  release(ctx, s);
  c.touch(s, ctx.now);
  const need = placedHold(m, s);
  // What it held is back, so this holds only if the market closed meanwhile.
  if (!books.engines.has(m.symbol) || ctx.risk.available(s.userId, ACCOUNT.spot, need.asset) < need.amount) {
    s.status = 'expired';
    announce(ctx, s.symbol, s.userId);
    return;
  }
  s.status = 'triggered';
  s.orderId = books.peekOrderId();
  const kind = placedKind(s);
  place(ctx, {
    symbol: s.symbol,
    userId: s.userId,
    side: s.side,
    kind,
    tif: kind === 'market' && s.tif !== 'FOK' ? 'IOC' : s.tif,
    price: s.price,
    quantity: s.quantity,
    quoteBudget: s.quoteBudget,
  });
}

/**
 * A TP/SL's limit buy has ended: its sell OCO is placed for the base it bought, less the fee paid in it, down to
 * the lot (and no more than is still available). Nothing bought, or too little to sell, expires it.
 */
function placeTpSlOco(ctx: CommandContext, c: ConditionalBook, s: ConditionalRow, parent: OrderRow | undefined): void {
  const books = c.spot();
  const m = books.market(s.symbol);
  c.remove(s);
  c.touch(s, ctx.now);
  const unit = baseUnits(m, 1n);
  const bought = parent ? baseUnits(m, parent.filledQty) - parent.fee : 0n;
  const available = ctx.risk.available(s.userId, ACCOUNT.spot, m.base);
  const units = (bought < available ? bought : available) / unit;
  const qty = units - (units % m.lot);
  if (!books.engines.has(m.symbol) || qty < m.minQty || notional(m, s.tpPrice, qty) < m.minNotional) {
    s.status = 'expired';
    announce(ctx, s.symbol, s.userId);
    return;
  }
  s.quantity = qty;
  s.status = 'pending';
  s.limitOrderId = books.peekOrderId();
  // Indexed before its limit leg is placed, so the leg's own first trades reach it.
  c.add(s);
  // A take-profit already below the price sells at once (GTC, not maker only: the buy filled, the position is real).
  place(ctx, {
    symbol: s.symbol,
    userId: s.userId,
    side: 'sell',
    kind: 'limit',
    tif: 'GTC',
    price: s.tpPrice,
    quantity: qty,
    quoteBudget: 0n,
  });
  // A stop-loss the price has already passed is protective: it fires in this command.
  c.moved.add(m.symbol);
}

function handle(ctx: CommandContext, c: ConditionalBook, w: ConditionalWork): void {
  const s = c.open.get(w.id);
  if (w.kind === 'leg') {
    // Binance's OCO: any fill of the limit leg expires the stop leg; cancelling either leg cancels the list.
    if (s?.status === 'pending') end(ctx, c, s, w.traded ? 'expired' : 'cancelled', true);
  } else if (s?.status === 'waiting') {
    placeTpSlOco(ctx, c, s, c.ended.get(s.parentOrderId));
  }
}

/**
 * The next conditional order to fire: of the markets whose last price moved in this command, in the order they
 * moved, the pending orders the price has reached. Falling triggers go first, the highest stop first; then rising
 * ones, the lowest first: the order a price path reaches them. Equal stops fire in the order they were placed.
 */
function nextToFire(c: ConditionalBook): ConditionalRow | undefined {
  for (const symbol of c.moved) {
    const next = c.pending.get(symbol)?.next(c.last.get(symbol)!);
    if (next) return next;
    c.moved.delete(symbol);
  }
  return undefined;
}

/**
 * Runs what a command's settled events asked for, then the triggers they reached, one at a time; answers whether it
 * stopped at the bound with a reached trigger left.
 */
function drain(ctx: CommandContext, c: ConditionalBook): boolean {
  let fires = 0;
  for (;;) {
    const w = c.work.shift();
    if (w) {
      handle(ctx, c, w);
      continue;
    }
    if (fires >= MAX_FIRES_PER_COMMAND) return nextToFire(c) !== undefined;
    const next = nextToFire(c);
    if (!next) return false;
    fire(ctx, c, next);
    fires++;
  }
}

/** A command's outermost conditional work (matches inside it only record), then its transient state reset. */
function runAll(ctx: CommandContext, c: ConditionalBook): void {
  c.firing = true;
  try {
    // What is left in `moved` starts at the market whose reached trigger stopped the run.
    if (drain(ctx, c)) ctx.emit(STOPS_DUE, [...c.moved]);
  } finally {
    c.firing = false;
    c.work = [];
    c.moved.clear();
    c.ended.clear();
  }
}

/** The spot books' listener: what each match means for the conditional orders. */
export function conditionalListener(c: ConditionalBook) {
  return {
    beforeSettle(events: readonly EngineEvent[]): void {
      if (!c.byLimitLeg.size && !c.byParent.size) return;
      for (const e of events) {
        if (e.type === 'trade') {
          for (const id of [e.makerOrderId, e.takerOrderId]) {
            const leg = c.byLimitLeg.get(id);
            if (leg) c.work.push({ kind: 'leg', id: leg.id, traded: true });
          }
        } else if (e.type === 'done') {
          const leg = c.byLimitLeg.get(e.orderId);
          if (leg) c.work.push({ kind: 'leg', id: leg.id, traded: false });
          const tpsl = c.byParent.get(e.orderId);
          if (tpsl) {
            // Its row leaves the books as it settles: kept here to read what it bought.
            const parent = c.spot().live.get(e.orderId);
            if (parent) c.ended.set(e.orderId, parent);
            c.work.push({ kind: 'parent', id: tpsl.id });
          }
        }
      }
    },
    afterSettle(ctx: CommandContext, m: Market, trades: readonly SettledTrade[]): void {
      if (trades.length) {
        c.last.set(m.symbol, trades[trades.length - 1]!.price);
        if (c.pending.get(m.symbol)?.size) c.moved.add(m.symbol);
      }
      // A match inside a firing only records: the outermost one runs everything, one step at a time.
      if (c.firing || (!c.work.length && !c.moved.size)) return;
      runAll(ctx, c);
    },
  };
}

/** A stop order as the service checked it. */
export interface StopCommand {
  symbol: string;
  userId: number;
  side: 'buy' | 'sell';
  type: StopType;
  stopPrice: bigint;
  price: bigint;
  quantity: bigint;
  quoteBudget: bigint;
  tif: ConditionalRow['tif'];
}

function newRow(ctx: CommandContext, id: number, r: StopCommand): ConditionalRow {
  return {
    id,
    listId: 0,
    ...r,
    frozen: 0n,
    status: 'pending',
    limitOrderId: 0,
    parentOrderId: 0,
    tpPrice: 0n,
    orderId: 0,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
}

/** Holds `amount` for a conditional order, or refuses it before anything changed. */
function holdFor(ctx: CommandContext, s: ConditionalRow, asset: string, amount: bigint): void {
  if (amount <= 0n) return;
  ctx.risk.hold(stopHoldIdOf(s.id), s.userId, ACCOUNT.spot, asset, amount, FREEZE(s.id));
  s.frozen = amount;
}

/** Places a stop order: refused when its trigger is already reached; holds what its order will need. */
export const placeStop = jsonCommand<StopCommand, ConditionalRow>('spot.stop.place', (ctx, r) => {
  const c = partOf(ctx);
  const books = c.spot();
  const m = books.market(r.symbol);
  books.engine(m.symbol);
  refuseReached(m, r, lastPrice(c, m));
  const s = newRow(ctx, books.peekOrderId(), r);
  const h = placedHold(m, s);
  holdFor(ctx, s, h.asset, h.amount);
  books.orderId();
  c.add(s);
  c.touch(s, ctx.now);
  announce(ctx, s.symbol, s.userId);
  return { ...s };
});

/** An OCO as the service checked it: a LIMIT_MAKER at `limitPrice` and a stop leg, for one quantity. */
export interface OcoCommand {
  symbol: string;
  userId: number;
  side: 'buy' | 'sell';
  quantity: bigint;
  limitPrice: bigint;
  stopPrice: bigint;
  /** The stop leg's limit price; 0 for a stop-market leg. */
  stopLimitPrice: bigint;
  /** A stop-market buy leg: the quote it may spend. */
  quoteBudget: bigint;
  stopTif: ConditionalRow['tif'];
}

export interface PlacedOco {
  stop: ConditionalRow;
  limit: OrderRow;
}

/**
 * Places an OCO (Binance's rule: a sell's limit above the last price and its stop below; a buy's the other way).
 * The limit leg holds as any limit order; the stop leg holds only what its own order needs beyond that (a buy's
 * stop-limit above the limit), so the pair holds once for both legs.
 */
export const placeOco = jsonCommand<OcoCommand, PlacedOco>('spot.oco.place', (ctx, r) => {
  const c = partOf(ctx);
  const books = c.spot();
  const m = books.market(r.symbol);
  const engine = books.engine(m.symbol);
  const last = lastPrice(c, m);
  const type: StopType = r.stopLimitPrice ? 'STOP_LOSS_LIMIT' : 'STOP_LOSS';
  const stop = { side: r.side, type, stopPrice: r.stopPrice };
  const price = formatUnits(last, m.priceScale);
  if (r.side === 'sell' && r.limitPrice <= last) fail('ocoLimitMustBeAbove', { price });
  if (r.side === 'buy' && r.limitPrice >= last) fail('ocoLimitMustBeBelow', { price });
  refuseReached(m, stop, last);
  // The limit leg is LIMIT_MAKER: refused here, before anything changes, rather than cancelled by the book.
  const ticks = Number(r.limitPrice / m.tick);
  const bid = engine.bestBid();
  const ask = engine.bestAsk();
  if ((r.side === 'sell' && bid !== null && ticks <= bid) || (r.side === 'buy' && ask !== null && ticks >= ask))
    fail('ocoLimitWouldTake');
  const s = newRow(ctx, books.peekOrderId(), {
    symbol: m.symbol,
    userId: r.userId,
    ...stop,
    price: r.stopLimitPrice,
    quantity: r.quantity,
    quoteBudget: r.quoteBudget,
    tif: r.stopTif,
  });
  const limitHold = holdOf(m, {
    side: r.side,
    kind: 'limit',
    price: r.limitPrice,
    quantity: r.quantity,
    quoteBudget: 0n,
  });
  const stopHold = placedHold(m, s);
  const extra = stopHold.amount > limitHold.amount ? stopHold.amount - limitHold.amount : 0n;
  if (ctx.risk.available(r.userId, ACCOUNT.spot, limitHold.asset) < limitHold.amount + extra)
    fail('insufficientBalance');
  books.orderId();
  s.listId = c.listId();
  s.limitOrderId = books.peekOrderId();
  holdFor(ctx, s, stopHold.asset, extra);
  c.add(s);
  c.touch(s, ctx.now);
  const limit = place(ctx, {
    symbol: m.symbol,
    userId: r.userId,
    side: r.side,
    kind: 'limit',
    tif: 'POST_ONLY',
    price: r.limitPrice,
    quantity: r.quantity,
    quoteBudget: 0n,
  });
  return { stop: { ...s }, limit };
});

/** A limit buy with a take-profit and a stop-loss, as the service checked it. */
export interface TpSlCommand {
  symbol: string;
  userId: number;
  price: bigint;
  quantity: bigint;
  tif: OrderRow['tif'];
  tpPrice: bigint;
  slStop: bigint;
  /** The stop-loss's limit price; 0 sells at market. */
  slPrice: bigint;
}

export interface PlacedTpSl {
  stop: ConditionalRow;
  order: OrderRow;
}

/**
 * Places a limit buy with a TP/SL waiting on it: once the buy has ended with a fill (docs/products/spot.md), a sell
 * OCO for what it bought is placed, take-profit limit at `tpPrice`, stop-loss at `slStop`.
 */
export const placeTpSl = jsonCommand<TpSlCommand, PlacedTpSl>('spot.tpsl.place', (ctx, r) => {
  const c = partOf(ctx);
  const books = c.spot();
  const m = books.market(r.symbol);
  books.engine(m.symbol);
  const buy = { side: 'buy' as const, kind: 'limit' as const, price: r.price, quantity: r.quantity, quoteBudget: 0n };
  const need = holdOf(m, buy);
  // Checked first: the buy's hold is the only thing that can refuse, and it comes after the TP/SL is numbered.
  if (ctx.risk.available(r.userId, ACCOUNT.spot, need.asset) < need.amount) fail('insufficientBalance');
  const s = newRow(ctx, books.orderId(), {
    symbol: m.symbol,
    userId: r.userId,
    side: 'sell',
    type: r.slPrice ? 'STOP_LOSS_LIMIT' : 'STOP_LOSS',
    stopPrice: r.slStop,
    price: r.slPrice,
    quantity: 0n,
    quoteBudget: 0n,
    tif: 'GTC',
  });
  s.status = 'waiting';
  s.listId = c.listId();
  s.tpPrice = r.tpPrice;
  s.parentOrderId = books.peekOrderId();
  c.add(s);
  c.touch(s, ctx.now);
  const order = place(ctx, { symbol: m.symbol, userId: r.userId, ...buy, tif: r.tif });
  return { stop: { ...s }, order };
});

function ownOpen(c: ConditionalBook, userId: number, s: ConditionalRow | undefined): ConditionalRow {
  if (!s) fail('orderNotOpen');
  if (s.userId !== userId) fail('orderNotFound');
  return s;
}

/** Cancels one of the user's conditional orders; an OCO's stop leg takes its limit leg with it (Binance's rule). */
export const cancelStop = jsonCommand<{ userId: number; id: number }, ConditionalRow>(
  'spot.stop.cancel',
  (ctx, { userId, id }) => {
    const c = partOf(ctx);
    const s = ownOpen(c, userId, c.open.get(id));
    end(ctx, c, s, 'cancelled');
    return { ...s };
  },
);

/** Cancels one of the user's order lists (an OCO, or a TP/SL still waiting for its buy) by its list id. */
export const cancelList = jsonCommand<{ userId: number; listId: number }, ConditionalRow>(
  'spot.list.cancel',
  (ctx, { userId, listId }) => {
    const c = partOf(ctx);
    const s = ownOpen(
      c,
      userId,
      [...c.open.values()].find((x) => x.listId === listId),
    );
    end(ctx, c, s, 'cancelled');
    return { ...s };
  },
);

/** Cancels every open conditional order of the user in one market; answers how many. */
export const cancelAllStops = jsonCommand<{ userId: number; symbol: string }, number>(
  'spot.stop.cancelAll',
  (ctx, { userId, symbol }) => {
    const c = partOf(ctx);
    const mine = [...c.open.values()].filter((s) => s.userId === userId && s.symbol === symbol);
    for (const s of mine) end(ctx, c, s, 'cancelled');
    return mine.length;
  },
);

/** Fires the next reached triggers of a market at its last price (after STOPS_DUE); answers how many left the book. */
export const fireDueStops = jsonCommand<{ symbol: string }, number>('spot.stop.fireDue', (ctx, { symbol }) => {
  const c = partOf(ctx);
  const queue = c.pending.get(symbol);
  if (c.firing || !queue?.size || !c.last.has(symbol)) return 0;
  const before = queue.size;
  c.moved.add(symbol);
  runAll(ctx, c);
  return before - queue.size;
});

export const CONDITIONAL_COMMANDS = [
  placeStop,
  placeOco,
  placeTpSl,
  cancelStop,
  cancelList,
  cancelAllStops,
  fireDueStops,
];
