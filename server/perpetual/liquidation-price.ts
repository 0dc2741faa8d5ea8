/**
 * Liquidation and bankruptcy prices of a one-way position, by Binance's published formulas.
 *
 * Everything the rest of the account contributes is folded into one amount, `backing` (margin-asset units):
 * - isolated: the position's own margin (isolated wallet balance; TMM1 = UPNL1 = 0);
 * - cross: WB − TMM1 + UPNL1, the cross wallet balance less the other cross positions' maintenance margin plus
 *   their unrealised PnL at their marks (cross-margin.ts computes it).
 *
 * The formulas (side = 1 long, −1 short; size in the base coin for USDⓈ-M, in USD for COIN-M):
 *   USDⓈ-M  LP = (WB − TMM1 + UPNL1 + cum − side × size × EP) / (size × MMR − side × size)
 *   COIN-M  LP = (size × MMR + side × size) / (WB − TMM1 + UPNL1 + cum + side × size / EP)
 * size × EP and size / EP are the position's cost, so no rounded entry price enters them. Both solve
 * "margin balance = maintenance margin" (margin ratio 100%) with the MMR and cum of one bracket; where the bracket
 * at the result differs from the one assumed, Binance's FAQ says to recompute with that bracket, which
 * `formulaPrice` does by taking the bracket whose own result lands in it.
 *
 * The price returned is then the exact integer edge of the check the core runs (`liquidatableAt`, with its own
 * rounding): for a long the highest tick at which the position is liquidatable, for a short the lowest. So the
 * index built on these prices triggers exactly when the margin-ratio check would, never a tick late.
 */
import { feeOf } from '../spot/market.ts';
import { RATE_SCALE } from '../prices/mark-price.ts';
import type { Bracket, Contract } from './contracts.ts';
import { fillValue, notional, positionMaintenance, unrealisedPnl, type Position } from './position-math.ts';

/** The highest price the searches consider; a long liquidatable at every price gets this (any mark reaches it). */
export const PRICE_MAX = 10n ** 18n;

/** Margin balance minus maintenance margin at a price: ≤ 0 means margin ratio ≥ 100%. */
export function headroomAt(c: Contract, p: Position, backing: bigint, price: bigint): bigint {
  return backing + unrealisedPnl(c, p, price) - positionMaintenance(c, p, price);
}

export function liquidatableAt(c: Contract, p: Position, backing: bigint, price: bigint): boolean {
  return headroomAt(c, p, backing, price) <= 0n;
}

/** One bracket's formula as Binance writes it, rounded to the nearest tick; null when it has no positive root. */
export function bracketFormula(
  c: Contract,
  p: Position,
  backing: bigint,
  b: Pick<Bracket, 'mmr' | 'cum'>,
): bigint | null {
  const side = p.qty > 0n ? 1n : -1n;
  let num: bigint;
  let den: bigint;
  if (c.kind === 'linear') {
    // size × price in asset units is fillValue(size, price); the formula is linear in price.
    const perPrice = fillValue(c, p.qty, 1n);
    num = RATE_SCALE * (backing + b.cum - side * p.cost);
    den = perPrice * (b.mmr - side * RATE_SCALE);
  } else {
    const k = fillValue(c, p.qty, 1n);
    num = k * (b.mmr + side * RATE_SCALE);
    den = RATE_SCALE * (backing + b.cum + side * p.cost);
  }
  if (den < 0n) [num, den] = [-num, -den];
  if (den === 0n || num <= 0n) return null;
  return (2n * num + den) / (2n * den);
}

/** The formula with the bracket its own result falls in (Binance's recompute step); null if no bracket agrees. */
export function formulaPrice(c: Contract, p: Position, backing: bigint): bigint | null {
  for (const b of c.brackets) {
    const price = bracketFormula(c, p, backing, b);
    if (price === null || price < 1n) continue;
    const n = notional(c, p.qty, price);
    if (n > b.floor && n <= b.cap) return price;
  }
  return null;
}

