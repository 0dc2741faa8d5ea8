/**
 * Liquidation and auto-deleveraging, decided inside a mark tick (so a replay liquidates exactly the same).
 *
 * An account at margin ratio ≥ 100% at the mark (an isolated position, or one user's cross positions in a margin
 * asset) loses its open orders on the contracts concerned, then its positions are closed by immediate-or-cancel
 * orders limited to the bankruptcy price (a long sells no lower, a short buys no higher), so the close never costs
 * more than the margin. Cross closes its profitable positions first, so what they realise backs the losing ones.
 * A position above the first bracket is closed in steps of 20% with a check after each step. After each close, a
 * liquidation fee (0.5% of the closed value, never more than what the account has left) goes to the insurance
 * fund. What the book cannot fill within the bankruptcy price is closed against the opposite positions ranked
 * first for auto-deleveraging, at the bankruptcy price. Every step is recorded for its owner.
 */
import type { CommandContext } from '../core/command.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import type { Contract } from './contracts.ts';
import { bankruptcyPrice } from './liquidation-price.ts';
import type { PerpBook } from './perp-book.ts';
import { settleSide } from './perp-fills.ts';
import { cancelAll, place } from './perp-orders.ts';
import type { PositionRow } from './perp-state.ts';
import { entryPrice, fillValue, notional, unrealisedPnl } from './position-math.ts';
import { abs } from './rounding.ts';

/** 0.5% of the closed value, at RATE-like basis points. */
export const LIQUIDATION_FEE_BPS = 50n;
/** Above the first bracket's cap a liquidation closes this share of the position per step (percent). */
const STEP_PERCENT = 20n;
/** A bound on steps per account per tick (5 steps of 20% close anything; the rest is a safety margin). */
const MAX_STEPS = 20;

/**
 * The auto-deleveraging score of a position (higher goes first): profit ratio × effective leverage when in profit,
 * profit ratio ÷ effective leverage when not (Binance's ranking). Only the order matters, so a float serves.
 */
export function adlScore(c: Contract, p: PositionRow, mark: bigint): number {
  const pnl = Number(unrealisedPnl(c, p, mark));
  const margin = Number(p.mode === 'isolated' ? p.isoMargin : p.cost / BigInt(p.leverage)) || 1;
  const ratio = pnl / margin;
  const leverage = Number(notional(c, p.qty, mark)) / Math.max(margin + pnl, 1);
  return pnl > 0 ? ratio * leverage : ratio / leverage;
}

/** What backs a position at its bankruptcy price: its margin, or the cross wallet with the other positions' PnL. */
function backingOf(ctx: CommandContext, b: PerpBook, p: PositionRow): bigint {
  const c = b.contract(p.symbol);
  if (p.mode === 'isolated') return p.isoMargin;
  let backing = b.crossWallet(ctx.risk, p.userId, c.marginAsset);
  for (const h of b.crossHoldings(p.userId, c.marginAsset))
    if (h.row !== p) backing += unrealisedPnl(h.contract, h.position, h.mark);
  return backing;
}

/** Closes `qty` of a position against the highest-ranked opposite positions at `price`, with no fee on either side. */
function deleverage(ctx: CommandContext, b: PerpBook, c: Contract, p: PositionRow, qty: bigint, price: bigint): bigint {
  const mark = b.prices(c.symbol).mark!;
  const long = p.qty > 0n;
  const others = b.positionsBySymbol
    .get(c.symbol)!
    .filter((o) => o.userId !== p.userId && o.qty !== 0n && o.qty > 0n !== long)
    .map((o) => ({ o, score: adlScore(c, o, mark) }))
    .sort((x, y) => y.score - x.score || x.o.id - y.o.id);
  let left = qty;
  for (const { o } of others) {
    if (left === 0n) break;
    const take = abs(o.qty) < left ? abs(o.qty) : left;
    const ref = { refType: 'perp_position', refId: p.id } as const;
    settleSide(ctx, b, c, { position: p, order: null, qty: long ? -take : take, price, fee: 0n }, ref);
    settleSide(ctx, b, c, { position: o, order: null, qty: long ? take : -take, price, fee: 0n }, ref);
    b.liquidations.push({
      id: b.nextId('liquidation'),
      userId: o.userId,
      symbol: c.symbol,
      side: long ? 'short' : 'long',
      kind: 'adl',
      quantity: take,
      price,
      mark,
      fee: 0n,
      createdAt: ctx.now,
    });
    left -= take;
  }
  return qty - left;
}

