/**
 * Trailing stops (Binance's TRAILING_STOP_MARKET) inside the `perpetual` core part. A trailing stop watches the mark
 * or the last price, as its owner chose. It activates when that price reaches its activation price (at once, at the
 * price of the moment, without one), then follows the best price since: the highest for a sell (it trails a long),
 * the lowest for a buy (a short). When the price falls back from that best by the callback rate it fires, once, a
 * reduce-only market order for its quantity, clipped to the position as it stands then; with no position left to
 * reduce it is cancelled instead.
 *
 * Every price the core moves goes through `advanceTrailing`: the mark of a mark tick, and each trade price of an
 * order, in the order they printed, so a sweep up and back within one order is seen as the path it was. All of it
 * happens inside the commands that move the price (perp.mark, perp.place and what they trigger), so a replay decides
 * the same.
 */
import { formatUnits } from '../../isomorphic/money/units.ts';
import type { TriggerSource } from '../../isomorphic/contract/perpetual.ts';
import { jsonCommand } from '../core/command.ts';
import { cancelWaiting } from './waiting-cancel.ts';
import { fail } from '../outcome.ts';
import type { Contract } from './contracts.ts';
import type { PerpBook } from './perp-book.ts';
import { book, finish } from './perp-orders.ts';
import type { PerpSide, PositionRow, TrailingRow } from './perp-state.ts';
import { abs } from './rounding.ts';
import { TrailingIndex } from './trailing-index.ts';

/** Binance's USDⓈ-M range for callbackRate, 0.1% to 5%, in basis points; the rate has one decimal (10 bps steps). */
export const CALLBACK_MIN_BPS = 10;
export const CALLBACK_MAX_BPS = 500;
/**
 * Active trailing stops a user may keep on one contract, as Binance bounds open orders (a price move looks only at
 * the stops it reaches, trailing-index.ts, so the bound is not there for the core's speed).
 */
export const TRAILING_PER_CONTRACT = 20;

/**
 * The trailing stops the core holds: the active ones by id, by contract and by user, indexed for price moves
 * (trailing-index.ts), and those changed since the last take.
 */
export class TrailingStops {
  readonly byId = new Map<number, TrailingRow>();
  private readonly bySymbol = new Map<string, Map<number, TrailingRow>>();
  private readonly byUser = new Map<number, Map<number, TrailingRow>>();
  readonly index = new TrailingIndex();
  private touched = new Set<TrailingRow>();

  add(t: TrailingRow): void {
    this.byId.set(t.id, t);
    let m = this.bySymbol.get(t.symbol);
    if (!m) this.bySymbol.set(t.symbol, (m = new Map()));
    m.set(t.id, t);
    let u = this.byUser.get(t.userId);
    if (!u) this.byUser.set(t.userId, (u = new Map()));
    u.set(t.id, t);
    this.index.add(t);
  }

  /** Records a change for the projector; an ended trailing stop leaves memory (its row keeps its end). */
  touch(t: TrailingRow, now: number): void {
    t.updatedAt = now;
    this.touched.add(t);
    if (t.status !== 'active' && this.byId.get(t.id) === t) {
      this.byId.delete(t.id);
      this.bySymbol.get(t.symbol)?.delete(t.id);
      this.byUser.get(t.userId)?.delete(t.id);
      this.index.delete(t);
    }
  }

  /** A contract's active trailing stops in id order (ids grow with placement, and a Map keeps insertion order). */
  of(symbol: string): TrailingRow[] {
    return [...(this.bySymbol.get(symbol)?.values() ?? [])];
  }

  /** A user's active trailing stops (on one contract, when named), in the order they were added (id order). */
  ofUser(userId: number, symbol?: string): TrailingRow[] {
    return [...(this.byUser.get(userId)?.values() ?? [])].filter((t) => !symbol || t.symbol === symbol);
  }

  take(): TrailingRow[] {
    const rows = [...this.touched].map((t) => ({ ...t }));
    this.touched = new Set();
    return rows;
  }

  get changed(): boolean {
    return this.touched.size > 0;
  }

