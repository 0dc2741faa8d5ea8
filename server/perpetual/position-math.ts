/**
 * What a one-way position is worth: notional, unrealised PnL, margins, entry price, and how a fill changes it.
 *
 * A position is its signed quantity (long > 0, short < 0) and its cost: what its open quantity was worth when it
 * was opened, in margin-asset units. For a linear contract that is Σ size × price, exact (price and quantity
 * scales never add up past ASSET_SCALE); for an inverse one Σ contracts × contractSize / price in the coin. The
 * entry price is derived from it (cost / size, the notional-weighted mean, for linear; contracts × size / cost,
 * the harmonic mean, for inverse), so averaging on increase loses nothing.
 *
 * Rounding, and why:
 * - a fill's value (`fillValue`) is one number both sides of a trade use, so every trade moves exactly as much
 *   PnL to one side as from the other; inverse rounds it down;
 * - unrealised PnL rounds down and notional (hence margins) up: a position is never shown or judged healthier
 *   than it is;
 * - a partial close takes its share of the cost rounded against the holder, and the remaining cost is what is
 *   left, so over a position's life the realised PnL adds up exactly to what its fills paid and received. Across
 *   all users realised PnL therefore sums to zero once every position is closed.
 */
import { ASSET_SCALE } from '../../isomorphic/money/units.ts';
import { RATE_SCALE } from '../prices/mark-price.ts';
import { maintenanceMargin, type Contract } from './contracts.ts';
import { abs, divCeil, divFloor, pow10 } from './rounding.ts';

export interface Position {
  /** Signed: long > 0, short < 0, at the contract's quantity scale. */
  qty: bigint;
  /** What the open quantity was worth at entry, margin-asset units, ≥ 0. */
  cost: bigint;
}

export const FLAT: Position = { qty: 0n, cost: 0n };

/** Linear: asset units per (price unit × quantity unit). */
function linearUnit(c: Contract): bigint {
  return pow10(ASSET_SCALE - c.priceScale - c.qtyScale);
}

/** Inverse: |qty| × contract size, scaled so that dividing by a price gives coin units. */
function inverseNumerator(c: Contract, qty: bigint): bigint {
  return abs(qty) * c.contractSize * pow10(ASSET_SCALE + c.priceScale);
}

/** Position notional at a price, margin-asset units; inverse rounds up (it sizes margins). */
export function notional(c: Contract, qty: bigint, price: bigint): bigint {
  if (c.kind === 'linear') return abs(qty) * price * linearUnit(c);
  return divCeil(inverseNumerator(c, qty), price);
}

/** What a fill of |qty| at `price` is worth, the same number for buyer and seller; inverse rounds down. */
export function fillValue(c: Contract, qty: bigint, price: bigint): bigint {
  if (c.kind === 'linear') return abs(qty) * price * linearUnit(c);
  return inverseNumerator(c, qty) / price;
}

/**
 * Unrealised PnL at a mark, rounded down. Linear: size × (mark − entry); inverse, in the coin:
 * contracts × size × (1/entry − 1/mark) for a long, the opposite for a short.
 */
export function unrealisedPnl(c: Contract, p: Position, mark: bigint): bigint {
  if (p.qty === 0n) return 0n;
  const long = p.qty > 0n;
  if (c.kind === 'linear') {
    const value = fillValue(c, p.qty, mark);
    return long ? value - p.cost : p.cost - value;
  }
  const k = inverseNumerator(c, p.qty);
  return long ? p.cost - divCeil(k, mark) : divFloor(k, mark) - p.cost;
}

/** Initial margin of |qty| at a price and leverage: notional / leverage, rounded up. */
export function initialMargin(c: Contract, qty: bigint, price: bigint, leverage: bigint): bigint {
  return divCeil(notional(c, qty, price), leverage);
}

/** The position's maintenance margin at a mark, from the bracket its notional there falls in. */
export function positionMaintenance(c: Contract, p: Position, mark: bigint): bigint {
  return p.qty === 0n ? 0n : maintenanceMargin(c, notional(c, p.qty, mark));
}

/**
 * Margin ratio = maintenance margin / margin balance, at RATE_SCALE (10⁸ = 100%), rounded up; null when nothing
 * is left to divide by (margin balance ≤ 0, beyond any ratio). Liquidation starts at 100%.
 */
export function marginRatio(maintenance: bigint, equity: bigint): bigint | null {
  return equity <= 0n ? null : divCeil(maintenance * RATE_SCALE, equity);
}

/** Margin ratio ≥ 100%, said without dividing. */
export function isLiquidatable(equity: bigint, maintenance: bigint): boolean {
  return equity <= maintenance;
}

/** The average entry price at the price scale (halves up), for display; the cost is the exact record. */
export function entryPrice(c: Contract, p: Position): bigint | null {
  if (p.qty === 0n || p.cost === 0n) return null;
  const [n, d] = c.kind === 'linear' ? [p.cost, abs(p.qty) * linearUnit(c)] : [inverseNumerator(c, p.qty), p.cost];
  return (2n * n + d) / (2n * d);
}

interface FillResult {
  position: Position;
  /** PnL realised by the closing part of the fill, margin-asset units (before fees and funding). */
  realised: bigint;
  /** How much of the fill closed the old position and how much opened (or added to) the new one. */
  closed: bigint;
  opened: bigint;
}

/**
 * A fill of `qty` (signed: buy > 0, sell < 0) at `price` on a one-way position: it adds to the position, or
 * closes part or all of it, or closes it and opens the other side with the rest.
 */
export function applyFill(c: Contract, p: Position, qty: bigint, price: bigint): FillResult {
  if (qty === 0n) return { position: p, realised: 0n, closed: 0n, opened: 0n };
  if (p.qty === 0n || p.qty > 0n === qty > 0n) {
    return {
      position: { qty: p.qty + qty, cost: p.cost + fillValue(c, qty, price) },
      realised: 0n,
      closed: 0n,
      opened: abs(qty),
    };
  }
  const held = abs(p.qty);
  const closed = abs(qty) < held ? abs(qty) : held;
  const opened = abs(qty) - closed;
  // A linear long and an inverse short gain as the exit value grows; the other two as it shrinks.
  const gainsWithValue = (c.kind === 'linear') === p.qty > 0n;
  const share = p.cost * closed;
  const removed = closed === held ? p.cost : gainsWithValue ? divCeil(share, held) : share / held;
  const exit = fillValue(c, closed, price);
  const realised = gainsWithValue ? exit - removed : removed - exit;
  const rest: Position =
    closed === held ? FLAT : { qty: p.qty + (p.qty > 0n ? -closed : closed), cost: p.cost - removed };
  if (opened === 0n) return { position: rest, realised, closed, opened };
  // The new side's cost is the rest of the fill's value, so the two parts add up to what the other side used.
  const side = qty > 0n ? 1n : -1n;
  return { position: { qty: side * opened, cost: fillValue(c, qty, price) - exit }, realised, closed, opened };
}
