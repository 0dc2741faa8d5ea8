/**
 * Test oracle, not used by the engine: the same rules written the plainest possible way (one array of resting
 * orders, sorted by price and arrival on every look, fill-or-kill decided by trying on a copy, BigInt for the
 * budget arithmetic). The property tests run both on the same random commands and require identical events,
 * so a priority, STP or budget mistake in the fast engine shows up as a difference from this one.
 */
import type {
  Command,
  DoneReason,
  EngineEvent,
  PlaceCommand,
  RejectReason,
  RestingOrder,
  SideName,
} from '../../../server/matching/types.ts';

interface RefOrder extends RestingOrder {
  /** Arrival at its price: lower trades first. */
  seq: number;
}

const isPos = (x: unknown): x is number => Number.isSafeInteger(x) && (x as number) > 0;
const STP_MODES: readonly unknown[] = ['cancel_taker', 'cancel_maker', 'cancel_both'];

export class ReferenceEngine {
  private resting: RefOrder[] = [];
  private seq = 0;

  /** The opposite side's orders that `limit` reaches, in the order they trade. */
  private makers(side: SideName, limit: number): RefOrder[] {
    return this.resting
      .filter((o) => o.side !== side && (side === 'buy' ? o.price <= limit : o.price >= limit))
      .sort((a, b) => (side === 'buy' ? a.price - b.price : b.price - a.price) || a.seq - b.seq);
  }

  private remove(o: RefOrder): void {
    this.resting = this.resting.filter((r) => r !== o);
  }

  /** Trades `taker` (not resting) against the book; returns why it stopped early, if it did. */
  private match(
    taker: RefOrder,
    limit: number,
    budget: bigint | undefined,
    out: EngineEvent[],
  ): { stop: 'none' | 'stp' | 'budget'; spent: bigint } {
    let spent = 0n;
    for (;;) {
      if (taker.remaining === 0) return { stop: 'none', spent };
      const maker = this.makers(taker.side, limit)[0];
      if (!maker) return { stop: 'none', spent };
      if (maker.userId === taker.userId) {
        if (taker.stp === 'cancel_taker') return { stop: 'stp', spent };
        out.push({
          type: 'done',
          orderId: maker.orderId,
          userId: maker.userId,
          reason: 'stp',
          remaining: maker.remaining,
        });
        this.remove(maker);
        if (taker.stp === 'cancel_both') return { stop: 'stp', spent };
        continue;
      }
      let qty = Math.min(taker.remaining, maker.remaining);
      if (budget !== undefined) {
        const affordable = Number((budget - spent) / BigInt(maker.price));
        if (affordable === 0) return { stop: 'budget', spent };
        qty = Math.min(qty, affordable);
        spent += BigInt(qty) * BigInt(maker.price);
      }
      maker.remaining -= qty;
      taker.remaining -= qty;
      out.push({
        type: 'trade',
        makerOrderId: maker.orderId,
        makerUserId: maker.userId,
        takerOrderId: taker.orderId,
        takerUserId: taker.userId,
        price: maker.price,
        quantity: qty,
        takerSide: taker.side,
        makerRemaining: maker.remaining,
        takerRemaining: taker.remaining,
      });
      if (maker.remaining === 0) {
        out.push({ type: 'done', orderId: maker.orderId, userId: maker.userId, reason: 'filled', remaining: 0 });
        this.remove(maker);
      }
    }
  }

  private validatePlace(c: PlaceCommand): RejectReason | null {
    const market = c.kind === 'market';
    if (!isPos(c.orderId)) return 'invalid_order_id';
    if (!isPos(c.userId)) return 'invalid_user_id';
    if (c.side !== 'buy' && c.side !== 'sell') return 'invalid_side';
    if (c.kind !== 'limit' && c.kind !== 'market') return 'invalid_kind';
    if (!['GTC', 'IOC', 'FOK', 'POST_ONLY'].includes(c.tif) || (market && c.tif === 'POST_ONLY')) return 'invalid_tif';
    if (c.stp !== undefined && !STP_MODES.includes(c.stp)) return 'invalid_stp';
    if (!market && !isPos(c.price)) return 'invalid_price';
    if (!isPos(c.quantity)) return 'invalid_quantity';
    if (c.quoteBudget !== undefined && !(market && c.side === 'buy' && isPos(c.quoteBudget)))
      return 'invalid_quote_budget';
    if (this.resting.some((o) => o.orderId === c.orderId)) return 'duplicate_order_id';
    return null;
  }

