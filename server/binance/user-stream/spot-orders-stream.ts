import type { SpotMarkets } from '../../spot/markets.ts';
import { findOrder, userFills, userOrders, type OrderRow, type TradeRecord } from '../../spot/orders.repo.ts';
import type { Queryable } from '../../storage/db.ts';
import { endOf, executionReport, stopReport, type BinanceStatus } from './execution-report.ts';
import { filledBefore, SeenOrders } from './seen-orders.ts';
import { findConditional, userConditionals, type ConditionalRow } from '../../spot/conditional/conditional.repo.ts';

/** More of a user's open orders than this in one market and the oldest are not watched for their end. */
const OPEN_ORDERS_READ = 500;
/** Orders and fills read per change note: a note follows each batch, so far fewer change between two. */
const CHANGES_READ = 200;

const isOpen = (o: OrderRow) => o.status === 'open' || o.status === 'partial';

/**
 * What one user stream has told of a user's spot orders, and the reports for the next change. The private feed's
 * note says only "your orders in this market changed"; the stream reads the orders and fills since then from the
 * tables (once the core's projector has them) and reports each step as Binance would: NEW for an order it has not
 * seen, one TRADE per fill, then how it ended.
 */
export class SpotOrdersStream {
  /** The last order and fill id reported, per market (notes of different markets come in any order). */
  private readonly last = new Map<string, { order: number; trade: number }>();
  private startedAt = { order: 0, trade: 0 };
  /** The user's open orders the stream knows of, with their market. */
  private readonly seen = new SeenOrders();
  /** The user's open conditional orders the stream knows of, by id, with their market; and the last id reported. */
  private readonly stops = new Map<number, { symbol: string; told: boolean }>();
  private stopsFrom = 0;
  private executions = 0;

  private readonly q: Queryable;
  private readonly markets: SpotMarkets;
  private readonly userId: number;

  constructor(q: Queryable, markets: SpotMarkets, userId: number) {
    this.q = q;
    this.markets = markets;
    this.userId = userId;
  }

  /** Where the stream starts: what is already there is not reported. */
  async start(): Promise<void> {
    const page = { page: 1, size: OPEN_ORDERS_READ };
    const open = (await userOrders(this.q, this.userId, 'open', page)).rows;
    for (const o of open) this.seen.note(o.id, o.symbol, true);
    const history = await userOrders(this.q, this.userId, 'history', {
      page: 1,
      size: 1,
    });
    const fills = await userFills(this.q, this.userId, {
      newestFirst: true,
      page: 1,
      size: 1,
    });
    this.startedAt = {
      order: Math.max(0, ...open.map((o) => o.id), ...history.rows.map((o) => o.id)),
      trade: fills.rows[0]?.id ?? 0,
    };
    for (const c of (await userConditionals(this.q, this.userId, 'open', page)).rows)
      this.stops.set(c.id, { symbol: c.symbol, told: c.status === 'pending' });
    const ended = await userConditionals(this.q, this.userId, 'history', { page: 1, size: 1 });
    this.stopsFrom = Math.max(0, ...this.stops.keys(), ...ended.rows.map((c) => c.id));
  }

  /**
   * The reports of the market's conditional orders since the last call: NEW for one not seen yet, then how it
   * ended if it has (its trigger is NEW and working; the order it was placed as reports on its own).
   */
  private async stopsChanged(symbol: string, now: number): Promise<object[]> {
    const page = { page: 1, size: OPEN_ORDERS_READ };
    const rows = new Map<number, ConditionalRow>();
    for (const c of (await userConditionals(this.q, this.userId, 'open', page, symbol)).rows) rows.set(c.id, c);
    for (const c of (await userConditionals(this.q, this.userId, 'history', { page: 1, size: CHANGES_READ }, symbol))
      .rows)
      if (c.id > this.stopsFrom) rows.set(c.id, c);
    for (const [id, s] of this.stops)
      if (s.symbol === symbol && !rows.has(id)) {
        const c = await findConditional(this.q, id);
        if (c) rows.set(id, c);
      }
    const m = this.markets.market(symbol);
    const reports: object[] = [];
    for (const c of [...rows.values()].sort((a, b) => a.id - b.id)) {
      const known = this.stops.get(c.id);
      if (!known && c.id <= this.stopsFrom) continue;
      this.stopsFrom = Math.max(this.stopsFrom, c.id);
      // A TP/SL waiting for its buy is not an order yet: it is told once it is an OCO's stop leg.
      if (c.status === 'waiting') {
        this.stops.set(c.id, { symbol, told: false });
        continue;
      }
      // Nor is one whose buy ended without a fill: it ends untold.
      if (!known?.told && c.parentOrderId && !c.limitOrderId) {
        this.stops.delete(c.id);
        continue;
      }
      if (!known?.told) reports.push(stopReport(m, { ...c, status: 'pending' }, 'NEW', now, ++this.executions));
      if (c.status === 'pending') {
        this.stops.set(c.id, { symbol, told: true });
      } else {
        const x = c.status === 'triggered' ? 'NEW' : c.status === 'cancelled' ? 'CANCELED' : 'EXPIRED';
        reports.push(stopReport(m, c, x, now, ++this.executions));
        this.stops.delete(c.id);
      }
    }
    return reports;
  }

