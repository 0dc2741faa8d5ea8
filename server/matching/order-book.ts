/**
 * The state of one market's book and the two operations that need all of it: matching a taker against the
 * opposite side, and checking beforehand whether a fill-or-kill order could fill. The command rules (what is
 * valid, what each time-in-force does with a remainder) live in engine.ts; this file only moves lots.
 */
import {
  BUY,
  type BookOrder,
  OrderPool,
  SELL,
  STP_CANCEL_BOTH,
  STP_CANCEL_MAKER,
  STP_CANCEL_TAKER,
  type Side,
  type Stp,
} from './book-order.ts';
import { BookSide } from './book-side.ts';
import { floorDiv } from './int-math.ts';
import { LevelPool } from './price-level.ts';
import type { DoneReason, EngineEvent, SideName } from './types.ts';
import { UserIndex } from './user-orders.ts';

/** Why match() stopped before the taker was filled or ran out of crossing liquidity. */
export const STOP_NONE = 0;
export const STOP_STP = 1;
const STOP_BUDGET = 2;

export const SIDE_NAMES: readonly SideName[] = ['buy', 'sell'];

/** One shape for every done event (quoteSpent added after), so the consumer's property reads stay monomorphic. */
export function doneEvent(orderId: number, userId: number, reason: DoneReason, remaining: number): EngineEvent {
  return { type: 'done', orderId, userId, reason, remaining };
}

export class OrderBook {
  readonly levelPool = new LevelPool();
  readonly orderPool = new OrderPool();
  readonly bids = new BookSide(BUY, this.levelPool);
  readonly asks = new BookSide(SELL, this.levelPool);
  /** Every resting order by id: O(1) cancel, move and duplicate checks. */
  readonly orders = new Map<number, BookOrder>();
  readonly users = new UserIndex();
  /** Quote spent by the last match() with a budget. A field, not a returned object, to allocate nothing. */
  spent = 0;

  sideOf(side: Side): BookSide {
    return side === BUY ? this.bids : this.asks;
  }
  opposite(side: Side): BookSide {
    return side === BUY ? this.asks : this.bids;
  }

  /** A new order joins the book: indexed by id and user, queued at the back of its price. */
  add(order: BookOrder): void {
    this.orders.set(order.id, order);
    this.users.add(order);
    this.sideOf(order.side).levelAt(order.price).append(order);
  }

  /** Out of its price level only (a move keeps the id and user entries). */
  unqueue(order: BookOrder): void {
    const level = order.level!;
    level.unlink(order);
    if (level.count === 0) this.sideOf(order.side).emptied(level);
  }

  /** Out of the book entirely, and back to the pool: the caller must hold no reference afterwards. */
  drop(order: BookOrder): void {
    if (order.level !== null) this.unqueue(order);
    this.orders.delete(order.id);
    this.users.remove(order);
    this.orderPool.give(order);
  }

  /**
   * Trades `taker` against the opposite side in price-time priority at the makers' prices, while the best
   * opposite price is within `limit`. `budget` ≥ 0 caps the quote spent (market buys); −1 means none.
   * Self-trade prevention applies when the taker reaches an order of its own user. Leaves the taker's
   * remaining lots in taker.remaining and returns why it stopped early (STOP_NONE when it simply ran out of
   * crossing liquidity or was filled).
   */
  match(taker: BookOrder, limit: number, budget: number, out: EngineEvent[]): number {
    const side = taker.side;
    const levels = this.opposite(side).levels;
    const takerId = taker.id;
    const takerUser = taker.userId;
    const takerSide = SIDE_NAMES[side]!;
    let remaining = taker.remaining;
    let spent = 0;
    let stop = STOP_NONE;
    outer: while (remaining > 0) {
      const n = levels.length;
      if (n === 0) break;
      const level = levels[n - 1]!;
      const price = level.price;
      if (side === BUY ? price > limit : price < limit) break;
      let maker = level.head!;
      for (;;) {
        const next = maker.next;
        if (maker.userId === takerUser) {
          if (taker.stp === STP_CANCEL_TAKER) {
            stop = STOP_STP;
            break outer;
          }
          out.push(doneEvent(maker.id, maker.userId, 'stp', maker.remaining));
          this.drop(maker);
          if (taker.stp === STP_CANCEL_BOTH) {
            stop = STOP_STP;
            break outer;
          }
        } else {
          let qty = remaining < maker.remaining ? remaining : maker.remaining;
          if (budget >= 0) {
            // "Stops when the next lot would exceed the budget": only whole lots that fit are bought.
            const affordable = floorDiv(budget - spent, price);
            if (affordable === 0) {
              stop = STOP_BUDGET;
              break outer;
            }
            if (qty > affordable) qty = affordable;
            spent += qty * price;
          }
          maker.remaining -= qty;
          level.total -= qty;
          remaining -= qty;
          out.push({
            type: 'trade',
            makerOrderId: maker.id,
            makerUserId: maker.userId,
            takerOrderId: takerId,
            takerUserId: takerUser,
            price,
            quantity: qty,
            takerSide,
            makerRemaining: maker.remaining,
            takerRemaining: remaining,
          });
          if (maker.remaining === 0) {
            out.push(doneEvent(maker.id, maker.userId, 'filled', 0));
            this.drop(maker);
          } else if (remaining !== 0) {
            // Neither side is used up, so the budget cut the fill short: the next lot (from this same maker)
            // is unaffordable. Stop here rather than look at the next order, which may not be the best one.
            stop = STOP_BUDGET;
            break outer;
          }
          if (remaining === 0) break outer;
        }
        // The last order of the level is gone (filled or expired), and drop() closed the level.
        if (next === null) break;
        maker = next;
      }
    }
    taker.remaining = remaining;
    this.spent = spent;
    return stop;
  }

  /**
   * Whether a fill-or-kill taker would fill entirely, simulating match() without changing anything: own
   * orders that cancel_maker would expire contribute nothing, and one that would stop the taker (cancel_taker,
   * cancel_both) ends the fill there.
   */
  canFill(side: Side, limit: number, userId: number, stp: Stp, need: number, budget: number): boolean {
    const levels = this.opposite(side).levels;
    // Level totals suffice unless the user has orders of their own resting or a budget caps the spend.
    const perOrder = budget >= 0 || this.users.has(userId);
    let got = 0;
    let spent = 0;
    for (let i = levels.length - 1; i >= 0; i--) {
      const level = levels[i]!;
      const price = level.price;
      if (side === BUY ? price > limit : price < limit) return false;
      if (!perOrder) {
        got += level.total;
        if (got >= need) return true;
        continue;
      }
      for (let m = level.head; m !== null; m = m.next) {
        if (m.userId === userId) {
          if (stp === STP_CANCEL_MAKER) continue;
          return false;
        }
        const qty = need - got < m.remaining ? need - got : m.remaining;
        if (budget >= 0) {
          const affordable = floorDiv(budget - spent, price);
          // As in match(): once the budget cuts a fill short, no further lot is affordable.
          if (affordable < qty) return false;
          spent += qty * price;
        }
        got += qty;
        if (got >= need) return true;
      }
    }
    return false;
  }

  newOrder(
    id: number,
    userId: number,
    side: Side,
    price: number,
    quantity: number,
    postOnly: boolean,
    stp: Stp,
  ): BookOrder {
    return this.orderPool.take().init(id, userId, side, price, quantity, postOnly, stp);
  }
}
