import type { CorePart } from '../../core/command.ts';
import { OrderedTriggers } from '../../matching/trigger-queue.ts';
import type { RiskEngine } from '../../core/risk/risk-engine.ts';
import { ACCOUNT } from '../../ledger/account-types.ts';
import type { Queryable } from '../../storage/db.ts';
import type { Market } from '../market.ts';
import type { OrderRow } from '../orders.repo.ts';
import { SPOT_PART, type SpotBooks } from '../spot-books.ts';
import { holdOf } from '../spot-rule.ts';
import {
  lastConditionalIds,
  lastTradePrices,
  openConditionals,
  upsertConditionals,
  type ConditionalRow,
} from './conditional.repo.ts';

/** The name the conditional orders go by among the core's parts. */
export const CONDITIONAL_PART = 'spot.conditional';

export const stopHoldIdOf = (id: number) => `stop:${id}`;

/**
 * Whether an order of this side and type fires when the last price rises to its stop (a buy stop-loss, a sell
 * take-profit) or when it falls to it (a sell stop-loss, a buy take-profit): Binance's rule.
 */
export function firesRising(c: Pick<ConditionalRow, 'side' | 'type'>): boolean {
  const loss = c.type === 'STOP_LOSS' || c.type === 'STOP_LOSS_LIMIT';
  return c.side === 'buy' ? loss : !loss;
}

/** Whether a last price has reached a conditional order's stop. */
export function reached(c: Pick<ConditionalRow, 'side' | 'type' | 'stopPrice'>, last: bigint): boolean {
  return firesRising(c) ? last >= c.stopPrice : last <= c.stopPrice;
}

/** The order a conditional order is placed as once triggered: a limit order at its price, or a market order. */
export function placedKind(c: Pick<ConditionalRow, 'type'>): 'limit' | 'market' {
  return c.type === 'STOP_LOSS_LIMIT' || c.type === 'TAKE_PROFIT_LIMIT' ? 'limit' : 'market';
}

/** What a conditional order's placed order will hold: the asset and amount (server/spot/spot-rule.ts, holdOf). */
export function placedHold(m: Market, c: ConditionalRow): { asset: string; amount: bigint } {
  return holdOf(m, {
    side: c.side,
    kind: placedKind(c),
    price: c.price,
    quantity: c.quantity,
    quoteBudget: c.quoteBudget,
  });
}

/**
 * Firing order (docs/products/spot.md, "Order of firing"): falling triggers before rising ones; among falling the
 * highest stop first, among rising the lowest; equal stops in placement (id) order. Negative when `a` fires first.
 */
export function fireOrder(a: ConditionalRow, b: ConditionalRow): number {
  const ra = firesRising(a);
  if (ra !== firesRising(b)) return ra ? 1 : -1;
  if (a.stopPrice !== b.stopPrice) return a.stopPrice < b.stopPrice === ra ? -1 : 1;
  return a.id - b.id;
}

/** How the queue reads a conditional order: its direction (firesRising) and its stop. */
const CONDITIONAL_RULE = { rises: firesRising, level: (c: ConditionalRow) => c.stopPrice };

/**
 * One market's pending triggers in firing order (fireOrder): the next to fire is always the first of one of the two
 * directions, so a trade looks at two orders, not at every pending one. The ordered structure is shared with the
 * perpetual stops (server/matching/trigger-queue.ts): O(log n) to add or remove wherever a stop lands.
 */
export class TriggerQueue extends OrderedTriggers<ConditionalRow> {
  constructor() {
    super(CONDITIONAL_RULE);
  }
}

/** What must happen once the engine's events of a command are settled, in the order they were seen. */
export type ConditionalWork =
  /** An OCO's limit leg traded or left the book: its stop leg expires (traded) or is cancelled with it. */
  | { kind: 'leg'; id: number; traded: boolean }
  /** A TP/SL's limit buy left the book: its sell OCO is placed for what it bought. */
  | { kind: 'parent'; id: number };

type Encoded = [
  number,
  number,
  string,
  number,
  ConditionalRow['side'],
  ConditionalRow['type'],
  string,
  string,
  string,
  string,
  ConditionalRow['tif'],
  string,
  ConditionalRow['status'],
  number,
  number,
  string,
  number,
  number,
  number,
];

/**
 * Spot's conditional orders inside the trading core (docs/products/spot.md, "Conditional orders"): every open one
 * (waiting for its buy, or for its trigger), each market's last trade price, and the numbering of order lists. The
 * open ones and the last prices are the whole state; the projector writes every row a batch changed, and a start
 * without a snapshot rebuilds it from the open rows and the trades table. Triggering runs inside the spot command
 * that produced the trade (conditional.commands.ts), so a replay decides the same.
 */
export class ConditionalBook implements CorePart {
  readonly name = CONDITIONAL_PART;
  /** The open conditional orders by id. */
  open = new Map<number, ConditionalRow>();
  /** Pending stops by market, in firing order: the ones a trade in that market may fire. */
  pending = new Map<string, TriggerQueue>();
  /** OCO stop legs by their limit leg's order id. */
  byLimitLeg = new Map<number, ConditionalRow>();
  /** Waiting TP/SLs by their limit buy's order id. */
  byParent = new Map<number, ConditionalRow>();
  /** Each market's last trade price. */
  last = new Map<string, bigint>();
  /** Transient, within one command: what its settled events asked for, and the markets whose last price moved. */
  work: ConditionalWork[] = [];
  moved = new Set<string>();
  /** Transient, within one command: the limit buys of waiting TP/SLs that ended in it (they leave the books). */
  ended = new Map<number, OrderRow>();
  firing = false;
  private touched = new Set<ConditionalRow>();
  private nextListId = 1;
  private books!: SpotBooks;