  private place(c: PlaceCommand, out: EngineEvent[]): void {
    const reason = this.validatePlace(c);
    if (reason) {
      out.push({ type: 'rejected', orderId: Number.isSafeInteger(c.orderId) ? c.orderId : 0, reason });
      return;
    }
    out.push({ type: 'accepted', orderId: c.orderId, userId: c.userId });
    const market = c.kind === 'market';
    const limit = market ? (c.side === 'buy' ? Number.MAX_SAFE_INTEGER : 0) : c.price;
    const budget = c.quoteBudget === undefined ? undefined : BigInt(c.quoteBudget);
    const done = (why: DoneReason, remaining: number, spent: bigint) =>
      out.push({
        type: 'done',
        orderId: c.orderId,
        userId: c.userId,
        reason: why,
        remaining,
        ...(budget !== undefined ? { quoteSpent: Number(spent) } : {}),
      });
    const taker: RefOrder = {
      orderId: c.orderId,
      userId: c.userId,
      side: c.side,
      price: limit,
      remaining: c.quantity,
      tif: 'GTC',
      stp: c.stp ?? 'cancel_taker',
      seq: 0,
    };
    if (c.tif === 'POST_ONLY' && this.makers(c.side, limit).length > 0)
      return void done('post_only_rejected', c.quantity, 0n);
    if (c.tif === 'FOK') {
      // Try it on a copy of the book: it may go ahead only if the copy fills it entirely.
      const trial = new ReferenceEngine();
      trial.resting = this.resting.map((o) => ({ ...o }));
      const t = { ...taker };
      trial.match(t, limit, budget, []);
      if (t.remaining > 0) return void done('fok_killed', c.quantity, 0n);
    }
    const { stop, spent } = this.match(taker, limit, budget, out);
    if (taker.remaining === 0) return void done('filled', 0, spent);
    if (stop === 'stp') return void done('stp', taker.remaining, spent);
    if (market) return void done('market_exhausted', taker.remaining, spent);
    if (c.tif === 'IOC') return void done('ioc_expired', taker.remaining, spent);
    if (c.tif === 'FOK') throw new Error('reference: FOK left lots after a successful trial');
    this.resting.push({ ...taker, tif: c.tif, seq: ++this.seq });
    out.push({
      type: 'rested',
      orderId: c.orderId,
      userId: c.userId,
      side: c.side,
      price: limit,
      remaining: taker.remaining,
    });
  }

  /** The order a cancel, move or reduce names, or the reason it cannot be touched. */
  private target(orderId: number, userId: number): RefOrder | RejectReason {
    if (!isPos(orderId)) return 'invalid_order_id';
    if (!isPos(userId)) return 'invalid_user_id';
    const o = this.resting.find((r) => r.orderId === orderId);
    if (!o) return 'unknown_order';
    return o.userId === userId ? o : 'not_owner';
  }

  apply(c: Command, out: EngineEvent[]): void {
    const reject = (orderId: unknown, reason: RejectReason) =>
      out.push({ type: 'rejected', orderId: Number.isSafeInteger(orderId) ? (orderId as number) : 0, reason });
    switch (c.type) {
      case 'place':
        return this.place(c, out);
      case 'cancel': {
        const o = this.target(c.orderId, c.userId);
        if (typeof o === 'string') return void reject(c.orderId, o);
        out.push({ type: 'done', orderId: o.orderId, userId: o.userId, reason: 'cancelled', remaining: o.remaining });
        return this.remove(o);
      }
      case 'cancelAll': {
        if (!isPos(c.userId)) return void reject(0, 'invalid_user_id');
        const mine = this.resting.filter((o) => o.userId === c.userId).sort((a, b) => a.orderId - b.orderId);
        for (const o of mine) {
          out.push({ type: 'done', orderId: o.orderId, userId: o.userId, reason: 'cancelled', remaining: o.remaining });
          this.remove(o);
        }
        return;
      }
      case 'move': {
        if (!isPos(c.price)) return void reject(c.orderId, 'invalid_price');
        const o = this.target(c.orderId, c.userId);
        if (typeof o === 'string') return void reject(c.orderId, o);
        const crosses = this.makers(o.side, c.price).length > 0;
        if (crosses && o.tif === 'POST_ONLY') return void reject(c.orderId, 'post_only_would_take');
        this.remove(o);
        o.price = c.price;
        const { stop } = this.match(o, c.price, undefined, out);
        if (o.remaining === 0 || stop === 'stp') {
          out.push({
            type: 'done',
            orderId: o.orderId,
            userId: o.userId,
            reason: o.remaining === 0 ? 'filled' : 'stp',
            remaining: o.remaining,
          });
          return;
        }
        o.seq = ++this.seq;
        this.resting.push(o);
        out.push({
          type: 'rested',
          orderId: o.orderId,
          userId: o.userId,
          side: o.side,
          price: o.price,
          remaining: o.remaining,
        });
        return;
      }
      case 'reduce': {
        if (!isPos(c.quantity)) return void reject(c.orderId, 'invalid_quantity');
        const o = this.target(c.orderId, c.userId);
        if (typeof o === 'string') return void reject(c.orderId, o);
        if (c.quantity >= o.remaining) {
          out.push({ type: 'done', orderId: o.orderId, userId: o.userId, reason: 'cancelled', remaining: o.remaining });
          return this.remove(o);
        }
        o.remaining -= c.quantity;
        out.push({
          type: 'reduced',
          orderId: o.orderId,
          userId: o.userId,
          reducedBy: c.quantity,
          remaining: o.remaining,
        });
        return;
      }
      default:
        reject((c as { orderId?: unknown }).orderId, 'unknown_command');
    }
  }

  /** Bids best first, then asks best first; arrival order within a price. */
  restingOrders(): RestingOrder[] {
    const bySide = (side: SideName) =>
      this.makers(side === 'buy' ? 'sell' : 'buy', side === 'buy' ? 0 : Number.MAX_SAFE_INTEGER);
    return [...bySide('buy'), ...bySide('sell')].map(({ orderId, userId, side, price, remaining, tif, stp }) => ({
      orderId,
      userId,
      side,
      price,
      remaining,
      tif,
      stp,
    }));
  }

  load(orders: readonly RestingOrder[]): void {
    for (const o of orders) this.resting.push({ ...o, seq: ++this.seq });
  }
}
