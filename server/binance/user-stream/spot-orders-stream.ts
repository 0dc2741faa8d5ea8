import type { SpotMarkets } from '../../spot/markets.ts';
import { findOrder, userFills, userOrders, type OrderRow, type TradeRecord } from '../../spot/orders.repo.ts';
import type { Queryable } from '../../storage/db.ts';
import { endOf, executionReport, type BinanceStatus } from './execution-report.ts';

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
  /** The user's open orders the stream knows of, by id, with their market. */
  private readonly open = new Map<number, string>();
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
    for (const o of (await userOrders(this.q, this.userId, 'open', page)).rows) this.open.set(o.id, o.symbol);
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
      order: Math.max(0, ...this.open.keys(), ...history.rows.map((o) => o.id)),
      trade: fills.rows[0]?.id ?? 0,
    };
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
    for (const [id, s] of this.open) if (s === symbol) wanted.add(id);
    for (const t of fills) wanted.add(t.makerUserId === this.userId ? t.makerOrderId : t.takerOrderId);
    for (const id of wanted)
      if (!orders.has(id)) {
        const o = await findOrder(this.q, id);
        if (o) orders.set(id, o);
      }

    const reports: object[] = [];
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
      const done = {
        qty: o.filledQty - own.reduce((s, t) => s + t.quantity, 0n),
        quote: o.filledQuote - own.reduce((s, t) => s + t.quoteQty, 0n),
      };
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
      if (!isOpen(o) && end && (fresh || this.open.has(o.id))) report(end, end, { ...done });
      if (isOpen(o)) this.open.set(o.id, o.symbol);
      else this.open.delete(o.id);
      if (fresh) reportedUpTo = Math.max(reportedUpTo, o.id);
    }
    this.last.set(symbol, {
      order: reportedUpTo,
      trade: Math.max(last.trade, ...fills.map((t) => t.id)),
    });
    return reports;
  }
}
