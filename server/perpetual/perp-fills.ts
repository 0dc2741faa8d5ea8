/**
 * How a fill moves money (the `perpetual` risk rule's settle step). Positions change by `applyFill`
 * (position-math.ts); what they realise is paid by, or to, the clearing account, fees go to fee income and the
 * safety fund as on spot, and an order's margin moves with it. Realised PnL, fee and margin are bills of their own
 * (`perp_pnl`, `perp_fee`, `perp_margin`).
 *
 * - each fill uses the order's hold in proportion to the quantity it fills;
 * - isolated: the position keeps the initial margin of what the fill opened at the fill price and its leverage,
 *   the fee is paid from the hold (an isolated order holds its taker fee, order-risk.ts), the rest goes back;
 *   closing part of the position releases the same share of its margin;
 * - cross: the hold goes back to the available balance, which then pays the fee;
 * - the realised PnL, and whatever part of the fee the hold did not cover, settle on the available balance.
 *
 * A voluntary fill never realises more loss than backs it (close-limit.ts bounds every close but a liquidation's),
 * so it is paid from the trader's available balance; should rounding leave a few units unpaid, the fee gives
 * way, never the insurance fund. A liquidation's or auto-deleveraging's loss beyond what backs it (the released
 * margin when isolated, the available balance when cross) leaves a deficit: the insurance fund covers it, and past
 * the fund's balance the clearing account carries it (the books stay balanced and no user balance goes below zero).
 */
import type { CommandContext } from '../core/command.ts';
import type { RiskEngine } from '../core/risk/risk-engine.ts';
import { feeAtRate, feeLines } from '../spot/market.ts';
import type { DoneEvent, EngineEvent, TradeEvent } from '../matching/types.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import type { Posting } from '../ledger/ledger.ts';
import type { Contract } from './contracts.ts';
import type { PerpBook } from './perp-book.ts';
import { applyFill, fillValue, initialMargin } from './position-math.ts';
import { abs } from './rounding.ts';
import { orderHoldId, positionHoldId, type PerpOrderRow, type PerpTradeRow, type PositionRow } from './perp-state.ts';

interface SideFill {
  position: PositionRow;
  order: PerpOrderRow | null;
  /** Signed: buy > 0. */
  qty: bigint;
  price: bigint;
  fee: bigint;
}

interface SideResult {
  realised: bigint;
  /** What the user could not pay (covered by the insurance fund or, past it, the clearing account). */
  deficit: bigint;
  /** The fee this side was charged: `fee` less what rounding waived (the trade row records it). */
  fee: bigint;
}

/** Pays a deficit: the insurance fund as far as it holds, the clearing account for the rest. */
export function coverLines(risk: RiskEngine, asset: string, deficit: bigint): Posting[] {
  if (deficit === 0n) return [];
  const fund = risk.available(null, ACCOUNT.insuranceFund, asset);
  const fromFund = deficit < fund ? deficit : fund > 0n ? fund : 0n;
  const lines: Posting[] = [];
  if (fromFund)
    lines.push({ owner: null, type: ACCOUNT.insuranceFund, asset, available: -fromFund, billType: 'perp_insurance' });
  if (deficit > fromFund)
    lines.push({
      owner: null,
      type: ACCOUNT.perpClearing,
      asset,
      available: -(deficit - fromFund),
      billType: 'perp_insurance',
    });
  return lines;
}

/** What ledger entries of a fill refer to: the taker's order, or the liquidated position for auto-deleveraging. */
interface FillRef {
  refType: 'perp_order' | 'perp_position';
  refId: number;
}

/** Settles one side of a fill on its position and order; the ledger lines are posted here, one transaction per side. */
export function settleSide(ctx: CommandContext, book: PerpBook, c: Contract, f: SideFill, ref: FillRef): SideResult {
  const { risk, now } = ctx;
  const p = f.position;
  const o = f.order;
  const size = abs(f.qty);
  const meta = { billType: 'perp_margin' as const, ...ref };
  let used = 0n;
  if (o) {
    const remaining = o.quantity - o.filledQty;
    used = size === remaining ? o.margin : (o.margin * size) / remaining;
    o.margin -= used;
  }
  const held = abs(p.qty);
  const r = applyFill(c, p, f.qty, f.price);
  let rel = 0n;
  let fromHold = 0n;
  if (p.mode === 'isolated') {
    rel = r.closed === 0n ? 0n : r.closed === held ? p.isoMargin : (p.isoMargin * r.closed) / held;
    if (rel) {
      risk.release(positionHoldId(p.id), meta, rel);
      p.isoMargin -= rel;
    }
    if (used) {
      // A fill better than the order's price needs less; one that needs more (a sell above its limit) is in profit by
      // more.
      const need = r.opened ? initialMargin(c, r.opened, f.price, BigInt(p.leverage)) : 0n;
      const margin = need < used ? need : used;
      fromHold = f.fee < used - margin ? f.fee : used - margin;
      risk.moveHold(orderHoldId(o!.id), positionHoldId(p.id), margin);
      p.isoMargin += margin;
      if (used - margin - fromHold) risk.release(orderHoldId(o!.id), meta, used - margin - fromHold);
    }
  } else if (used) {
    risk.release(orderHoldId(o!.id), meta, used);
  }
  const voluntary = o !== null && o.source !== 'liquidation';
  const backing = p.mode === 'isolated' && !voluntary ? rel : risk.available(p.userId, ACCOUNT.contract, c.marginAsset);
  let charged = f.fee - fromHold;
  let deficit = -(backing + r.realised - charged);
  if (deficit < 0n) deficit = 0n;
  if (voluntary && deficit > 0n) {
    const waived = deficit < charged ? deficit : charged;
    charged -= waived;
    deficit -= waived;
  }
  const lines: Posting[] = [
    ...feeLines(c.marginAsset, fromHold + charged, 'perp_fee'),
    ...coverLines(risk, c.marginAsset, deficit),
  ];
  if (r.realised) lines.push({ owner: null, type: ACCOUNT.perpClearing, asset: c.marginAsset, available: -r.realised });
  // The trader's PnL line before the fee's: the ledger checks the balance after each line.
  if (r.realised + deficit)
    lines.push({ owner: p.userId, type: ACCOUNT.contract, asset: c.marginAsset, available: r.realised + deficit });
  if (charged)
    lines.push({
      owner: p.userId,
      type: ACCOUNT.contract,
      asset: c.marginAsset,
      available: -charged,
      billType: 'perp_fee',
    });
  const spends = fromHold ? [{ hold: orderHoldId(o!.id), amount: fromHold, billType: 'perp_fee' as const }] : [];
  if (lines.length || spends.length) risk.post(lines, { billType: 'perp_pnl', ...ref }, spends, false);
  p.qty = r.position.qty;
  p.cost = r.position.cost;
  p.realised += r.realised;
  if (p.qty === 0n && p.isoMargin > 0n) {
    risk.release(positionHoldId(p.id), meta, p.isoMargin);
    p.isoMargin = 0n;
  }
  book.touchPosition(p, now);
  if (o) {
    o.filledQty += size;
    o.filledValue += fillValue(c, size, f.price);
    o.fee += fromHold + charged;
    o.realised += r.realised;
    book.touchOrder(o, now);
  }
  return { realised: r.realised, deficit, fee: fromHold + charged };
}