  clear(): void {
    this.byId.clear();
    this.bySymbol.clear();
    this.byUser.clear();
    this.index.clear();
    this.touched = new Set();
  }

  snapshot(): unknown[] {
    const s = (v: bigint | null) => (v === null ? null : `${v}`);
    return [...this.byId.values()]
      .sort((a, b) => a.id - b.id)
      .map((t) => [
        t.id,
        t.userId,
        t.symbol,
        t.side,
        s(t.quantity),
        t.callbackBps,
        s(t.activation),
        t.by,
        s(t.best),
        t.createdAt,
        t.updatedAt,
      ]);
  }

  restore(rows: unknown[]): void {
    type Snap = [
      number,
      number,
      string,
      PerpSide,
      string,
      number,
      string | null,
      TriggerSource,
      string | null,
      number,
      number,
    ];
    const big = (v: string | null) => (v === null ? null : BigInt(v));
    for (const [
      id,
      userId,
      symbol,
      side,
      quantity,
      callbackBps,
      activation,
      by,
      best,
      createdAt,
      updatedAt,
    ] of rows as Snap[])
      this.add({
        id,
        userId,
        symbol,
        side,
        quantity: BigInt(quantity),
        callbackBps,
        activation: big(activation),
        by,
        best: big(best),
        status: 'active',
        orderId: null,
        createdAt,
        updatedAt,
      });
  }
}

/** The price a trailing stop watches, as the core holds it now (last falls back to the mark before a first trade). */
export function watchedPrice(b: PerpBook, symbol: string, by: TriggerSource): bigint | undefined {
  const st = b.prices(symbol);
  return by === 'mark' ? st.mark : (st.last ?? st.mark);
}

/**
 * The price at which an activated trailing stop fires, shown on the tick: best × (1 − rate) rounded down for a sell
 * (the highest tick at which it fires), best × (1 + rate) rounded up for a buy (the lowest). `retraced` compares
 * exactly.
 */
export function workingPrice(t: Pick<TrailingRow, 'side' | 'best' | 'callbackBps'>): bigint | null {
  if (t.best === null) return null;
  const bps = BigInt(t.callbackBps);
  return t.side === 'sell' ? (t.best * (10_000n - bps)) / 10_000n : (t.best * (10_000n + bps) + 9_999n) / 10_000n;
}

/** Whether the price has fallen back from the best by the callback rate (exact: no rounding). */
function retraced(t: TrailingRow, price: bigint): boolean {
  const best = t.best!;
  const bps = BigInt(t.callbackBps);
  return t.side === 'sell' ? price * 10_000n <= best * (10_000n - bps) : price * 10_000n >= best * (10_000n + bps);
}

/** Whether a trailing stop on `side` reduces the position (a sell reduces a long, a buy a short). */
export function reduces(p: PositionRow | undefined, side: PerpSide): p is PositionRow {
  return p !== undefined && p.qty !== 0n && p.qty > 0n === (side === 'sell');
}

/**
 * Moves the active trailing stops of a contract watching `by` along the prices it printed, oldest first: activation,
 * a new best, or the retrace that fires it. Answers those due, each with the step of the path it became due at
 * (still active: the caller fires them in order). Only the stops the path reaches are looked at (trailing-index.ts);
 * `scanTrailing` is the same rule read stop by stop, kept as the model the index is tested against.
 */
export function advanceTrailing(
  b: PerpBook,
  c: Contract,
  by: TriggerSource,
  path: readonly bigint[],
  now: number,
): Array<{ trailing: TrailingRow; step: number }> {
  const { due, moved } = b.trailing.index.advance(c.symbol, by, path);
  for (const t of moved) touchTrailing(b, t, now);
  return due;
}