  /** The reports for what changed in the market since the last call, in the order it happened. */
  async changed(symbol: string, now: number): Promise<object[]> {
    const m = this.markets.market(symbol);
    const last = { ...(this.last.get(symbol) ?? this.startedAt) };
    const orders = new Map<number, OrderRow>();
    const page = { page: 1, size: OPEN_ORDERS_READ };
    for (const state of ['open', 'history'] as const)
      for (const o of (await userOrders(this.q, this.userId, state, page, symbol)).rows)
        if (o.id > last.order) orders.set(o.id, o);
    const fills = (
      await userFills(this.q, this.userId, {
        symbol,
        newestFirst: true,
        page: 1,
        size: CHANGES_READ,
      })
    ).rows
      .filter((t) => t.id > last.trade)
      .reverse();
    const wanted = new Set<number>();
    for (const id of this.seen.openIn(symbol)) wanted.add(id);
    for (const t of fills) wanted.add(t.makerUserId === this.userId ? t.makerOrderId : t.takerOrderId);
    for (const id of wanted)
      if (!orders.has(id)) {
        const o = await findOrder(this.q, id);
        if (o) orders.set(id, o);
      }

    // A stop's trigger is told before the order it placed.
    const reports: object[] = await this.stopsChanged(symbol, now);
    let reportedUpTo = last.order;
    for (const o of [...orders.values()].sort((a, b) => a.id - b.id)) {
      if (o.account !== 'spot' || o.userId !== this.userId) continue;
      const fresh = o.id > last.order;
      const report = (
        x: Parameters<typeof executionReport>[2],
        X: BinanceStatus,
        done: { qty: bigint; quote: bigint },
        fill?: { trade: TradeRecord; maker: boolean },
      ) => reports.push(executionReport(m, o, x, X, done, fill, now, ++this.executions));
      if (fresh) report('NEW', 'NEW', { qty: 0n, quote: 0n });
      const own = fills.filter((t) => t.makerOrderId === o.id || t.takerOrderId === o.id);
      const before = filledBefore({ qty: o.filledQty, value: o.filledQuote }, own, (t) => ({
        qty: t.quantity,
        value: t.quoteQty,
      }));
      const done = { qty: before.qty, quote: before.value };
      const end = endOf(o);
      own.forEach((t, k) => {
        done.qty += t.quantity;
        done.quote += t.quoteQty;
        const full =
          (o.quantity > 0n && done.qty === o.quantity) || (k === own.length - 1 && o.status === 'filled' && !end);
        report(
          'TRADE',
          full ? 'FILLED' : 'PARTIALLY_FILLED',
          { ...done },
          {
            trade: t,
            maker: t.makerOrderId === o.id,
          },
        );
      });
      if (!isOpen(o) && end && (fresh || this.seen.wasOpen(o.id))) report(end, end, { ...done });
      this.seen.note(o.id, o.symbol, isOpen(o));
      if (fresh) reportedUpTo = Math.max(reportedUpTo, o.id);
    }
    this.last.set(symbol, {
      order: reportedUpTo,
      trade: Math.max(last.trade, ...fills.map((t) => t.id)),
    });
    return reports;
  }
}
