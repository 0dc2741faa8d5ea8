import type { CommandContext, CorePart } from '../core/command.ts';
import type { TradingCore } from '../core/core.ts';
import type { RiskEngine } from '../core/risk/risk-engine.ts';
import { fail } from '../outcome.ts';
import type { Queryable } from '../storage/db.ts';
import { createEngine, type MatchingEngine } from '../matching/engine.ts';
import type { EngineEvent } from '../matching/types.ts';
import type { Market } from './market.ts';
import type { SpotMarkets } from './markets.ts';
import { insertTrades, lastIds, restingOrders, upsertOrders, type OrderAccount, type OrderRow } from './orders.repo.ts';
import { hasEnded, type SettledTrade, type SettlementBooks, type TradeFact } from './settlement.ts';
import { MARKET_RATES, type FeeRates } from '../fees/fee-rates.ts';
import { holdIdOf, holdOf, spotRule, type TradeRule } from './spot-rule.ts';

/** What one batch changed on the spot books, for the projector: the orders as they ended it, and its trades. */
interface SpotRows {
  orders: OrderRow[];
  trades: TradeFact[];
}

type EncodedOrder = [
  number,
  string,
  number,
  OrderRow['side'],
  OrderRow['kind'],
  OrderRow['tif'],
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  OrderRow['status'],
  number,
  number,
  OrderAccount,
  boolean,
  string,
];

/**
 * Told of every command's engine events on a spot book, before and after they settle: the conditional orders
 * (server/spot/conditional) fire on the trades and follow their OCO legs and TP/SL buys through it.
 */
export interface MatchListener {
  beforeSettle(events: readonly EngineEvent[]): void;
  afterSettle(ctx: CommandContext, m: Market, trades: readonly SettledTrade[]): void;
}

/** The name spot's books go by among the core's parts. */
export const SPOT_PART = 'spot';

/**
 * Spot's books in a core: how other products and the feeds reach them, by the part's name, never through a god object.
 */
export function spotBooksOf(core: Pick<TradingCore, 'part'>): SpotBooks {
  return core.part<SpotBooks>(SPOT_PART);
}

/**
 * The spot exchange's state inside the trading core: a book per market (the pure matching engine), the orders
 * resting on them, and the numbering of orders and trades. The projector writes the orders and trades each batch
 * changed. A book is rebuilt from its orders in id order, which is their time priority.
 */
export class SpotBooks implements CorePart, SettlementBooks {
  readonly name = SPOT_PART;
  readonly engines = new Map<string, MatchingEngine>();
  live = new Map<number, OrderRow>();
  trades: TradeFact[] = [];
  /** The rule of each account orders trade from: spot here; the margin part adds its accounts' when attached. */
  readonly rules = new Map<OrderAccount, TradeRule>([['spot', spotRule]]);
  /** The fee rates fills charge: the markets' own until the fee book attaches its VIP levels (server/fees). */
  fees: FeeRates = MARKET_RATES;
  /** The markets registry the books are built on (server/spot/markets.ts), loaded before the core starts. */
  readonly markets: SpotMarkets;
  /** Set by the conditional orders' part when it attaches; not state. */
  listener: MatchListener | undefined;
  private touched = new Set<OrderRow>();
  private nextOrderId = 1;
  private nextTradeId = 1;

  constructor(markets: SpotMarkets) {
    this.markets = markets;
  }

  market(symbol: string): Market {
    const m = this.markets.get(symbol);
    if (!m) fail('unknownMarket');
    return m;
  }

  engine(symbol: string): MatchingEngine {
    const e = this.engines.get(symbol);
    if (!e) fail(this.markets.has(symbol) ? 'marketClosed' : 'unknownMarket');
    return e;
  }

  ruleOf(o: OrderRow): TradeRule {
    return this.rule(o.account);
  }

  private rule(account: OrderAccount): TradeRule {
    const r = this.rules.get(account);
    if (!r) throw new Error(`no risk rule for ${account} orders`);
    return r;
  }

  /** The number the next order gets, without taking it. */
  peekOrderId(): number {
    return this.nextOrderId;
  }

  orderId(): number {
    return this.nextOrderId++;
  }

  /** Numbers orders on after `id`, at least: another part (the conditional orders) took ids up to it. */
  reserveOrderIds(id: number): void {
    if (this.nextOrderId <= id) this.nextOrderId = id + 1;
  }

  tradeId(): number {
    return this.nextTradeId++;
  }