  attach(_risk: RiskEngine, part: <T extends CorePart>(name: string) => T): void {
    this.books = part<SpotBooks>(SPOT_PART);
  }

  spot(): SpotBooks {
    return this.books;
  }

  listId(): number {
    return this.nextListId++;
  }

  touch(c: ConditionalRow, now: number): void {
    c.updatedAt = now;
    this.touched.add(c);
  }

  /** Adds an open conditional order to the indexes its status needs. */
  add(c: ConditionalRow): void {
    this.open.set(c.id, c);
    if (c.status === 'waiting') this.byParent.set(c.parentOrderId, c);
    if (c.status !== 'pending') return;
    let market = this.pending.get(c.symbol);
    if (!market) this.pending.set(c.symbol, (market = new TriggerQueue()));
    market.add(c);
    if (c.limitOrderId) this.byLimitLeg.set(c.limitOrderId, c);
  }

  /** Takes an open conditional order out of every index (it has ended, or moves from waiting to pending). */
  remove(c: ConditionalRow): void {
    this.open.delete(c.id);
    if (c.status === 'pending') this.pending.get(c.symbol)?.delete(c);
    if (this.byLimitLeg.get(c.limitOrderId) === c) this.byLimitLeg.delete(c.limitOrderId);
    if (this.byParent.get(c.parentOrderId) === c) this.byParent.delete(c.parentOrderId);
  }

  async load(q: Queryable, risk: RiskEngine): Promise<void> {
    const ids = await lastConditionalIds(q);
    this.nextListId = ids.list + 1;
    this.books.reserveOrderIds(ids.id);
    const rows = await openConditionals(q);
    for (const c of rows) {
      if (c.frozen > 0n)
        risk.adopt({
          id: stopHoldIdOf(c.id),
          owner: c.userId,
          type: ACCOUNT.spot,
          asset: placedHold(this.books.market(c.symbol), c).asset,
          amount: c.frozen,
        });
    }
    this.rebuild(rows, await lastTradePrices(q));
  }

  snapshot(): unknown {
    const rows = [...this.open.values()]
      .sort((a, b) => a.id - b.id)
      .map(
        (c): Encoded => [
          c.id,
          c.listId,
          c.symbol,
          c.userId,
          c.side,
          c.type,
          `${c.stopPrice}`,
          `${c.price}`,
          `${c.quantity}`,
          `${c.quoteBudget}`,
          c.tif,
          `${c.frozen}`,
          c.status,
          c.limitOrderId,
          c.parentOrderId,
          `${c.tpPrice}`,
          c.orderId,
          c.createdAt,
          c.updatedAt,
        ],
      );
    const last = [...this.last].sort(([a], [b]) => (a < b ? -1 : 1)).map(([s, p]) => [s, `${p}`]);
    return { nextListId: this.nextListId, last, rows };
  }

  restore(data: unknown): void {
    const s = data as { nextListId: number; last: Array<[string, string]>; rows: Encoded[] } | undefined;
    // A snapshot from before conditional orders existed holds none.
    this.nextListId = s?.nextListId ?? 1;
    this.rebuild(
      (s?.rows ?? []).map(
        ([
          id,
          listId,
          symbol,
          userId,
          side,
          type,
          stopPrice,
          price,
          quantity,
          quoteBudget,
          tif,
          frozen,
          status,
          limitOrderId,
          parentOrderId,
          tpPrice,
          orderId,
          createdAt,
          updatedAt,
        ]) => ({
          id,
          listId,
          symbol,
          userId,
          side,
          type,
          stopPrice: BigInt(stopPrice),
          price: BigInt(price),
          quantity: BigInt(quantity),
          quoteBudget: BigInt(quoteBudget),
          tif,
          frozen: BigInt(frozen),
          status,
          limitOrderId,
          parentOrderId,
          tpPrice: BigInt(tpPrice),
          orderId,
          createdAt,
          updatedAt,
        }),
      ),
      (s?.last ?? []).map(([sym, p]) => [sym, BigInt(p)]),
    );
  }

  takeRows(): ConditionalRow[] | undefined {
    if (!this.touched.size) return undefined;
    const rows = [...this.touched].map((c) => ({ ...c }));
    this.touched = new Set();
    return rows;
  }

  async write(q: Queryable, batches: unknown[]): Promise<void> {
    const rows = new Map<number, ConditionalRow>();
    for (const batch of batches as ConditionalRow[][]) for (const c of batch) rows.set(c.id, c);
    await upsertConditionals(q, rows.values());
  }

  private rebuild(rows: readonly ConditionalRow[], last: ReadonlyArray<[string, bigint]>): void {
    this.open = new Map();
    this.pending = new Map();
    this.byLimitLeg = new Map();
    this.byParent = new Map();
    this.touched = new Set();
    this.work = [];
    this.moved = new Set();
    this.ended = new Map();
    this.firing = false;
    for (const c of rows) this.add(c);
    this.last = new Map(last);
  }
}
