/**
 * Conditional orders with a quantity inside the `perpetual` core part (Binance's USDⓈ-M STOP and TAKE_PROFIT, the
 * stop-limit ones, and STOP_MARKET and TAKE_PROFIT_MARKET with a quantity). One waits, holding nothing, until the
 * price its owner chose (the mark, or the last trade) reaches its stop price, then fires once: it places a limit order
 * at its price (for its time in force) or a market order, for its quantity. As on Binance, margin is checked only
 * then: a fired order the account cannot take is EXPIRED with the reason, and so is a reduce-only one whose position
 * is gone or turned; a reduce-only one larger than the position is trimmed to it.
 *
 * Direction (Binance's rule): a buy STOP and a sell TAKE_PROFIT fire when the price rises to the stop, a sell STOP and
 * a buy TAKE_PROFIT when it falls to it. One whose stop the price has already reached is refused (it would fire at
 * once; Binance's -2021). Everything happens inside the commands that move the price, so a replay decides the same.
 */
import { formatUnits } from '../../isomorphic/money/units.ts';
import type { TriggerSource } from '../../isomorphic/contract/perpetual.ts';
import { jsonCommand, type CommandContext } from '../core/command.ts';
import { cancelWaiting } from './waiting-cancel.ts';
import { AppError, fail } from '../outcome.ts';
import { OrderedTriggers, type TriggerRule } from '../matching/trigger-queue.ts';
import type { Contract } from './contracts.ts';
import type { PerpBook } from './perp-book.ts';
import { book, finish, place } from './perp-orders.ts';
import type { PerpSide } from './perp-state.ts';
import { abs } from './rounding.ts';
import { reduces, watchedPrice } from './trailing.ts';

export const CONDITIONAL_KINDS = ['STOP', 'TAKE_PROFIT', 'STOP_MARKET', 'TAKE_PROFIT_MARKET'] as const;
export type ConditionalKind = (typeof CONDITIONAL_KINDS)[number];
/** Binance's MAX_NUM_ALGO_ORDERS, per user and symbol. */
export const CONDITIONAL_PER_CONTRACT = 20;

export interface PerpConditionalRow {
  /** Numbered with the orders (`nextId('order')`), so one id names one thing on the Binance door. */
  id: number;
  userId: number;
  symbol: string;
  side: PerpSide;
  type: ConditionalKind;
  quantity: bigint;
  /** The limit of a STOP or TAKE_PROFIT; 0 for the market ones. */
  price: bigint;
  stopPrice: bigint;
  by: TriggerSource;
  tif: 'GTC' | 'IOC' | 'FOK';
  reduceOnly: boolean;
  /** Placed through Binance's algo calls (/fapi/v1/algoOrder): the door shows it as an algo order. */
  algo: boolean;
  /** The client's own id (newClientOrderId or clientAlgoId), '' when none. */
  clientId: string;
  status: 'active' | 'triggered' | 'cancelled' | 'expired';
  /** Why it expired when it fired: the error the order it would have placed met (perpInsufficientMargin, …). */
  reason: string | null;
  /** The order it placed when it fired. */
  orderId: number | null;
  triggeredAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export const isLimitKind = (type: ConditionalKind) => type === 'STOP' || type === 'TAKE_PROFIT';

/** Whether it fires when the price rises to its stop (a buy STOP, a sell TAKE_PROFIT) rather than falls to it. */
export function firesRising(o: Pick<PerpConditionalRow, 'side' | 'type'>): boolean {
  const stop = o.type === 'STOP' || o.type === 'STOP_MARKET';
  return o.side === 'buy' ? stop : !stop;
}

export function reachedAt(o: Pick<PerpConditionalRow, 'side' | 'type' | 'stopPrice'>, price: bigint): boolean {
  return firesRising(o) ? price >= o.stopPrice : price <= o.stopPrice;
}

const RULE: TriggerRule<PerpConditionalRow> = { rises: firesRising, level: (o) => o.stopPrice };

/**
 * The active conditional orders the core holds, by id, by user, and per contract and watched price in firing order
 * (server/matching/trigger-queue.ts), so a price move reads the ones it reached, not every one of the contract; and
 * those changed since the last take. A conditional order's side, kind and stop price never change while it is active.
 */
export class ConditionalOrders {
  readonly byId = new Map<number, PerpConditionalRow>();
  private readonly byUser = new Map<number, Set<PerpConditionalRow>>();
  private readonly queues = new Map<string, OrderedTriggers<PerpConditionalRow>>();
  private touched = new Set<PerpConditionalRow>();

