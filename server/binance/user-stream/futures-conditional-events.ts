/**
 * The futures user stream's events for conditional orders (developers.binance.com, USDⓈ-M "User Data Streams"):
 * those placed through the algo calls send ALGO_UPDATE (`o.X` the algo status: NEW when placed, TRIGGERED or
 * FINISHED when fired, CANCELED, EXPIRED with `rm` the reason), the others ORDER_TRADE_UPDATE under their own orderId
 * (`x`/`X` NEW when placed, NEW again with `o` the placed order's type when triggered, CANCELED, EXPIRED; `ot` the
 * original type, `sp` the stop price, `wt` the working type). The order a trigger placed then reports under its own
 * id, as every order does (futures-events.ts).
 */
import type { TradingCore } from '../../core/core.ts';
import { userConditionals } from '../../perpetual/perp-conditional.repo.ts';
import { userStops } from '../../perpetual/perp.repo.ts';
import { userTrailing } from '../../perpetual/trailing.repo.ts';
import type { Db } from '../../storage/db.ts';
import { algoView } from '../futures/algo-orders.ts';
import { activeOwned, firedOrder, idOf, orderShape, type Owned } from '../futures/conditional.ts';
import { bookOf, linearContracts } from '../futures/symbols.ts';

const keyOf = (o: Owned) => `${o.kind}:${o.row.id}`;

export class ConditionalStream {
  /** The status last told of each conditional order the stream knows, and the highest door id seen. */
  private readonly told = new Map<string, string>();
  private lastId = 0;
  private readonly db: Db;
  private readonly core: TradingCore;
  private readonly userId: number;

  constructor(db: Db, core: TradingCore, userId: number) {
    this.db = db;
    this.core = core;
    this.userId = userId;
  }

  /** The user's conditional orders: the active ones as the core holds them, and the latest ended ones. */
  private async rows(): Promise<Owned[]> {
    await this.core.settled();
    const symbols = new Set(linearContracts(this.core).map((c) => c.symbol));
    const b = bookOf(this.core);
    const ended: Owned[] = [
      ...(await userConditionals(this.db, this.userId)).map((row) => ({ kind: 'conditional', row }) as const),
      ...(await userTrailing(this.db, this.userId)).map((row) => ({ kind: 'trailing', row }) as const),
      ...(await userStops(this.db, this.userId)).map((row) => ({ kind: 'stop', row }) as const),
    ].filter((o) => o.row.status !== 'active' && symbols.has(o.row.symbol) && b.contracts.has(o.row.symbol));
    return [...activeOwned(this.core, this.userId, symbols), ...ended].sort((x, y) => idOf(x) - idOf(y));
  }

  /** Where the stream starts: what is already there is not told. */
  async start(): Promise<void> {
    for (const o of await this.rows()) {
      this.told.set(keyOf(o), o.row.status);
      this.lastId = Math.max(this.lastId, idOf(o));
    }
  }

  async changed(now: number): Promise<object[]> {
    const events: object[] = [];
    for (const o of await this.rows()) {
      const key = keyOf(o);
      const before = this.told.get(key);
      const fresh = before === undefined && idOf(o) > this.lastId;
      if (!fresh && (before === undefined || before === o.row.status)) continue;
      if (fresh) events.push(await this.event(o, 'active', now));
      if (o.row.status !== 'active') events.push(await this.event(o, o.row.status, now));
      this.told.set(key, o.row.status);
      this.lastId = Math.max(this.lastId, idOf(o));
    }
    return events;
  }

  private async event(o: Owned, step: string, now: number): Promise<object> {
    const c = bookOf(this.core).contract(o.row.symbol);
    const fired = step === 'active' ? null : await firedOrder(this.db, this.core, o.row.orderId);
    const at = step === 'active' ? o.row.createdAt : o.row.updatedAt;
    if (o.kind === 'conditional' && o.row.algo) {
      const v = algoView(c, { ...o, row: { ...o.row, status: step as typeof o.row.status } }, fired);
      return {
        e: 'ALGO_UPDATE',
        T: at,
        E: now,
        o: {
          caid: v.clientAlgoId,
          aid: v.algoId,
          at: v.algoType,
          o: v.orderType,
          s: v.symbol,
          S: v.side,
          ps: v.positionSide,
          f: v.timeInForce,
          q: v.quantity,
          X: v.algoStatus,
          ai: v.actualOrderId,
          ap: v.avgPrice,
          aq: v.executedQty,
          act: fired ? (fired.kind === 'limit' ? 'LIMIT' : 'MARKET') : '0',
          tp: v.triggerPrice,
          p: v.price,
          V: v.selfTradePreventionMode,
          wt: v.workingType,
          pm: v.priceMatch,
          cp: v.closePosition,
          pP: v.priceProtect,
          R: v.reduceOnly,
          tt: v.triggerTime,
          gtd: v.goodTillDate,
          ...(o.row.reason ? { rm: o.row.reason } : {}),
        },
      };
    }
    const v = orderShape(c, o, null);
    const X = step === 'active' || step === 'triggered' ? 'NEW' : step === 'cancelled' ? 'CANCELED' : 'EXPIRED';
    return {
      e: 'ORDER_TRADE_UPDATE',
      E: now,
      T: at,
      o: {
        s: v.symbol,
        c: v.clientOrderId,
        S: v.side,
        // Once triggered, the type of the order it placed; `ot` keeps its own.
        o: step === 'triggered' && fired ? (fired.kind === 'limit' ? 'LIMIT' : 'MARKET') : v.origType,
        f: v.timeInForce,
        q: v.origQty,
        p: v.price,
        ap: '0',
        sp: v.stopPrice,
        x: X,
        X,
        i: v.orderId,
        l: '0',
        z: '0',
        L: '0',
        N: c.marginAsset,
        n: '0',
        T: at,
        t: 0,
        b: '0',
        a: '0',
        m: false,
        R: v.reduceOnly,
        wt: v.workingType,
        ot: v.origType,
        ps: v.positionSide,
        cp: v.closePosition,
        rp: '0',
        pP: v.priceProtect,
        si: 0,
        ss: 0,
        V: v.selfTradePreventionMode,
        pm: v.priceMatch,
        gtd: v.goodTillDate,
      },
    };
  }
}