  touch(o: OrderRow, now: number): void {
    if (this.touched.has(o)) return;
    o.updatedAt = now;
    this.touched.add(o);
  }

  async load(q: Queryable, risk: RiskEngine): Promise<void> {
    const ids = await lastIds(q);
    this.nextOrderId = ids.order + 1;
    this.nextTradeId = ids.trade + 1;
    const orders: OrderRow[] = [];
    for (const m of this.spotMarkets()) orders.push(...(await restingOrders(q, m.symbol)));
    for (const o of orders) {
      if (o.frozen > 0n)
        risk.adopt({
          id: holdIdOf(o.id),
          owner: o.userId,
          type: this.rule(o.account).type,
          asset: holdOf(this.market(o.symbol), o).asset,
          amount: o.frozen,
        });
    }
    this.rebuild(orders);
  }

  snapshot(): unknown {
    const orders = [...this.live.values()]
      .sort((a, b) => a.id - b.id)
      .map(
        (o): EncodedOrder => [
          o.id,
          o.symbol,
          o.userId,
          o.side,
          o.kind,
          o.tif,
          `${o.price}`,
          `${o.quantity}`,
          `${o.quoteBudget}`,
          `${o.filledQty}`,
          `${o.filledQuote}`,
          `${o.fee}`,
          `${o.frozen}`,
          o.status,
          o.createdAt,
          o.updatedAt,
          o.account,
          o.autoRepay,
          `${o.borrowed}`,
        ],
      );
    return { nextOrderId: this.nextOrderId, nextTradeId: this.nextTradeId, orders };
  }

  restore(data: unknown): void {
    const s = data as { nextOrderId: number; nextTradeId: number; orders: EncodedOrder[] };
    this.nextOrderId = s.nextOrderId;
    this.nextTradeId = s.nextTradeId;
    this.rebuild(
      s.orders.map(
        ([
          id,
          symbol,
          userId,
          side,
          kind,
          tif,
          price,
          quantity,
          quoteBudget,
          filledQty,
          filledQuote,
          fee,
          frozen,
          status,
          createdAt,
          updatedAt,
          account = 'spot',
          autoRepay = false,
          borrowed = '0',
        ]) => ({
          id,
          symbol,
          userId,
          side,
          kind,
          tif,
          price: BigInt(price),
          quantity: BigInt(quantity),
          quoteBudget: BigInt(quoteBudget),
          filledQty: BigInt(filledQty),
          filledQuote: BigInt(filledQuote),
          fee: BigInt(fee),
          frozen: BigInt(frozen),
          status,
          doneReason: null,
          createdAt,
          updatedAt,
          account,
          autoRepay,
          borrowed: BigInt(borrowed),
        }),
      ),
    );
  }

  takeRows(): SpotRows | undefined {
    if (!this.touched.size && !this.trades.length) return undefined;
    // Copies of the orders still on the book: they move on with the next batch (an ended one never changes again).
    const orders: OrderRow[] = [];
    for (const o of this.touched) orders.push(hasEnded(o) ? o : { ...o });
    const rows = { orders, trades: this.trades };
    this.touched = new Set();
    this.trades = [];
    return rows;
  }

  async write(q: Queryable, rows: unknown[]): Promise<void> {
    const orders = new Map<number, OrderRow>();
    const trades: TradeFact[] = [];
    for (const r of rows as SpotRows[]) {
      for (const o of r.orders) orders.set(o.id, o);
      trades.push(...r.trades);
    }
    await upsertOrders(q, orders.values());
    await insertTrades(q, trades);
  }

  spotMarkets(): Market[] {
    return [...this.markets.values()].filter((m) => m.market === 'spot');
  }

  private rebuild(orders: readonly OrderRow[]): void {
    this.engines.clear();
    this.live = new Map(orders.map((o) => [o.id, o]));
    this.touched = new Set();
    this.trades = [];
    for (const m of this.spotMarkets()) {
      const engine = createEngine({ marketId: m.symbol });
      engine.load(
        orders
          .filter((o) => o.symbol === m.symbol)
          .map((o) => ({
            orderId: o.id,
            userId: o.userId,
            side: o.side,
            price: Number(o.price / m.tick),
            remaining: Number((o.quantity - o.filledQty) / m.lot),
            tif: o.tif === 'POST_ONLY' ? ('POST_ONLY' as const) : ('GTC' as const),
            stp: 'cancel_taker' as const,
          })),
      );
      this.engines.set(m.symbol, engine);
    }
  }
}
