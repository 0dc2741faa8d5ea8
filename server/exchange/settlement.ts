import { ACCOUNT } from '../ledger/account-types.ts';
import { post, type Posting } from '../ledger/ledger.ts';
import type { Queryable } from '../storage/db.ts';
import type { DoneEvent, EngineEvent, TradeEvent } from './engine/types.ts';
import { baseUnits, feeOf, notional, safetyShare, type Market } from './market.ts';
import { findOrder, insertTrade, saveOrderProgress, type OrderRow } from './order.repo.ts';

/** A trade as it leaves the settlement, for market data and the feeds. */
export interface SettledTrade {
  id: number;
  symbol: string;
  price: bigint;
  quantity: bigint;
  quoteQty: bigint;
  takerSide: 'buy' | 'sell';
  time: number;
  makerUserId: number;
  takerUserId: number;
}

/** How much of an order's hold a fill of `qty` at `price` uses up: buys hold quote at their own limit. */
function holdUsed(m: Market, o: OrderRow, qty: bigint, tradeQuote: bigint): bigint {
  if (o.side === 'sell') return baseUnits(m, qty);
  return o.kind === 'limit' ? notional(m, o.price, qty) : tradeQuote;
}

function feeLines(asset: string, fee: bigint): Posting[] {
  const safety = safetyShare(fee);
  return [
    { owner: null, type: ACCOUNT.feeIncome, asset, available: fee - safety, billType: 'trade_fee' },
    { owner: null, type: ACCOUNT.safetyFund, asset, available: safety, billType: 'trade_fee' },
  ];
}

/**
 * Turns the engine's events for one command into balances, orders and trades, in the caller's transaction.
 * Buyers pay their fee in the base they receive, sellers in the quote; both round up. A limit buy that fills
 * below its limit gets the difference of its hold back at once.
 */
export class Settlement {
  private readonly orders = new Map<number, OrderRow>();
  readonly trades: SettledTrade[] = [];
  readonly touched = new Set<number>();

  private readonly q: Queryable;
  private readonly market: Market;
  private readonly now: number;

  constructor(q: Queryable, market: Market, now: number) {
    this.q = q;
    this.market = market;
    this.now = now;
  }

  /** Keeps an order row this command already holds (the one it just inserted), so it is not read back. */
  remember(o: OrderRow): void {
    this.orders.set(o.id, o);
  }

  private async order(id: number): Promise<OrderRow> {
    let o = this.orders.get(id);
    if (!o) {
      o = await findOrder(this.q, id);
      if (!o) throw new Error(`engine named order ${id}, which the database does not have`);
      this.orders.set(id, o);
    }
    this.touched.add(id);
    return o;
  }

  async apply(events: EngineEvent[]): Promise<void> {
    for (const e of events) {
      if (e.type === 'trade') await this.trade(e);
      else if (e.type === 'done') await this.done(e);
      else if (e.type === 'rested') {
        const o = await this.order(e.orderId);
        o.status = o.filledQty > 0n ? 'partial' : 'open';
      } else if (e.type === 'rejected') {
        throw new Error(`engine rejected order ${e.orderId}: ${e.reason}`);
      }
    }
    for (const id of this.touched) await saveOrderProgress(this.q, this.orders.get(id)!, this.now);
  }

  private async trade(e: TradeEvent): Promise<void> {
    const m = this.market;
    const maker = await this.order(e.makerOrderId);
    const taker = await this.order(e.takerOrderId);
    const price = BigInt(e.price) * m.tick;
    const qty = BigInt(e.quantity) * m.lot;
    const quote = notional(m, price, qty);
    const base = baseUnits(m, qty);
    const buyer = e.takerSide === 'buy' ? taker : maker;
    const seller = e.takerSide === 'buy' ? maker : taker;
    const buyerFee = feeOf(base, buyer === maker ? m.makerFeeBps : m.takerFeeBps);
    const sellerFee = feeOf(quote, seller === maker ? m.makerFeeBps : m.takerFeeBps);
    const buyerHold = holdUsed(m, buyer, qty, quote);
    const sellerHold = holdUsed(m, seller, qty, quote);

    await post(this.q, [
      { owner: buyer.userId, type: ACCOUNT.spot, asset: m.quote, frozen: -buyerHold, available: buyerHold - quote },
      { owner: seller.userId, type: ACCOUNT.spot, asset: m.quote, available: quote - sellerFee },
      ...feeLines(m.quote, sellerFee),
      { owner: seller.userId, type: ACCOUNT.spot, asset: m.base, frozen: -sellerHold },
      { owner: buyer.userId, type: ACCOUNT.spot, asset: m.base, available: base - buyerFee },
      ...feeLines(m.base, buyerFee),
    ], { billType: 'trade', refType: 'order', refId: taker.id });

    for (const [o, fee, hold] of [[buyer, buyerFee, buyerHold], [seller, sellerFee, sellerHold]] as const) {
      o.filledQty += qty;
      o.filledQuote += quote;
      o.fee += fee;
      o.frozen -= hold;
    }
    const id = await insertTrade(this.q, {
      symbol: m.symbol, price, quantity: qty, quoteQty: quote, takerSide: e.takerSide,
      makerOrderId: maker.id, takerOrderId: taker.id, makerUserId: maker.userId, takerUserId: taker.userId,
      makerFee: maker === buyer ? buyerFee : sellerFee, takerFee: taker === buyer ? buyerFee : sellerFee, createdAt: this.now,
    });
    this.trades.push({ id, symbol: m.symbol, price, quantity: qty, quoteQty: quote, takerSide: e.takerSide, time: this.now, makerUserId: maker.userId, takerUserId: taker.userId });
  }

  /** An order leaves the book: whatever it still holds goes back to available. */
  private async done(e: DoneEvent): Promise<void> {
    const o = await this.order(e.orderId);
    const asset = o.side === 'buy' ? this.market.quote : this.market.base;
    if (o.frozen > 0n) {
      await post(this.q, [{ owner: o.userId, type: ACCOUNT.spot, asset, frozen: -o.frozen, available: o.frozen }], {
        billType: 'order_unfreeze',
        refType: 'order',
        refId: o.id,
      });
      o.frozen = 0n;
    }
    // A market order that traded at all is done as filled (its traded quantity tells how much); an IOC or a
    // cancelled order keeps 'cancelled' with its fills, and done_reason says why it ended.
    o.status = e.reason === 'filled' || (o.kind === 'market' && o.filledQty > 0n) ? 'filled' : 'cancelled';
    o.doneReason = e.reason;
  }
}
