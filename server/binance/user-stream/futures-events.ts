import type { RefreshMessage } from '../../../isomorphic/contract/private-feed.ts';
import type { FeatureContext } from '../../feature.ts';
import { userTopics } from '../../feeds/topics.ts';
import type { TradingCore } from '../../core/core.ts';
import type { Contract } from '../../perpetual/contracts.ts';
import { DEFAULT_LEVERAGE } from '../../perpetual/perp-book.ts';
import * as service from '../../perpetual/perp.service.ts';
import type { PerpOrderRow } from '../../perpetual/perp-state.ts';
import { fillValue } from '../../perpetual/position-math.ts';
import type { Db } from '../../storage/db.ts';
import { money } from '../../wallet/amounts.ts';
import { userFills, type UserFill } from '../futures/futures.repo.ts';
import { bookOf, clientIdOfOrder, linearContracts } from '../futures/symbols.ts';
import { tradeView } from '../futures/user-trades.ts';
import { assetRow, orderView, positionRiskView } from '../futures/views.ts';
import { ConditionalStream } from './futures-conditional-events.ts';
import { filledBefore, SeenOrders } from './seen-orders.ts';

/** Orders read per change: the open ones and the latest of the history (a change note follows each batch). */
const ORDERS_READ = 500;
/** Fills read per contract per change. */
const FILLS_READ = 1000;
/** Every linear contract is margined in USDT (the futures door's one asset). */
const USDT = 'USDT';

const isOpen = (o: PerpOrderRow) => o.status === 'open' || o.status === 'partial';

/**
 * What one futures user stream has told of a user's perpetual orders, and the events for the next change
 * (developers.binance.com, USDⓈ-M Futures "User Data Streams": ORDER_TRADE_UPDATE per order step, ACCOUNT_UPDATE
 * after a fill). The bus's note says only "your perpetual orders changed"; the stream reads the orders and fills
 * since the last note as the futures REST door reads them (orderView, userTrades' tradeView, positionRisk, balance).
 */
export class FuturesOrdersStream {
  private last = { order: 0, trade: 0 };
  /** The user's open orders the stream knows of. */
  private readonly seen = new SeenOrders();
  private readonly db: Db;
  private readonly core: TradingCore;
  private readonly userId: number;
  /** The conditional orders' events (futures-conditional-events.ts), told before the orders' of the same change. */
  private readonly conditional: ConditionalStream;

  constructor(db: Db, core: TradingCore, userId: number) {
    this.db = db;
    this.core = core;
    this.userId = userId;
    this.conditional = new ConditionalStream(db, core, userId);
  }

  private async orders(): Promise<PerpOrderRow[]> {
    const symbols = linearContracts(this.core).map((c) => c.symbol);
    const deps = { db: this.db, core: this.core };
    const page = { page: 1, size: ORDERS_READ };
    const rows: PerpOrderRow[] = [];
    for (const state of ['open', 'history'] as const)
      rows.push(...(await service.orders(deps, this.userId, state, symbols, page)).rows);
    return rows;
  }

  private async fills(c: Contract, fromId: number): Promise<UserFill[]> {
    return userFills(this.db, this.userId, c.symbol, fromId, FILLS_READ);
  }

  /** Where the stream starts: what is already there is not told. */
  async start(): Promise<void> {
    await this.conditional.start();
    const orders = await this.orders();
    for (const o of orders) if (isOpen(o)) this.seen.note(o.id, o.symbol, true);
    let trade = 0;
    for (const c of linearContracts(this.core)) for (const f of await this.fills(c, 0)) trade = Math.max(trade, f.id);
    this.last = { order: Math.max(0, ...orders.map((o) => o.id)), trade };
  }

  /** The events for what changed since the last call, in the order it happened. */
  async changed(now: number): Promise<object[]> {
    const orders = new Map<number, PerpOrderRow>();
    for (const o of await this.orders()) if (o.id > this.last.order || this.seen.wasOpen(o.id)) orders.set(o.id, o);
    const events: object[] = await this.conditional.changed(now);
    const traded = new Set<Contract>();
    let lastTrade = this.last.trade;
    const fillsOf = new Map<number, { c: Contract; f: UserFill }[]>();
    for (const c of linearContracts(this.core))
      for (const f of await this.fills(c, this.last.trade + 1)) {
        fillsOf.set(f.orderId, [...(fillsOf.get(f.orderId) ?? []), { c, f }]);
        lastTrade = Math.max(lastTrade, f.id);
        traded.add(c);
      }
    for (const o of [...orders.values()].sort((a, b) => a.id - b.id)) {
      const c = bookOf(this.core).contract(o.symbol);
      const fresh = o.id > this.last.order;
      const own = fillsOf.get(o.id) ?? [];
      const done = filledBefore({ qty: o.filledQty, value: o.filledValue }, own, ({ f }) => ({
        qty: f.quantity,
        value: fillValue(c, f.quantity, f.price),
      }));
      const tell = (x: string, X: string, fill?: UserFill) =>
        events.push(orderTradeUpdate(this.core, c, o, done, x, X, now, fill));
      if (fresh) tell('NEW', 'NEW');
      for (const { f } of own) {
        done.qty += f.quantity;
        done.value += fillValue(c, f.quantity, f.price);
        tell('TRADE', done.qty === o.quantity ? 'FILLED' : 'PARTIALLY_FILLED', f);
      }
      if (o.status === 'cancelled' && (fresh || this.seen.wasOpen(o.id))) {
        const end = orderView(c, o, '').status;
        tell(end, end);
      }
      this.seen.note(o.id, o.symbol, isOpen(o));
    }
    this.last = {
      order: Math.max(this.last.order, ...orders.keys()),
      trade: lastTrade,
    };
    if (traded.size) events.push(accountUpdate(this.core, this.userId, [...traded], now));
    return events;
  }
}