/**
 * The liquidation price: a long is liquidated when the mark is at or below it, a short at or above it. null when
 * the position cannot be liquidated at any positive price (a long backed beyond its size, a COIN-M short backed
 * by at least its value).
 */
export function liquidationPrice(c: Contract, p: Position, backing: bigint): bigint | null {
  if (p.qty === 0n) return null;
  // A linear long falling towards 0 and a COIN-M short rising without end both shrink into the first bracket; if
  // its formula has no root, nothing that far out liquidates them (the integer check alone would, at absurd
  // prices, once the notional rounds up to a unit of maintenance margin that the margin balance no longer beats).
  if ((c.kind === 'linear') === p.qty > 0n && bracketFormula(c, p, backing, c.brackets[0]!) === null) return null;
  const guess = formulaPrice(c, p, backing) ?? guessFromCost(c, p);
  const liquidatable = (price: bigint) => liquidatableAt(c, p, backing, price);
  return p.qty > 0n ? lastTrue(liquidatable, guess) : firstTrue(liquidatable, guess);
}

/**
 * The bankruptcy price: where the margin balance is exactly used up (the formulas with MMR = cum = 0). A
 * liquidation order is bounded by it, rounded so that filling at it leaves the margin balance ≥ 0: for a long
 * the lowest tick with nothing owed, for a short the highest. For cross, `backing` here is WB + UPNL1. With
 * `feeBps`, the fee of closing the whole position at the price must be paid too (a voluntary close's bound).
 */
export function bankruptcyPrice(c: Contract, p: Position, backing: bigint, feeBps = 0n): bigint | null {
  if (p.qty === 0n) return null;
  const guess = bracketFormula(c, p, backing, { mmr: 0n, cum: 0n }) ?? guessFromCost(c, p);
  const fee = (price: bigint) => (feeBps ? feeOf(fillValue(c, p.qty, price), feeBps) : 0n);
  const solvent = (price: bigint) => backing + unrealisedPnl(c, p, price) - fee(price) >= 0n;
  return p.qty > 0n ? firstTrue(solvent, guess) : lastTrue(solvent, guess);
}

function guessFromCost(c: Contract, p: Position): bigint {
  const perPrice = fillValue(c, p.qty, 1n);
  const entry = c.kind === 'linear' ? p.cost / perPrice : perPrice / (p.cost || 1n);
  return entry > 0n ? entry : 1n;
}

/**
 * The largest price in [1, PRICE_MAX] where `pred` holds, for a predicate that holds up to some price and not
 * above it; null if it holds nowhere. Gallops out from the guess and bisects, so a good guess costs a few calls.
 */
function lastTrue(pred: (price: bigint) => boolean, guess: bigint): bigint | null {
  const g = guess < 1n ? 1n : guess > PRICE_MAX ? PRICE_MAX : guess;
  let lo: bigint;
  let hi: bigint;
  if (pred(g)) {
    lo = g;
    for (let step = 1n; ; step *= 2n) {
      if (lo + step > PRICE_MAX) {
        if (pred(PRICE_MAX)) return PRICE_MAX;
        hi = PRICE_MAX;
        break;
      }
      if (!pred(lo + step)) {
        hi = lo + step;
        break;
      }
      lo += step;
    }
  } else {
    hi = g;
    for (let step = 1n; ; step *= 2n) {
      if (hi - step < 1n) {
        if (!pred(1n)) return null;
        lo = 1n;
        break;
      }
      if (pred(hi - step)) {
        lo = hi - step;
        break;
      }
      hi -= step;
    }
  }
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    if (pred(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** The smallest price where `pred` holds, for a predicate false below some price and true from it; null if never. */
function firstTrue(pred: (price: bigint) => boolean, guess: bigint): bigint | null {
  const below = lastTrue((price) => !pred(price), guess);
  if (below === null) return 1n;
  return below === PRICE_MAX ? null : below + 1n;
}
