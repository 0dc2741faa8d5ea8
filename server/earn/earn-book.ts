import type { CorePart } from '../core/command.ts';
import type { RiskEngine } from '../core/risk/risk-engine.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import type { Queryable } from '../storage/db.ts';
import { loadEarn, writeEarn, type EarnOrderRow, type IncomeRow } from './earn.repo.ts';
import { DueQueue } from './due-queue.ts';
import { DAY_MS, interestFor } from '../../isomorphic/earn/interest.ts';

export const earnHoldId = (orderId: number) => `earn:${orderId}`;

/** The interest an order is owed at the end of its cycle. */
export const expectedOf = (o: Pick<EarnOrderRow, 'amount' | 'dailyRate' | 'cycleDays'>) =>
  interestFor(o.amount, o.dailyRate, o.cycleDays);
/** The interest an open order has still to be paid: the pool keeps it. */
const owedOf = (o: EarnOrderRow) => expectedOf(o) - o.interestPaid;
/** When a flexible order's next day is paid: the end of that day (null once every day of its cycle is paid). */
const nextPayAt = (o: EarnOrderRow) =>
  o.kind === 'flexible' && o.paidDays < o.cycleDays ? o.beginAt + (o.paidDays + 1) * DAY_MS : null;

const BIG = ['amount', 'dailyRate', 'interestPaid'] as const;

/**
 * Earn inside the trading core: the open orders (each one's principal held on the finance account), what each
 * product has sold and how many times each user subscribed to it (the limits a subscription checks), and per coin
 * the interest promised to open orders and not yet paid (what the earn pool must keep). Flexible orders wait in a
 * second queue by the end of their next unpaid day. Ended orders leave memory.
 */
export class EarnBook implements CorePart {
  readonly name = 'earn';
  open = new Map<number, EarnOrderRow>();
  sold = new Map<number, bigint>();
  counts = new Map<string, number>();
  private reservedByAsset = new Map<string, bigint>();
  private nextId = 1;
  private due = new DueQueue();
  private accruals = new DueQueue();
  private touched = new Map<number, EarnOrderRow>();
  private incomes: IncomeRow[] = [];

  reserved(asset: string): bigint {
    return this.reservedByAsset.get(asset) ?? 0n;
  }

  countOf(userId: number, productId: number): number {
    return this.counts.get(`${userId}:${productId}`) ?? 0;
  }

  /** Whether an open order has ended by `now`. */
  hasDue(now: number): boolean {
    return this.due.hasDue(now, (id) => this.open.has(id));
  }

  /** Up to `limit` open orders that have ended by `now`, earliest first. */
  takeDue(now: number, limit: number): EarnOrderRow[] {
    return this.due.takeDue(now, limit, (id) => this.open.has(id)).map((id) => this.open.get(id)!);
  }

  /** Whether a flexible order has a whole day unpaid by `now`. */
  hasAccrual(now: number): boolean {
    return this.accruals.hasDue(now, (id) => this.open.has(id));
  }

  /**
   * Up to `limit` flexible orders with a whole day unpaid by `now`, the longest waiting first, taken off the queue:
   * `requeue` puts each back once its days are paid.
   */
  takeAccruals(now: number, limit: number): EarnOrderRow[] {
    return this.accruals.takeDue(now, limit, (id) => this.open.has(id)).map((id) => this.open.get(id)!);
  }

  requeue(o: EarnOrderRow): void {
    const at = nextPayAt(o);
    if (at !== null) this.accruals.push(at, o.id);
  }

  /** An open order was paid `days` more days of interest, `amount` in all: the pool keeps that much less for it. */
  paid(o: EarnOrderRow, days: number, amount: bigint): EarnOrderRow {
    const next: EarnOrderRow = { ...o, paidDays: o.paidDays + days, interestPaid: o.interestPaid + amount };
    this.reservedByAsset.set(o.asset, this.reserved(o.asset) - amount);
    this.open.set(o.id, next);
    this.touched.set(o.id, next);
    return next;
  }

  peekId(): number {
    return this.nextId;
  }