/** The user's position on a contract as positionRisk shows it, at its leverage and margin mode. */
function riskOf(core: TradingCore, userId: number, c: Contract) {
  const book = bookOf(core);
  const p = book.position(userId, c.symbol);
  return positionRiskView(core.risk, book, c, p, p?.leverage ?? DEFAULT_LEVERAGE, p?.mode ?? 'cross');
}

/** ORDER_TRADE_UPDATE (developers.binance.com, "Event: Order Update"): the order as it stood after this step. */
function orderTradeUpdate(
  core: TradingCore,
  c: Contract,
  o: PerpOrderRow,
  done: { qty: bigint; value: bigint },
  x: string,
  X: string,
  now: number,
  fill: UserFill | undefined,
) {
  // The order as the REST door shows it, with the quantity and value filled up to this step.
  const v = orderView(c, { ...o, filledQty: done.qty, filledValue: done.value }, clientIdOfOrder(core, o));
  const t = fill ? tradeView(c, fill) : undefined;
  const risk = riskOf(core, o.userId, c);
  return {
    e: 'ORDER_TRADE_UPDATE',
    E: now,
    T: fill?.time ?? o.updatedAt,
    o: {
      s: v.symbol,
      c: v.clientOrderId,
      S: v.side,
      o: v.type,
      f: v.timeInForce,
      q: v.origQty,
      p: v.price,
      ap: v.avgPrice,
      sp: v.stopPrice,
      x,
      X,
      i: v.orderId,
      l: t?.qty ?? '0',
      z: v.executedQty,
      L: t?.price ?? '0',
      N: c.marginAsset,
      n: t?.commission ?? '0',
      T: fill?.time ?? o.updatedAt,
      t: t?.id ?? 0,
      b: risk.bidNotional,
      a: risk.askNotional,
      m: t?.maker ?? false,
      R: v.reduceOnly,
      wt: v.workingType,
      ot: v.origType,
      ps: v.positionSide,
      cp: v.closePosition,
      // The fill's realised profit as userTrades shows it; "0" on a NEW or ending step. A trade from before it was
      // recorded leaves it out rather than guess it.
      ...(t?.realizedPnl === undefined && fill ? {} : { rp: t?.realizedPnl ?? '0' }),
      pP: v.priceProtect,
      si: 0,
      ss: 0,
      V: v.selfTradePreventionMode,
      pm: v.priceMatch,
      gtd: v.goodTillDate,
    },
  };
}

/**
 * ACCOUNT_UPDATE (developers.binance.com, "Event: Balance and Position Update") after fills, reason ORDER: the
 * USDT balance as /fapi/v2/balance shows it and each traded contract's position as positionRisk does. `bc`, the
 * balance change other than PnL and commission, is 0 for a trade.
 */
function accountUpdate(core: TradingCore, userId: number, traded: Contract[], now: number) {
  const a = assetRow(core.risk, bookOf(core), userId, USDT, now);
  return {
    e: 'ACCOUNT_UPDATE',
    E: now,
    T: now,
    a: {
      m: 'ORDER',
      B: [{ a: USDT, wb: a.walletBalance, cw: a.crossWalletBalance, bc: '0' }],
      P: traded.map((c) => {
        const p = riskOf(core, userId, c);
        const row = bookOf(core).position(userId, c.symbol);
        return {
          s: p.symbol,
          pa: p.positionAmt,
          ep: p.entryPrice,
          // The position's realised PnL before fees and funding: Binance's "(Pre-fee) Accumulated Realized".
          cr: money(row?.realised ?? 0n),
          up: p.unRealizedProfit,
          mt: p.marginType,
          iw: p.isolatedWallet,
          ps: 'BOTH',
        };
      }),
    },
  };
}

/** A futures key's stream, read up to now: what happens after this is what the socket will hear. */
export async function openFuturesStream(ctx: FeatureContext, userId: number): Promise<FuturesOrdersStream> {
  const stream = new FuturesOrdersStream(ctx.db, ctx.core, userId);
  await stream.start();
  return stream;
}

/**
 * The subscriptions that feed a futures key's socket: the perpetual market's note that a user's perpetual orders
 * changed (perp-market.ts, after each batch that touched them) is read once the core has settled it.
 */
export function futuresSubscriptions(
  ctx: FeatureContext,
  stream: FuturesOrdersStream,
  userId: number,
  send: (event: object) => void,
  then: (step: () => Promise<void>) => void,
): (() => void)[] {
  return [
    ctx.bus.subscribe(userTopics.refresh(userId), (note) => {
      const n = note as RefreshMessage;
      if (n.kind !== 'orders' || n.symbol !== 'perpetual') return;
      then(async () => {
        await ctx.core.settled();
        for (const event of await stream.changed(ctx.clock.now())) send(event);
      });
    }),
  ];
}