  add(o: PerpConditionalRow): void {
    this.byId.set(o.id, o);
    let mine = this.byUser.get(o.userId);
    if (!mine) this.byUser.set(o.userId, (mine = new Set()));
    mine.add(o);
    const key = queueKey(o.symbol, o.by);
    let q = this.queues.get(key);
    if (!q) this.queues.set(key, (q = new OrderedTriggers(RULE)));
    q.add(o);
  }

  /** Records a change for the projector; an ended one leaves memory (its row keeps its end). */
  touch(o: PerpConditionalRow, now: number): void {
    o.updatedAt = now;
    this.touched.add(o);
    const live = o.status === 'active' ? undefined : this.byId.get(o.id);
    if (live) {
      this.byId.delete(live.id);
      this.byUser.get(live.userId)?.delete(live);
      this.queues.get(queueKey(live.symbol, live.by))?.delete(live);
    }
  }

  /**
   * The active ones of a contract watching `by` that a price path reaches: a rising one is reached when the path's
   * highest price reaches its stop, a falling one when its lowest does, so two look-ups of the queue find them all
   * (O(log n + k)), in no particular order.
   */
  reachedBy(symbol: string, by: TriggerSource, path: readonly bigint[]): PerpConditionalRow[] {
    const q = this.queues.get(queueKey(symbol, by));
    if (!q || !path.length) return [];
    let low = path[0]!;
    let high = low;
    for (const p of path) {
      if (p < low) low = p;
      if (p > high) high = p;
    }
    const found = new Set(q.reached(low).filter((o) => !firesRising(o)));
    for (const o of q.reached(high)) if (firesRising(o)) found.add(o);
    return [...found];
  }

  ofUser(userId: number, symbol?: string): PerpConditionalRow[] {
    const mine = [...(this.byUser.get(userId) ?? [])].filter((o) => !symbol || o.symbol === symbol);
    // In id order, as the Map by id lists them (ids grow).
    return mine.sort((a, b) => a.id - b.id);
  }

  take(): PerpConditionalRow[] {
    const rows = [...this.touched].map((o) => ({ ...o }));
    this.touched = new Set();
    return rows;
  }

  get changed(): boolean {
    return this.touched.size > 0;
  }

  clear(): void {
    this.byId.clear();
    this.byUser.clear();
    this.queues.clear();
    this.touched = new Set();
  }

  snapshot(): unknown[] {
    return [...this.byId.values()]
      .sort((a, b) => a.id - b.id)
      .map((o) => [
        o.id,
        o.userId,
        o.symbol,
        o.side,
        o.type,
        `${o.quantity}`,
        `${o.price}`,
        `${o.stopPrice}`,
        o.by,
        o.tif,
        o.reduceOnly,
        o.algo,
        o.clientId,
        o.createdAt,
        o.updatedAt,
      ]);
  }