/** One step: close (part of) a position within its bankruptcy price, deleverage the rest, take the fee. */
function closeStep(ctx: CommandContext, b: PerpBook, p: PositionRow): void {
  const c = b.contract(p.symbol);
  const mark = b.prices(c.symbol).mark!;
  const size = abs(p.qty);
  const firstCap = c.brackets[0]!.cap;
  const step = notional(c, p.qty, mark) > firstCap ? (size * STEP_PERCENT + 99n) / 100n : size;
  const bankrupt = bankruptcyPrice(c, p, backingOf(ctx, b, p)) ?? mark;
  const long = p.qty > 0n;
  const before = ctx.risk.available(p.userId, ACCOUNT.contract, c.marginAsset);
  const result = place(ctx, {
    symbol: c.symbol,
    userId: p.userId,
    side: long ? 'sell' : 'buy',
    kind: 'limit',
    tif: 'IOC',
    price: bankrupt,
    quantity: step,
    reduceOnly: true,
    closePosition: false,
    source: 'liquidation',
  });
  // An IOC order has left the book by now; the copy `place` answered carries its fills.
  const filled = result.order?.filledQty ?? 0n;
  const rest = step - filled;
  const deleveraged = rest > 0n && p.qty !== 0n ? deleverage(ctx, b, c, p, rest, bankrupt) : 0n;
  const closed = filled + deleveraged;
  const value = fillValue(c, closed, mark);
  const available = ctx.risk.available(p.userId, ACCOUNT.contract, c.marginAsset);
  // Isolated: what the close gave back; cross: what the account still has beyond what its other positions need.
  const left = p.mode === 'isolated' ? available - before : available - b.reserve(p.userId, c.marginAsset);
  const due = (value * LIQUIDATION_FEE_BPS + 9_999n) / 10_000n;
  const fee = left <= 0n ? 0n : due < left ? due : left;
  if (fee) {
    ctx.risk.post(
      [
        { owner: p.userId, type: ACCOUNT.contract, asset: c.marginAsset, available: -fee },
        { owner: null, type: ACCOUNT.insuranceFund, asset: c.marginAsset, available: fee },
      ],
      { billType: 'perp_liquidation_fee', refType: 'perp_position', refId: p.id },
      [],
      false,
    );
  }
  // The price recorded is the average the close got: its fills on the book and what was deleveraged at the bankruptcy
  // price.
  const closedValue = (result.order?.filledValue ?? 0n) + fillValue(c, deleveraged, bankrupt);
  const average = closed > 0n ? (entryPrice(c, { qty: closed, cost: closedValue }) ?? bankrupt) : bankrupt;
  b.liquidations.push({
    id: b.nextId('liquidation'),
    userId: p.userId,
    symbol: c.symbol,
    side: long ? 'long' : 'short',
    kind: 'liquidation',
    quantity: closed,
    price: average,
    mark,
    fee,
    createdAt: ctx.now,
  });
}

/** Liquidates an isolated position while it stays at or past 100% margin ratio. */
export function liquidateIsolated(ctx: CommandContext, b: PerpBook, p: PositionRow): void {
  cancelAll(ctx, p.userId, [p.symbol]);
  for (let i = 0; i < MAX_STEPS && p.qty !== 0n && b.isolatedLiquidatable(p); i++) closeStep(ctx, b, p);
}

/** Liquidates a user's cross account in a margin asset, profitable positions first, while it stays liquidatable. */
export function liquidateCross(ctx: CommandContext, b: PerpBook, userId: number, asset: string): void {
  cancelAll(
    ctx,
    userId,
    [...b.contracts.values()].filter((c) => c.marginAsset === asset).map((c) => c.symbol),
  );
  for (let i = 0; i < MAX_STEPS && b.crossLiquidatable(ctx.risk, userId, asset); i++) {
    const holdings = b.crossHoldings(userId, asset);
    if (!holdings.length) return;
    const next = holdings
      .map((h) => ({ row: h.row, pnl: unrealisedPnl(h.contract, h.position, h.mark) }))
      .sort((x, y) => (x.pnl > y.pnl ? -1 : x.pnl < y.pnl ? 1 : x.row.id - y.row.id))[0]!.row;
    closeStep(ctx, b, next);
  }
}