/** What a settled book command did, for the feeds and for last-price triggers. */
export interface PerpActivity {
  symbol: string;
  trades: PerpTradeRow[];
  last: bigint | undefined;
  users: number[];
  /** A mark tick's new mark, and its time. */
  mark?: { price: bigint; at: number };
}

/**
 * Turns the engine's events for one command into fills, order states and released margin (the spot settlement's
 * counterpart). Liquidation and auto-deleveraging orders pay no trading fee (the liquidation fee replaces it).
 */
export function settleEvents(
  ctx: CommandContext,
  book: PerpBook,
  c: Contract,
  events: readonly EngineEvent[],
  activity: PerpActivity,
): void {
  const order = (id: number): PerpOrderRow => {
    const o = book.live.get(id);
    if (!o) throw new Error(`engine named order ${id}, which the ${c.symbol} book does not hold`);
    return o;
  };
  for (const e of events) {
    if (e.type === 'trade') trade(ctx, book, c, order, e, activity);
    else if (e.type === 'done') done(ctx, book, order(e.orderId), e);
    else if (e.type === 'rested') {
      const o = order(e.orderId);
      o.status = o.filledQty > 0n ? 'partial' : 'open';
      book.touchOrder(o, ctx.now);
    } else if (e.type === 'rejected') {
      throw new Error(`engine rejected order ${e.orderId}: ${e.reason}`);
    }
  }
}

function trade(
  ctx: CommandContext,
  book: PerpBook,
  c: Contract,
  order: (id: number) => PerpOrderRow,
  e: TradeEvent,
  activity: PerpActivity,
): void {
  const maker = order(e.makerOrderId);
  const taker = order(e.takerOrderId);
  const price = BigInt(e.price);
  const qty = BigInt(e.quantity);
  const value = fillValue(c, qty, price);
  const charged = { maker: 0n, taker: 0n };
  const realised = { maker: 0n, taker: 0n };
  for (const [o, role, bps] of [
    [maker, 'maker', c.makerFeeBps],
    [taker, 'taker', c.takerFeeBps],
  ] as const) {
    // The user's VIP level rate for the role, never above the contract's (docs/products/fees.md).
    const rate = book.fees.rate(o.userId, 'perp', role, bps);
    const fee = o.source === 'liquidation' || o.source === 'adl' ? 0n : feeAtRate(value, rate);
    const settled = settleSide(
      ctx,
      book,
      c,
      {
        position: book.positionFor(o.userId, c.symbol, ctx.now),
        order: o,
        qty: o.side === 'buy' ? qty : -qty,
        price,
        fee,
      },
      { refType: 'perp_order', refId: taker.id },
    );
    charged[role] = settled.fee;
    realised[role] = settled.realised;
    if (o.status === 'open') o.status = 'partial';
  }
  const row: PerpTradeRow = {
    id: book.nextId('trade'),
    symbol: c.symbol,
    price,
    quantity: qty,
    takerSide: e.takerSide,
    makerOrderId: maker.id,
    takerOrderId: taker.id,
    makerUserId: maker.userId,
    takerUserId: taker.userId,
    makerFee: charged.maker,
    takerFee: charged.taker,
    makerRealised: realised.maker,
    takerRealised: realised.taker,
    createdAt: ctx.now,
  };
  book.trades.push(row);
  book.prices(c.symbol).last = price;
  activity.trades.push(row);
  activity.last = price;
  activity.users.push(maker.userId, taker.userId);
}

/** An order leaves the book: what its margin hold still sets aside goes back. */
export function done(ctx: CommandContext, book: PerpBook, o: PerpOrderRow, e: Pick<DoneEvent, 'reason'>): void {
  if (o.margin > 0n)
    ctx.risk.release(orderHoldId(o.id), { billType: 'perp_margin', refType: 'perp_order', refId: o.id });
  o.margin = 0n;
  o.status = e.reason === 'filled' || (o.kind === 'market' && o.filledQty > 0n) ? 'filled' : 'cancelled';
  o.doneReason = e.reason;
  book.touchOrder(o, ctx.now);
  book.removeOrder(o);
}
