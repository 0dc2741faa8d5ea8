/**
 * Spot's commands inside the trading core (server/core/core.ts sequences and journals them): an order arrives here
 * checked and built by the spot service (spot.service.ts); `place` holds its funds through the account's risk rule,
 * matches it on the book (server/matching) and settles the fills (settlement.ts). The books' changes go to the
 * projector (spot-books.ts), and the batch's SPOT_ACTIVITY, once durable, to the market-data listener
 * (server/market-data/market-data.ts) and the private feed (server/feeds/private/account-events.ts).
 */
import { fail } from '../outcome.ts';
import { amountOut, readString, tupleCommand, type CommandContext, type CommandType } from '../core/command.ts';
import type { MatchingEngine } from '../matching/engine.ts';
import type { EngineEvent, PlaceCommand as EnginePlace } from '../matching/types.ts';
import { notional, type Market } from './market.ts';
import { hasEnded, settle, type SettledTrade } from './settlement.ts';
import { SPOT_PART, type SpotBooks } from './spot-books.ts';
import type { PlaceCommand, PlaceRequest } from './order-checks.ts';
import type { OrderAccount, OrderRow } from './orders.repo.ts';

/**
 * A placed order as the core journals it: the symbol, side, kind and time in force as the batch's strings (journals
 * before them: the strings themselves), each amount as `amountOut` writes it (journals before: its digits).
 */
type Text = number | string;
type EncodedPlace = [Text, number, Text, Text, Text, Text, Text, Text];

export type { PlaceCommand } from './order-checks.ts';

const engineOf = (ctx: CommandContext) => ctx.part<SpotBooks>(SPOT_PART);

/** The trades and users of one spot command, for market data and the feeds once its batch is durable. */
export interface SpotActivity {
  symbol: string;
  trades: SettledTrade[];
  users: number[];
}

export const SPOT_ACTIVITY = 'spot.activity';

/** Sends a command to a book and settles what it did; answers the engine's events. */
export function match(
  ctx: CommandContext,
  m: Market,
  command: Parameters<MatchingEngine['apply']>[0],
  users: number[],
): EngineEvent[] {
  const books = engineOf(ctx);
  const events: EngineEvent[] = [];
  books.engine(m.symbol).apply(command, events);
  books.listener?.beforeSettle(events);
  const trades = settle(ctx.risk, m, ctx.now, books, events);
  for (const t of trades) users.push(t.makerUserId, t.takerUserId);
  ctx.emit(SPOT_ACTIVITY, { symbol: m.symbol, trades, users } satisfies SpotActivity);
  // Last: the conditional orders a trade fires are placed by commands of their own kind, which match in turn.
  books.listener?.afterSettle(ctx, m, trades);
  return events;
}

/** How a margin order differs from a spot one: the account it trades from and what it borrowed. */
interface PlaceOptions {
  account: OrderAccount;
  autoRepay: boolean;
  borrowed: bigint;
}

const SPOT_ORDER: PlaceOptions = { account: 'spot', autoRepay: false, borrowed: 0n };

/**
 * Places an order from an account: hold the funds (the account's risk rule), match, settle; answers the order as it
 * stands after matching. Spot orders come through `placeOrder`; margin orders and liquidations call it directly.
 */
export function place(ctx: CommandContext, r: PlaceCommand, opts: PlaceOptions = SPOT_ORDER): OrderRow {
  const books = engineOf(ctx);
  const m = books.market(r.symbol);
  books.engine(m.symbol);
  const order: OrderRow = {
    id: books.peekOrderId(),
    symbol: m.symbol,
    userId: r.userId,
    side: r.side,
    kind: r.kind,
    tif: r.tif,
    price: r.price,
    quantity: r.quantity,
    quoteBudget: r.quoteBudget,
    filledQty: 0n,
    filledQuote: 0n,
    fee: 0n,
    frozen: 0n,
    status: 'open',
    doneReason: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
    account: opts.account,
    autoRepay: opts.autoRepay,
    borrowed: opts.borrowed,
  };
  books.ruleOf(order).hold(ctx.risk, { market: m, order });
  // The number is taken only once the hold stands: a refused order leaves no trace in the state.
  books.orderId();
  books.live.set(order.id, order);
  books.touch(order, ctx.now);
  const marketBuy = r.kind === 'market' && r.side === 'buy';
  const command: EnginePlace = {
    type: 'place',
    orderId: order.id,
    userId: r.userId,
    side: r.side,
    kind: r.kind,
    price: Number(r.price / m.tick),
    // A market buy by its total alone has no quantity (0): only the budget stops it.
    quantity: marketBuy && r.quantity === 0n ? Number.MAX_SAFE_INTEGER : Number(r.quantity / m.lot),
    tif: r.tif,
  };
  // One step of the quote in the engine's units (tick × lot) in quote-asset units, for a market buy's budget.
  if (marketBuy) command.quoteBudget = Number(r.quoteBudget / notional(m, m.tick, m.lot));
  match(ctx, m, command, [r.userId]);
  // A copy while it rests: a later command of the batch may fill it before the answer is sent.
  return hasEnded(order) ? order : { ...order };
}

/** Places a spot order. */
export const placeOrder: CommandType<PlaceCommand, OrderRow> = {
  type: 'spot.place',
  encode: (r, strings): EncodedPlace => [
    strings.id(r.symbol),
    r.userId,
    strings.id(r.side),
    strings.id(r.kind),
    strings.id(r.tif),
    amountOut(r.price),
    amountOut(r.quantity),
    amountOut(r.quoteBudget),
  ],
  decode(v, strings) {
    const [symbol, userId, side, kind, tif, price, quantity, quoteBudget] = v as EncodedPlace;
    return {
      symbol: readString(symbol, strings),
      userId,
      side: readString(side, strings) as PlaceRequest['side'],
      kind: readString(kind, strings) as PlaceRequest['kind'],
      tif: readString(tif, strings) as PlaceRequest['tif'],
      price: BigInt(price),
      quantity: BigInt(quantity),
      quoteBudget: BigInt(quoteBudget),
    };
  },
  apply: (ctx, r) => place(ctx, r),
};

/** Cancels one of the user's own resting orders; `orderNotOpen` when it has just left the book. */
export const cancelOrder = tupleCommand<{ userId: number; orderId: number }, OrderRow>(
  'spot.cancel',
  ['userId', 'orderId'],
  (ctx, { userId, orderId }) => {
    const books = engineOf(ctx);
    const o = books.live.get(orderId);
    if (!o) fail('orderNotOpen');
    if (o.userId !== userId) fail('orderNotFound');
    match(ctx, books.market(o.symbol), { type: 'cancel', orderId, userId }, [userId]);
    return { ...o };
  },
);

/** Cancels every resting order of the user in one market; answers how many. */
export const cancelAllOrders = tupleCommand<{ userId: number; symbol: string }, number>(
  'spot.cancelAll',
  ['userId', 'symbol'],
  (ctx, { userId, symbol }) => {
    const books = engineOf(ctx);
    const m = books.market(symbol);
    // Only spot orders: the user's margin orders on the same book stay (they are cancelled from the margin screens).
    const mine = [...books.live.values()].filter(
      (o) => o.userId === userId && o.symbol === m.symbol && o.account === 'spot',
    );
    for (const o of mine) match(ctx, m, { type: 'cancel', orderId: o.id, userId }, [userId]);
    return mine.length;
  },
);

export const SPOT_COMMANDS = [placeOrder, cancelOrder, cancelAllOrders];
