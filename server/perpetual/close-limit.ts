/**
 * How far a close the user chose may go. No voluntary fill may realise a loss, with its fee, beyond what backs the
 * position: its own margin when isolated, the contract account's available balance when cross. Only liquidation
 * and auto-deleveraging, bounded by the bankruptcy price, may leave a loss to the insurance fund; otherwise a
 * close into one's own bid far from the mark would hand the fund's money to that bid.
 *
 * A closing order is bounded when placed (a market order fills no further, a limit beyond the bound is refused).
 * The bound moves after that (funding, a transfer out, other fills), so before any order matches, the resting
 * orders it would meet are checked against their owners' bounds as they stand, and those past them cancelled.
 */
import type { RiskEngine } from '../core/risk/risk-engine.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import type { Contract } from './contracts.ts';
import { bankruptcyPrice } from './liquidation-price.ts';
import type { PerpBook } from './perp-book.ts';
import type { PerpOrderRow, PerpSide, PositionRow } from './perp-state.ts';

/** Prices reach the matching engine as plain numbers. */
const MAX_PRICE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * The worst price a voluntary close of the position may fill at: a long sells no lower, a short buys no higher.
 * `spend` is what the order itself is about to hold from the available balance.
 */
export function closeLimit(risk: RiskEngine, c: Contract, p: PositionRow, spend = 0n): bigint {
  const backing =
    p.mode === 'isolated' ? p.isoMargin : risk.available(p.userId, ACCOUNT.contract, c.marginAsset) - spend;
  const price = bankruptcyPrice(c, p, backing, c.takerFeeBps);
  // No price at all pays: the bound is one no order can meet.
  if (price === null) return p.qty > 0n ? MAX_PRICE : 1n;
  return price > MAX_PRICE ? MAX_PRICE : price;
}

/** Whether an order on `side` at `price` closing a position may fill past its bound. */
export function pastLimit(side: PerpSide, price: bigint, limit: bigint): boolean {
  return side === 'sell' ? price < limit : price > limit;
}

/** Whether an order on `side` would make the user's position smaller. */
export function closes(p: PositionRow | undefined, side: PerpSide): p is PositionRow {
  return p !== undefined && p.qty !== 0n && p.qty > 0n === (side === 'sell');
}

/** Other users' resting orders an order on `side` up to `price` could meet that would close past their bounds. */
export function unpayableMakers(
  risk: RiskEngine,
  b: PerpBook,
  c: Contract,
  userId: number,
  side: PerpSide,
  price: bigint,
): PerpOrderRow[] {
  const out: PerpOrderRow[] = [];
  for (const o of b.live.values()) {
    if (
      o.symbol !== c.symbol ||
      o.side === side ||
      o.userId === userId ||
      (side === 'buy' ? o.price > price : o.price < price)
    )
      continue;
    const p = b.position(o.userId, c.symbol);
    if (closes(p, o.side) && pastLimit(o.side, o.price, closeLimit(risk, c, p))) out.push(o);
  }
  return out;
}
