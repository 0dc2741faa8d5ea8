/**
 * A spot margin account and its margin level, as Binance's margin rules define them.
 *
 * - Cross: one per user; every asset in it is collateral and every asset may be borrowed.
 * - Isolated: one per user and pair; only the pair's base and quote count (lines for other assets are ignored).
 *
 * An account is a line per asset: the balance held in it (free and on order alike), the principal borrowed and the
 * interest accrued on it and not yet repaid. Every amount is in units of its asset at ASSET_SCALE (8 decimals).
 *
 * Valuation is in the quote currency, USDT, at the index prices, given as a function asset → price of one whole asset
 * in USDT at 8 decimals (USDT itself is 10⁸; `toPrice8` in server/spot/market.ts converts a spot market's price).
 * Rounding goes in the platform's favour: each asset's value rounds down, each debt's value up, and the margin level
 * (assets ÷ liabilities, at RATE_SCALE: 10⁸ = 1, so 1.5 is 150,000,000) rounds down. An account with no liabilities has
 * no level (null: infinitely safe).
 */
import { ASSET_SCALE } from '../../isomorphic/money/units.ts';
import { RATE_SCALE } from '../prices/mark-price.ts';
import { divCeil, pow10 } from '../perpetual/rounding.ts';

export const QUOTE = 'USDT';
/** One whole unit of an asset, and the price of one USDT: 10⁸. */
export const ONE = pow10(ASSET_SCALE);

/** Margin level ≤ 1.5: no new borrowing (the initial level of cross margin's 3x, see borrowing.ts). */
export const BORROW_LIMIT_LEVEL = (RATE_SCALE * 3n) / 2n;
/** Margin level ≤ 1.3: a margin call (private feed message and e-mail). */
export const MARGIN_CALL_LEVEL = (RATE_SCALE * 13n) / 10n;
/** Margin level ≤ 1.1: liquidation. */
export const LIQUIDATION_LEVEL = (RATE_SCALE * 11n) / 10n;
/** Transfers out only while the margin level stays above 2. */
export const TRANSFER_OUT_LEVEL = RATE_SCALE * 2n;

export type MarginMode = 'cross' | 'isolated';

export interface Line {
  /** What the account holds of the asset, free and on order. */
  balance: bigint;
  /** Borrowed and not yet repaid. */
  principal: bigint;
  /** Interest charged and not yet repaid. */
  interest: bigint;
}

export const EMPTY_LINE: Line = { balance: 0n, principal: 0n, interest: 0n };

export type MarginAccount =
  | { mode: 'cross'; lines: Readonly<Record<string, Line>> }
  | { mode: 'isolated'; base: string; quote: string; lines: Readonly<Record<string, Line>> };

/** Index price of one whole asset in USDT at 8 decimals. It must answer for every asset an account counts. */
export type PriceOf = (asset: string) => bigint;

/** The assets an account counts: all of a cross account's, an isolated account's pair only. */
export function countedAssets(a: MarginAccount): string[] {
  return a.mode === 'cross' ? Object.keys(a.lines) : [a.base, a.quote].filter((x) => a.lines[x] !== undefined);
}

export function lineOf(a: MarginAccount, asset: string): Line {
  return a.lines[asset] ?? EMPTY_LINE;
}

/** What is owed of an asset: principal and interest. */
export function owed(l: Line): bigint {
  return l.principal + l.interest;
}

/** Value in USDT units of an amount of an asset at a price, rounded down (an asset is never worth more than it is). */
export function valueDown(amount: bigint, price8: bigint): bigint {
  return (amount * price8) / ONE;
}

/** Value in USDT units of an amount owed, rounded up (a debt is never worth less than it is). */
export function valueUp(amount: bigint, price8: bigint): bigint {
  return divCeil(amount * price8, ONE);
}

export interface Valuation {
  /** Σ balance × price, each rounded down, USDT units. */
  assets: bigint;
  /** Σ (principal + interest) × price, each rounded up, USDT units. */
  liabilities: bigint;
}

export function valuation(a: MarginAccount, priceOf: PriceOf): Valuation {
  let assets = 0n;
  let liabilities = 0n;
  for (const asset of countedAssets(a)) {
    const l = a.lines[asset]!;
    const debt = l.principal + l.interest;
    if (l.balance === 0n && debt === 0n) continue;
    const p = asset === QUOTE ? ONE : priceOf(asset);
    if (l.balance !== 0n) assets += valueDown(l.balance, p);
    if (debt !== 0n) liabilities += valueUp(debt, p);
  }
  return { assets, liabilities };
}

/** assets ÷ liabilities at RATE_SCALE, rounded down; null when nothing is owed. */
export function levelOf(v: Valuation): bigint | null {
  return v.liabilities === 0n ? null : (v.assets * RATE_SCALE) / v.liabilities;
}

export function marginLevel(a: MarginAccount, priceOf: PriceOf): bigint | null {
  return levelOf(valuation(a, priceOf));
}

/** Net asset value: assets − liabilities, USDT units (negative once the account is under water). */
export function netAssets(v: Valuation): bigint {
  return v.assets - v.liabilities;
}

type RiskState = 'safe' | 'noBorrow' | 'marginCall' | 'liquidation';

/** The thresholds, each inclusive: ≤ 1.5 no new borrowing, ≤ 1.3 margin call, ≤ 1.1 liquidation. */
export function riskState(level: bigint | null): RiskState {
  if (level === null || level > BORROW_LIMIT_LEVEL) return 'safe';
  if (level > MARGIN_CALL_LEVEL) return 'noBorrow';
  if (level > LIQUIDATION_LEVEL) return 'marginCall';
  return 'liquidation';
}

/**
 * level ≤ threshold, said without dividing: the level is ⌊assets × S / liabilities⌋, which is ≤ T exactly when
 * assets × S < (T + 1) × liabilities. Used by the level index and the scan so that both answer what `riskState`
 * answers.
 */
export function atOrBelow(v: Valuation, threshold: bigint): boolean {
  return v.liabilities !== 0n && v.assets * RATE_SCALE < (threshold + 1n) * v.liabilities;
}

/** Whether a transfer out that leaves the account at `after` may go: no debt, or a level still above 2. */
export function mayTransferOut(after: Valuation): boolean {
  return after.liabilities === 0n || !atOrBelow(after, TRANSFER_OUT_LEVEL);
}
