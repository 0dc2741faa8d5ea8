import type { RiskEngine } from '../core/risk/risk-engine.ts';
import type { DoneEvent, EngineEvent, TradeEvent } from '../matching/types.ts';
import type { FeeRates } from '../fees/fee-rates.ts';
import { baseUnits, feeAtRate, notional, type Market } from './market.ts';
import type { OrderRow, TradeRow } from './orders.repo.ts';
import type { TradeRule } from './spot-rule.ts';

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

/**
 * A trade as the projector writes it. Settlement makes one object per trade that is both this and its SettledTrade
 * (the fields they share are the same values): nothing changes a trade once made, so the tables, market data and the
 * feeds may share it, and a fill allocates one record instead of two.
 */
export interface TradeFact extends TradeRow {
  id: number;
}

/** Where a settlement reads and records: the orders on the book, the orders and trades a batch changed. */
export interface SettlementBooks {
  live: Map<number, OrderRow>;
  touch(o: OrderRow, now: number): void;
  tradeId(): number;
  trades: TradeFact[];
  /** The rule of the account an order trades from (spot, or a margin account). */
  ruleOf(o: OrderRow): TradeRule;
  /** Each user's fee rate: their VIP level's, capped by the market's (server/fees/fee-rates.ts). */
  fees: FeeRates;
}

/**
 * Turns the engine's events for one command into order states, trades and ledger transactions, through the risk rule of
 * each order's account (server/spot/spot-rule.ts; margin accounts bring theirs): each trade is one ledger transaction
 * spending both orders' holds. Buyers pay their fee in the base they receive, sellers in the quote; both round up. An
 * order that leaves the book releases what its hold still sets aside, and leaves `live`. Answers the trades, for the
 * feeds.
 */
export function settle(
  risk: RiskEngine,
  m: Market,
  now: number,
  books: SettlementBooks,
  events: readonly EngineEvent[],
): SettledTrade[] {
  const settled: SettledTrade[] = [];
  for (const e of events) {
    if (e.type === 'trade') settled.push(trade(risk, m, now, books, e));
    else if (e.type === 'done') done(risk, m, books, orderOf(books, e.orderId, now), e);
    else if (e.type === 'rested') {
      const o = orderOf(books, e.orderId, now);
      o.status = o.filledQty > 0n ? 'partial' : 'open';
    } else if (e.type === 'rejected') {
      throw new Error(`engine rejected order ${e.orderId}: ${e.reason}`);
    }
  }
  return settled;
}

/**
 * Whether an order has left the book for good (done: filled, cancelled, rejected). Nothing changes such an order
 * again, so its answer and its projector row may be the order itself rather than copies of it.
 */
export const hasEnded = (o: OrderRow): boolean =>
  o.status === 'filled' || o.status === 'cancelled' || o.status === 'rejected';

/** The live order the engine named, touched: the batch changed it. */
function orderOf(books: SettlementBooks, id: number, now: number): OrderRow {
  const o = books.live.get(id);
  if (!o) throw new Error(`engine named order ${id}, which the spot book does not hold`);
  books.touch(o, now);
  return o;
}

/** One side's share of a fill, on its order. */
function filled(o: OrderRow, qty: bigint, quote: bigint, fee: bigint): void {
  o.filledQty += qty;
  o.filledQuote += quote;
  o.fee += fee;
  // A resting maker that trades is partly filled from now on; its done event (if it empties) says filled.
  if (o.status === 'open') o.status = 'partial';
}

function trade(risk: RiskEngine, m: Market, now: number, books: SettlementBooks, e: TradeEvent): SettledTrade {
  const maker = orderOf(books, e.makerOrderId, now);
  const taker = orderOf(books, e.takerOrderId, now);
  const price = BigInt(e.price) * m.tick;
  const qty = BigInt(e.quantity) * m.lot;
  const quote = notional(m, price, qty);
  const takerBuys = e.takerSide === 'buy';
  const buyer = takerBuys ? taker : maker;
  const seller = takerBuys ? maker : taker;
  // Each side pays its own VIP level's rate for its role, never more than the market's (docs/products/fees.md).
  const makerRate = books.fees.rate(maker.userId, 'spot', 'maker', m.makerFeeBps);
  const takerRate = books.fees.rate(taker.userId, 'spot', 'taker', m.takerFeeBps);
  const buyerFee = feeAtRate(baseUnits(m, qty), takerBuys ? takerRate : makerRate);
  const sellerFee = feeAtRate(quote, takerBuys ? makerRate : takerRate);
  const b = books.ruleOf(buyer).settle(risk, { market: m, order: buyer }, { qty, quote, fee: buyerFee });
  const s = books.ruleOf(seller).settle(risk, { market: m, order: seller }, { qty, quote, fee: sellerFee });
  // The buyer's part is this fill's own (each rule answers new arrays): the seller's joins it in place.
  for (const l of s.lines) b.lines.push(l);
  for (const sp of s.spends) b.spends.push(sp);
  risk.post(b.lines, { billType: 'trade', refType: 'order', refId: taker.id }, b.spends);
  filled(buyer, qty, quote, buyerFee);
  filled(seller, qty, quote, sellerFee);
  const fact: TradeFact & SettledTrade = {
    id: books.tradeId(),
    symbol: m.symbol,
    price,
    quantity: qty,
    quoteQty: quote,
    takerSide: e.takerSide,
    makerOrderId: maker.id,
    takerOrderId: taker.id,
    makerUserId: maker.userId,
    takerUserId: taker.userId,
    makerFee: maker === buyer ? buyerFee : sellerFee,
    takerFee: taker === buyer ? buyerFee : sellerFee,
    createdAt: now,
    time: now,
  };
  books.trades.push(fact);
  return fact;
}

/** An order leaves the book: whatever it still holds goes back to available. */
function done(risk: RiskEngine, m: Market, books: SettlementBooks, o: OrderRow, e: DoneEvent): void {
  books.ruleOf(o).release(risk, { market: m, order: o });
  // A market order that traded at all is done as filled (its traded quantity tells how much); an IOC or a
  // cancelled order keeps 'cancelled' with its fills, and done_reason says why it ended.
  o.status = e.reason === 'filled' || (o.kind === 'market' && o.filledQty > 0n) ? 'filled' : 'cancelled';
  o.doneReason = e.reason;
  books.live.delete(o.id);
}
