import { randomUUID } from 'node:crypto';
import { ACCOUNT } from '../ledger/account-types.ts';
import { assertBalanced, type Posting, type PostingMeta } from '../ledger/ledger.ts';
import type { DoneEvent, EngineEvent, TradeEvent } from './engine/types.ts';
import type { LedgerFact, TradeFact } from './journal/facts.ts';
import { baseUnits, feeOf, notional, safetyShare, type Market } from './market.ts';
import type { OrderRow } from './order.repo.ts';

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

/** What one command decided, kept apart until the command has succeeded and then added to its batch. */
export class CommandWrites {
  readonly orders = new Set<OrderRow>();
  readonly trades: TradeFact[] = [];
  readonly settled: SettledTrade[] = [];
  readonly ledger: LedgerFact[] = [];

  post(lines: Posting[], meta: PostingMeta & { refId: number }, at: number): void {
    assertBalanced(lines);
    this.ledger.push({ txId: randomUUID(), lines, billType: meta.billType, refType: meta.refType, refId: meta.refId, at });
  }
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
 * Turns the engine's events for one command into order states, trades and ledger transactions, in memory:
 * the runner journals them and the projector writes them. Buyers pay their fee in the base they receive,
 * sellers in the quote; both round up. A limit buy that fills below its limit gets the difference of its hold
 * back at once. `live` holds every order on the book; an order that leaves the book leaves it.
 */
export class Settlement {
  private readonly market: Market;
  private readonly now: number;
  private readonly live: Map<number, OrderRow>;
  private readonly out: CommandWrites;
  private readonly tradeId: () => number;

  constructor(market: Market, now: number, live: Map<number, OrderRow>, out: CommandWrites, tradeId: () => number) {
    this.market = market;
    this.now = now;
    this.live = live;
    this.out = out;
    this.tradeId = tradeId;
  }

  private order(id: number): OrderRow {
    const o = this.live.get(id);
    if (!o) throw new Error(`engine named order ${id}, which the runner does not hold`);
    if (!this.out.orders.has(o)) {
      o.updatedAt = this.now;
      this.out.orders.add(o);
    }
    return o;
  }

  apply(events: EngineEvent[]): void {
    for (const e of events) {
      if (e.type === 'trade') this.trade(e);
      else if (e.type === 'done') this.done(e);
      else if (e.type === 'rested') {
        const o = this.order(e.orderId);
        o.status = o.filledQty > 0n ? 'partial' : 'open';
      } else if (e.type === 'rejected') {
        throw new Error(`engine rejected order ${e.orderId}: ${e.reason}`);
      }
    }
  }

  private trade(e: TradeEvent): void {
    const m = this.market;
    const maker = this.order(e.makerOrderId);
    const taker = this.order(e.takerOrderId);
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

    this.out.post([
      { owner: buyer.userId, type: ACCOUNT.spot, asset: m.quote, frozen: -buyerHold, available: buyerHold - quote },
      { owner: seller.userId, type: ACCOUNT.spot, asset: m.quote, available: quote - sellerFee },
      ...feeLines(m.quote, sellerFee),
      { owner: seller.userId, type: ACCOUNT.spot, asset: m.base, frozen: -sellerHold },
      { owner: buyer.userId, type: ACCOUNT.spot, asset: m.base, available: base - buyerFee },
      ...feeLines(m.base, buyerFee),
    ], { billType: 'trade', refType: 'order', refId: taker.id }, this.now);

    for (const [o, fee, hold] of [[buyer, buyerFee, buyerHold], [seller, sellerFee, sellerHold]] as const) {
      o.filledQty += qty;
      o.filledQuote += quote;
      o.fee += fee;
      o.frozen -= hold;
    }
    const id = this.tradeId();
    this.out.trades.push({
      id, symbol: m.symbol, price, quantity: qty, quoteQty: quote, takerSide: e.takerSide,
      makerOrderId: maker.id, takerOrderId: taker.id, makerUserId: maker.userId, takerUserId: taker.userId,
      makerFee: maker === buyer ? buyerFee : sellerFee, takerFee: taker === buyer ? buyerFee : sellerFee, createdAt: this.now,
    });
    this.out.settled.push({ id, symbol: m.symbol, price, quantity: qty, quoteQty: quote, takerSide: e.takerSide, time: this.now, makerUserId: maker.userId, takerUserId: taker.userId });
  }

  /** An order leaves the book: whatever it still holds goes back to available. */
  private done(e: DoneEvent): void {
    const o = this.order(e.orderId);
    const asset = o.side === 'buy' ? this.market.quote : this.market.base;
    if (o.frozen > 0n) {
      this.out.post([{ owner: o.userId, type: ACCOUNT.spot, asset, frozen: -o.frozen, available: o.frozen }], { billType: 'order_unfreeze', refType: 'order', refId: o.id }, this.now);
      o.frozen = 0n;
    }
    // A market order that traded at all is done as filled (its traded quantity tells how much); an IOC or a
    // cancelled order keeps 'cancelled' with its fills, and done_reason says why it ended.
    o.status = e.reason === 'filled' || (o.kind === 'market' && o.filledQty > 0n) ? 'filled' : 'cancelled';
    o.doneReason = e.reason;
    this.live.delete(o.id);
  }
}