  restore(rows: unknown[]): void {
    type Snap = [
      number,
      number,
      string,
      PerpSide,
      ConditionalKind,
      string,
      string,
      string,
      TriggerSource,
      PerpConditionalRow['tif'],
      boolean,
      boolean,
      string,
      number,
      number,
    ];
    for (const [
      id,
      userId,
      symbol,
      side,
      type,
      q,
      p,
      sp,
      by,
      tif,
      reduceOnly,
      algo,
      clientId,
      createdAt,
      updatedAt,
    ] of rows as Snap[])
      this.add({
        id,
        userId,
        symbol,
        side,
        type,
        quantity: BigInt(q),
        price: BigInt(p),
        stopPrice: BigInt(sp),
        by,
        tif,
        reduceOnly,
        algo,
        clientId,
        status: 'active',
        reason: null,
        orderId: null,
        triggeredAt: null,
        createdAt,
        updatedAt,
      });
  }
}

function touch(b: PerpBook, o: PerpConditionalRow, now: number): void {
  b.conditional.touch(o, now);
  b.changedUsers.add(o.userId);
}

/**
 * The conditional orders of a contract watching `by` that a price path reached, each with the first step of the path
 * that reached it (the caller fires them in the order the path crossed them).
 */
export function dueConditionals(
  b: PerpBook,
  c: Contract,
  by: TriggerSource,
  path: readonly bigint[],
): Array<{ order: PerpConditionalRow; step: number }> {
  return b.conditional
    .reachedBy(c.symbol, by, path)
    .map((o) => ({ order: o, step: path.findIndex((p) => reachedAt(o, p)) }));
}

/**
 * Fires one conditional order, once: it places its order on the position as it stands now. A reduce-only one is
 * trimmed to the position, or expires when there is none on the other side; a refusal of the order (margin, the
 * price band, liquidation) expires it with the refusal's name. `place` refuses before it changes anything, so a
 * refusal caught here leaves the state as it was.
 */
export function fireConditional(ctx: CommandContext, b: PerpBook, c: Contract, o: PerpConditionalRow): void {
  if (o.status !== 'active') return;
  o.triggeredAt = ctx.now;
  let quantity = o.quantity;
  if (o.reduceOnly) {
    const p = b.position(o.userId, o.symbol);
    if (!reduces(p, o.side)) return expire(b, o, 'perpReduceOnlyWouldIncrease', ctx.now);
    if (quantity > abs(p.qty)) quantity = abs(p.qty);
  }
  // Taken before placing: the placed order's fills may move the price and fire others, which must see this one done.
  o.status = 'triggered';
  const limit = isLimitKind(o.type);
  try {
    const r = place(ctx, {
      symbol: c.symbol,
      userId: o.userId,
      side: o.side,
      kind: limit ? 'limit' : 'market',
      tif: limit ? o.tif : 'IOC',
      price: limit ? o.price : 0n,
      quantity,
      reduceOnly: o.reduceOnly,
      closePosition: false,
      source: 'conditional',
    });
    o.orderId = r.id;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return expire(b, o, err.errorName, ctx.now);
  }
  touch(b, o, ctx.now);
}

function expire(b: PerpBook, o: PerpConditionalRow, reason: string, now: number): void {
  o.status = 'expired';
  o.reason = reason;
  touch(b, o, now);
}

export interface ConditionalSet {
  userId: number;
  symbol: string;
  side: PerpSide;
  type: ConditionalKind;
  quantity: bigint;
  /** 0 for the market kinds. */
  price: bigint;
  stopPrice: bigint;
  by: TriggerSource;
  tif: PerpConditionalRow['tif'];
  reduceOnly: boolean;
  algo: boolean;
  clientId: string;
}

/** Places a conditional order. Nothing is held: margin is the fired order's business, checked when it fires. */
export const setConditional = jsonCommand<ConditionalSet, PerpConditionalRow>('perp.conditional', (ctx, r) => {
  const b = book(ctx);
  const c = b.contract(r.symbol);
  if (r.quantity <= 0n) fail('mustBePositive', { field: 'trade.field.amount' });
  if (r.stopPrice <= 0n) fail('mustBePositive', { field: 'trade.field.stopPrice' });
  if (isLimitKind(r.type) && r.price <= 0n) fail('mustBePositive', { field: 'trade.field.price' });
  const ref = watchedPrice(b, c.symbol, r.by);
  if (ref === undefined) fail('perpNoPrice');
  if (reachedAt(r, ref))
    fail(firesRising(r) ? 'perpTriggerMustBeAbove' : 'perpTriggerMustBeBelow', {
      price: formatUnits(ref, c.priceScale),
    });
  if (b.conditional.ofUser(r.userId, c.symbol).length >= CONDITIONAL_PER_CONTRACT)
    fail('perpConditionalTooMany', { max: CONDITIONAL_PER_CONTRACT });
  const o: PerpConditionalRow = {
    id: b.nextId('order'),
    userId: r.userId,
    symbol: c.symbol,
    side: r.side,
    type: r.type,
    quantity: r.quantity,
    price: isLimitKind(r.type) ? r.price : 0n,
    stopPrice: r.stopPrice,
    by: r.by,
    tif: r.tif,
    reduceOnly: r.reduceOnly,
    algo: r.algo,
    clientId: r.clientId,
    status: 'active',
    reason: null,
    orderId: null,
    triggeredAt: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  b.conditional.add(o);
  touch(b, o, ctx.now);
  finish(ctx);
  return { ...o };
});

/** Cancels one of the caller's active conditional orders. */
export const cancelConditional = cancelWaiting<PerpConditionalRow>('perp.conditionalCancel', {
  active: (b) => b.conditional.byId,
  touch,
  notFound: 'perpConditionalNotFound',
});

export const CONDITIONAL_COMMANDS = [setConditional, cancelConditional];

const queueKey = (symbol: string, by: TriggerSource) => `${symbol}\u0000${by}`;
