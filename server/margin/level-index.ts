/**
 * Finding the margin accounts a price tick brings to a threshold (liquidation at 1.1, or the margin call at 1.3)
 * without scanning every account.
 *
 * The approach. A margin level depends on every price in the account at once, but the test "level ≤ T" is linear
 * in the prices. With the level rounded down, level ≤ T exactly when assets × S < (T + 1) × liabilities
 * (S = RATE_SCALE; `atOrBelow`). Write the exact (unrounded) sums as Σ balanceᵢ × pᵢ and Σ debtᵢ × pᵢ over the
 * counted assets; each asset's rounded value is within one unit of its exact one, so the account is certainly
 * above T while
 *
 *   G(p) = Σ wᵢ × pᵢ − C ≥ 0,   wᵢ = balanceᵢ × S − (T + 1) × debtᵢ,   C = 10⁸ × (nₐ × S + (T + 1) × n_d)
 *
 * (nₐ, n_d: how many non-USDT assets have a balance, a debt; USDT is valued exactly). G is the account's
 * headroom, and it is a sum of one term per asset: a move of one price changes one term only.
 *
 * Triggers, as `crossTriggers` does for perpetual cross accounts: the headroom G₀ at the prices when the account
 * was last checked is shared out evenly over the m assets whose price moves it (not USDT, weight ≠ 0), each
 * getting ⌊G₀ / m⌋. An asset with w > 0 (held more than owed, weighted) hurts as its price falls; its trigger is
 * the highest price at which its own term would have lost more than its share: p₀ − ⌊share / w⌋ − 1, reached when
 * the price is at or below it (null if that is below zero: the asset alone cannot use its share). An asset with
 * w < 0 (owed) hurts as its price rises; its trigger p₀ + ⌊share / |w|⌋ + 1 is reached at or above it.
 *
 * Safety: while no price has reached its asset's trigger, every term has lost at most its share, so
 * G(p) ≥ G₀ − m × ⌊G₀ / m⌋ ≥ 0 and the account is above T, however the prices moved together and in whatever
 * order. So a tick only has to look at the accounts whose trigger on the moving asset it reached. Reaching a
 * trigger does not mean the account is at T: the core then checks it in full at the current prices and either
 * acts (liquidates it, or sends the margin call) or computes its triggers again with the headroom it has left. It
 * also computes them again whenever the account changes (a fill, a borrow, a repayment, an hour's interest, a
 * transfer). An account above T whose G₀ is already below zero (within the rounding slack C of T: a few 10⁻⁸
 * USDT) cannot be given safe triggers; it is "watched" and returned on every tick until it changes.
 *
 * One `LiquidationIndex` (the perpetual one, a B+ tree) per asset holds the triggers: falling-price triggers as
 * its longs, rising-price ones as its shorts. A tick on an asset costs O(log n + k) for the k accounts it reached.
 */
import { RATE_SCALE } from '../prices/mark-price.ts';
import { LiquidationIndex } from '../perpetual/liquidation-index.ts';
import { countedAssets, LIQUIDATION_LEVEL, ONE, QUOTE, type MarginAccount, type PriceOf } from './margin-account.ts';

export interface Trigger {
  asset: string;
  /** 'falls': reached when the asset's price is at or below `price`; 'rises': at or above. */
  direction: 'falls' | 'rises';
  price: bigint;
}

interface LevelTriggers {
  /** Too close to the threshold for safe triggers (or at it): check on every tick. */
  watch: boolean;
  triggers: Trigger[];
}

/** The headroom G at the given prices and each volatile asset's weight (see the module comment). */
export function headroom(
  a: MarginAccount,
  priceOf: PriceOf,
  threshold: bigint = LIQUIDATION_LEVEL,
): { g: bigint; weights: Array<[asset: string, w: bigint, price: bigint]> } {
  const k = threshold + 1n;
  let g = 0n;
  let slack = 0n;
  const weights: Array<[string, bigint, bigint]> = [];
  for (const asset of countedAssets(a)) {
    const l = a.lines[asset]!;
    const debt = l.principal + l.interest;
    const w = l.balance * RATE_SCALE - k * debt;
    if (asset === QUOTE) {
      g += w * ONE;
      continue;
    }
    if (l.balance !== 0n) slack += RATE_SCALE;
    if (debt !== 0n) slack += k;
    if (w === 0n) continue;
    const p = priceOf(asset);
    g += w * p;
    weights.push([asset, w, p]);
  }
  return { g: g - slack * ONE, weights };
}

/** Trigger prices that are safe however the account's prices move together; see the module comment. */
export function levelTriggers(
  a: MarginAccount,
  priceOf: PriceOf,
  threshold: bigint = LIQUIDATION_LEVEL,
): LevelTriggers {
  const { g, weights } = headroom(a, priceOf, threshold);
  if (g < 0n) return { watch: true, triggers: [] };
  if (weights.length === 0) return { watch: false, triggers: [] };
  const share = g / BigInt(weights.length);
  const triggers: Trigger[] = [];
  for (const [asset, w, p] of weights) {
    if (w > 0n) {
      const price = p - share / w - 1n;
      if (price >= 0n) triggers.push({ asset, direction: 'falls', price });
    } else {
      triggers.push({ asset, direction: 'rises', price: p + share / -w + 1n });
    }
  }
  return { watch: false, triggers };
}

/** Whether any trigger is reached at the given prices (a full check is then due). */
export function anyReached(t: LevelTriggers, priceOf: PriceOf): boolean {
  return (
    t.watch ||
    t.triggers.some((x) => (x.direction === 'falls' ? priceOf(x.asset) <= x.price : priceOf(x.asset) >= x.price))
  );
}

/** Accounts by trigger, per asset; ids are 32-bit (the margin account's). */
export class LevelIndex {
  private readonly byAsset = new Map<string, LiquidationIndex>();
  private readonly assetsOf = new Map<number, string[]>();
  private readonly watched = new Set<number>();

  get size(): number {
    return this.assetsOf.size + this.watched.size;
  }

  get watchedCount(): number {
    return this.watched.size;
  }

  /** Stores an account's triggers, replacing what it had. */
  set(id: number, t: LevelTriggers): void {
    this.delete(id);
    if (t.watch) {
      this.watched.add(id);
      return;
    }
    if (t.triggers.length === 0) return;
    for (const x of t.triggers) {
      let ix = this.byAsset.get(x.asset);
      if (!ix) this.byAsset.set(x.asset, (ix = new LiquidationIndex()));
      ix.set(id, x.direction === 'falls' ? 'long' : 'short', x.price);
    }
    this.assetsOf.set(
      id,
      t.triggers.map((x) => x.asset),
    );
  }

  delete(id: number): void {
    this.watched.delete(id);
    const assets = this.assetsOf.get(id);
    if (!assets) return;
    for (const asset of assets) this.byAsset.get(asset)!.delete(id);
    this.assetsOf.delete(id);
  }

  /**
   * The accounts to check after `asset` moved to `price8`: those whose trigger on it the price reached, and the
   * watched ones. Several assets moving in one tick: call once per asset (an id may then come twice).
   */
  reached(asset: string, price8: bigint): number[] {
    const out = this.byAsset.get(asset)?.reached(price8) ?? [];
    for (const id of this.watched) out.push(id);
    return out;
  }
}