/** The rule stop by stop over every active one of the contract (the index's model in trailing-index.test.ts). */
export function scanTrailing(
  stops: readonly TrailingRow[],
  by: TriggerSource,
  path: readonly bigint[],
): { due: Array<{ trailing: TrailingRow; step: number }>; moved: TrailingRow[] } {
  const due: Array<{ trailing: TrailingRow; step: number }> = [];
  const moved: TrailingRow[] = [];
  for (const t of stops) {
    if (t.by !== by) continue;
    let changed = false;
    for (let step = 0; step < path.length; step++) {
      const price = path[step]!;
      if (t.best === null) {
        if (t.activation !== null && (t.side === 'sell' ? price < t.activation : price > t.activation)) continue;
        t.best = price;
        changed = true;
      } else if (t.side === 'sell' ? price > t.best : price < t.best) {
        t.best = price;
        changed = true;
      } else if (retraced(t, price)) {
        due.push({ trailing: t, step });
        break;
      }
    }
    if (changed) moved.push(t);
  }
  return { due, moved };
}

export function touchTrailing(b: PerpBook, t: TrailingRow, now: number): void {
  b.trailing.touch(t, now);
  b.changedUsers.add(t.userId);
}

/** Ends the trailing stops of positions a command closed or turned: there is nothing left for them to reduce. */
export function endOrphanTrailing(b: PerpBook, p: PositionRow, now: number): void {
  for (const t of b.trailing.ofUser(p.userId, p.symbol)) {
    if (reduces(p, t.side)) continue;
    t.status = 'cancelled';
    touchTrailing(b, t, now);
  }
}

interface TrailingSet {
  userId: number;
  symbol: string;
  side: PerpSide;
  quantity: bigint;
  callbackBps: number;
  activation: bigint | null;
  by: TriggerSource;
}

/**
 * Places a trailing stop. It only ever reduces: the position must exist on the other side and be at least the
 * quantity. An activation price must lie ahead of the watched price in the position's favour (above it for a sell,
 * below for a buy), as Binance refuses one that would activate at once.
 */
export const setTrailing = jsonCommand<TrailingSet, TrailingRow>('perp.trailing', (ctx, r) => {
  const b = book(ctx);
  const c = b.contract(r.symbol);
  if (
    !Number.isInteger(r.callbackBps) ||
    r.callbackBps < CALLBACK_MIN_BPS ||
    r.callbackBps > CALLBACK_MAX_BPS ||
    r.callbackBps % 10 !== 0
  )
    fail('perpTrailingCallbackRange');
  const ref = watchedPrice(b, c.symbol, r.by);
  if (ref === undefined) fail('perpNoPrice');
  const p = b.position(r.userId, c.symbol);
  if (!p || p.qty === 0n) fail('perpNoPosition');
  if (!reduces(p, r.side)) fail('perpReduceOnlyWouldIncrease');
  if (r.quantity <= 0n) fail('mustBePositive', { field: 'trade.field.amount' });
  if (r.quantity > abs(p.qty)) fail('perpCloseOverPosition', { max: formatUnits(abs(p.qty), c.qtyScale) });
  if (r.activation !== null && (r.side === 'sell' ? r.activation <= ref : r.activation >= ref))
    fail('perpTrailingActivationWrongSide', { price: formatUnits(ref, c.priceScale) });
  if (b.trailing.ofUser(r.userId, c.symbol).length >= TRAILING_PER_CONTRACT)
    fail('perpTrailingTooMany', { max: TRAILING_PER_CONTRACT });
  const t: TrailingRow = {
    id: b.nextId('order'),
    userId: r.userId,
    symbol: c.symbol,
    side: r.side,
    quantity: r.quantity,
    callbackBps: r.callbackBps,
    activation: r.activation,
    by: r.by,
    best: r.activation === null ? ref : null,
    status: 'active',
    orderId: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  b.trailing.add(t);
  touchTrailing(b, t, ctx.now);
  finish(ctx);
  return { ...t };
});

/** Cancels one of the caller's active trailing stops. */
export const cancelTrailing = cancelWaiting<TrailingRow>('perp.trailingCancel', {
  active: (b) => b.trailing.byId,
  touch: touchTrailing,
  notFound: 'perpTrailingNotFound',
});

export const TRAILING_COMMANDS = [setTrailing, cancelTrailing];
