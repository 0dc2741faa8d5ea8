import { BinanceError } from '../binance-error.ts';

/**
 * Binance's unfilled-order count (developers.binance.com, "LIMITS", "Unfilled Order Count"): each new order counts
 * against its account, 100 per 10 seconds and 200,000 per day, reported in X-MBX-ORDER-COUNT-10S and -1D and
 * refused with 429/-1015 beyond. Counted per user in this process's memory, like the weights (weights.ts).
 */
export const ORDERS_PER_10S = 100;
export const ORDERS_PER_DAY = 200_000;
const TEN_S = 10_000;
const DAY = 86_400_000;

interface Use {
  window: number;
  inWindow: number;
  day: number;
  inDay: number;
}

export class OrderCounter {
  private readonly users = new Map<number, Use>();

  /** Refuses a new order of `userId` at `now` with -1015 when either count is at its limit. */
  check(userId: number, now: number): void {
    const use = this.useOf(userId, now);
    if (use.inWindow >= ORDERS_PER_10S)
      throw new BinanceError(
        429,
        -1015,
        `Too many new orders; current limit is ${ORDERS_PER_10S} orders per 10 SECOND.`,
      );
    if (use.inDay >= ORDERS_PER_DAY)
      throw new BinanceError(429, -1015, `Too many new orders; current limit is ${ORDERS_PER_DAY} orders per DAY.`);
  }

  /** Counts an order the exchange took (a refused one is not counted); the counts after it. */
  add(userId: number, now: number): { tenSeconds: number; day: number } {
    const use = this.useOf(userId, now);
    use.inWindow++;
    use.inDay++;
    return { tenSeconds: use.inWindow, day: use.inDay };
  }

  /** The user's counts now, for GET /api/v3/rateLimit/order. */
  counts(userId: number, now: number): { tenSeconds: number; day: number } {
    const use = this.useOf(userId, now);
    return { tenSeconds: use.inWindow, day: use.inDay };
  }

  private useOf(userId: number, now: number): Use {
    const window = Math.floor(now / TEN_S);
    const day = Math.floor(now / DAY);
    let use = this.users.get(userId);
    if (!use) this.users.set(userId, (use = { window, inWindow: 0, day, inDay: 0 }));
    if (use.window !== window) Object.assign(use, { window, inWindow: 0 });
    if (use.day !== day) Object.assign(use, { day, inDay: 0 });
    return use;
  }

  /** Forgets users whose day has passed. */
  prune(now: number): void {
    const day = Math.floor(now / DAY);
    for (const [id, use] of this.users) if (use.day < day) this.users.delete(id);
  }
}