  add(o: EarnOrderRow): void {
    this.nextId = o.id + 1;
    this.sold.set(o.productId, (this.sold.get(o.productId) ?? 0n) + o.amount);
    this.counts.set(`${o.userId}:${o.productId}`, this.countOf(o.userId, o.productId) + 1);
    this.track(o, 1n);
    this.touched.set(o.id, o);
  }

  /** An order ends: it leaves the open set, its promised interest is no longer reserved, and its income is recorded. */
  end(o: EarnOrderRow, income: IncomeRow): void {
    this.track(o, -1n);
    this.touched.set(o.id, o);
    this.incomes.push(income);
  }

  async load(q: Queryable, risk: RiskEngine): Promise<void> {
    const s = await loadEarn(q);
    for (const o of s.open)
      risk.adopt({ id: earnHoldId(o.id), owner: o.userId, type: ACCOUNT.finance, asset: o.asset, amount: o.amount });
    this.rebuild(s.open, s.sold, s.counts, s.lastId + 1);
  }

  snapshot(): unknown {
    return {
      nextId: this.nextId,
      open: [...this.open.values()].map((o) =>
        Object.fromEntries(
          Object.keys(o)
            .sort()
            .map((k) => [
              k,
              (BIG as readonly string[]).includes(k) ? String(o[k as keyof EarnOrderRow]) : o[k as keyof EarnOrderRow],
            ]),
        ),
      ),
      sold: [...this.sold].sort((a, b) => a[0] - b[0]).map(([p, v]) => [p, String(v)]),
      counts: [...this.counts].sort((a, b) => (a[0] < b[0] ? -1 : 1)),
    };
  }

  restore(data: unknown): void {
    // Snapshots written before flexible products carry no paidDays: nothing was paid by the day then.
    const s = data as {
      nextId: number;
      open: Array<Record<string, unknown>>;
      sold: Array<[number, string]>;
      counts: Array<[string, number]>;
    };
    const open = s.open.map(
      (o) =>
        ({
          ...o,
          amount: BigInt(o.amount as string),
          dailyRate: BigInt(o.dailyRate as string),
          interestPaid: BigInt(o.interestPaid as string),
          paidDays: Number(o.paidDays ?? 0),
        }) as EarnOrderRow,
    );
    this.rebuild(
      open,
      s.sold.map(([p, v]) => [p, BigInt(v)]),
      s.counts,
      s.nextId,
    );
  }

  takeRows(): { orders: EarnOrderRow[]; incomes: IncomeRow[] } | undefined {
    if (!this.touched.size && !this.incomes.length) return undefined;
    const out = { orders: [...this.touched.values()].map((o) => ({ ...o })), incomes: this.incomes };
    this.touched = new Map();
    this.incomes = [];
    return out;
  }

  async write(q: Queryable, batches: unknown[]): Promise<void> {
    const orders = new Map<number, EarnOrderRow>();
    const incomes: IncomeRow[] = [];
    for (const b of batches as Array<{ orders: EarnOrderRow[]; incomes: IncomeRow[] }>) {
      for (const o of b.orders) orders.set(o.id, o);
      incomes.push(...b.incomes);
    }
    await writeEarn(q, orders.values(), incomes);
  }

  private track(o: EarnOrderRow, sign: 1n | -1n): void {
    this.reservedByAsset.set(o.asset, this.reserved(o.asset) + sign * owedOf(o));
    if (sign > 0n) {
      this.open.set(o.id, o);
      this.due.push(o.endAt, o.id);
      this.requeue(o);
    } else this.open.delete(o.id);
  }

  private rebuild(
    open: EarnOrderRow[],
    sold: Array<[number, bigint]>,
    counts: Array<[string, number]>,
    nextId: number,
  ): void {
    this.open = new Map();
    this.due = new DueQueue();
    this.accruals = new DueQueue();
    this.reservedByAsset = new Map();
    this.touched = new Map();
    this.incomes = [];
    for (const o of open) this.track(o, 1n);
    this.sold = new Map(sold);
    this.counts = new Map(counts);
    this.nextId = nextId;
  }
}
