/**
 * Borrowing and repaying, Binance's way.
 *
 * Leverage: cross margin is 3x; an isolated pair up to 10x (the pair's setting, a parameter here). A leverage L
 * implies an initial margin level L ÷ (L − 1) (3x: 1.5; 5x: 1.25; 10x: 1.11…): a borrow may go only if the account's
 * level after it, with the first hour's interest already charged (interest.ts), is still at or above that
 * level, compared as the exact fraction (assets × (L − 1) ≥ liabilities × L), and only while the level before it
 * is above that level (for cross: the "≤ 1.5 no new borrowing"). Borrowed funds land in the account, so a
 * borrow adds its amount to both sides and brings the level towards 1: the level after is what limits it.
 *
 * The max borrowable is the largest amount that passes, also limited by what the platform's lending pool has
 * left of the asset. It is found by bisection over the exact check (the check gets stricter as the amount grows,
 * up to a unit of rounding), so the max always passes the check, and one unit more never does unless the pool is
 * what stops it (both property-tested).
 *
 * Repay: interest first, then principal. Decision: an amount above what is owed is capped to what is owed (a
 * "repay all" sends what it has and the rest stays in the account), while an amount above what the account has
 * free of the asset is refused: it cannot pay with what it does not have.
 */
import { RATE_SCALE } from '../prices/mark-price.ts';
import { divCeil } from '../perpetual/rounding.ts';
import { firstHourInterest } from './interest.ts';
import { lineOf, valuation, type Line, type MarginAccount, type PriceOf, type Valuation } from './margin-account.ts';

export const CROSS_LEVERAGE = 3n;

/** The initial margin level of a leverage, L ÷ (L − 1) at RATE_SCALE rounded up (display; checks use the fraction). */
export function initialLevel(leverage: bigint): bigint {
  return divCeil(leverage * RATE_SCALE, leverage - 1n);
}

/** assets ÷ liabilities ≥ L ÷ (L − 1), exactly; true with nothing owed. */
export function meetsInitial(v: Valuation, leverage: bigint): boolean {
  return v.assets * (leverage - 1n) >= v.liabilities * leverage;
}

/** assets ÷ liabilities > L ÷ (L − 1), exactly: the level before a borrow must be above the initial one. */
function aboveInitial(v: Valuation, leverage: bigint): boolean {
  return v.liabilities === 0n || v.assets * (leverage - 1n) > v.liabilities * leverage;
}

/** The account after borrowing `amount` of `asset`, the first hour's interest charged. */
export function afterBorrow(a: MarginAccount, asset: string, amount: bigint, dailyRate: bigint): MarginAccount {
  const l = lineOf(a, asset);
  const line: Line = {
    balance: l.balance + amount,
    principal: l.principal + amount,
    interest: l.interest + firstHourInterest(amount, dailyRate),
  };
  return { ...a, lines: { ...a.lines, [asset]: line } };
}

export interface BorrowContext {
  account: MarginAccount;
  priceOf: PriceOf;
  /** The account's leverage: CROSS_LEVERAGE, or the isolated pair's. */
  leverage: bigint;
  /** The asset's daily interest rate at RATE_SCALE (interest.ts). */
  dailyRate: bigint;
  /** What the platform's lending pool has left of the asset. */
  pool: bigint;
}

type BorrowRefusal = 'badAmount' | 'assetNotInAccount' | 'levelTooLow' | 'overMax' | 'poolShort';

type BorrowCheck = { ok: true; interest: bigint; after: Valuation } | { ok: false; reason: BorrowRefusal; max: bigint };

function borrowable(a: MarginAccount, asset: string): boolean {
  return a.mode === 'cross' || asset === a.base || asset === a.quote;
}

/** Whether `amount` passes the level rule alone (not the pool). */
function levelAllows(ctx: BorrowContext, asset: string, amount: bigint): boolean {
  return meetsInitial(valuation(afterBorrow(ctx.account, asset, amount, ctx.dailyRate), ctx.priceOf), ctx.leverage);
}

/**
 * The largest amount of `asset` the account may borrow now: 0 when its level is not above the initial level,
 * else the largest amount keeping the level after at or above it, at most the pool.
 */
export function maxBorrowable(ctx: BorrowContext, asset: string): bigint {
  const { account: a, leverage } = ctx;
  if (!borrowable(a, asset) || ctx.pool <= 0n || leverage < 2n) return 0n;
  if (!aboveInitial(valuation(a, ctx.priceOf), leverage)) return 0n;
  // Bisection on [lo, hi): lo always passes, hi never does (or is past the pool).
  let lo = 0n;
  let hi = 1n;
  while (hi <= ctx.pool && levelAllows(ctx, asset, hi)) [lo, hi] = [hi, hi * 2n];
  if (hi > ctx.pool) {
    if (levelAllows(ctx, asset, ctx.pool)) return ctx.pool;
    hi = ctx.pool;
  }
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    if (levelAllows(ctx, asset, mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** A borrow request: refused as a value naming why, with the max it could have borrowed. */
export function checkBorrow(ctx: BorrowContext, asset: string, amount: bigint): BorrowCheck {
  const refuse = (reason: BorrowRefusal): BorrowCheck => ({ ok: false, reason, max: maxBorrowable(ctx, asset) });
  if (amount <= 0n) return refuse('badAmount');
  if (!borrowable(ctx.account, asset)) return { ok: false, reason: 'assetNotInAccount', max: 0n };
  if (!aboveInitial(valuation(ctx.account, ctx.priceOf), ctx.leverage)) return refuse('levelTooLow');
  const after = valuation(afterBorrow(ctx.account, asset, amount, ctx.dailyRate), ctx.priceOf);
  if (!meetsInitial(after, ctx.leverage)) return refuse('overMax');
  if (amount > ctx.pool) return refuse('poolShort');
  return { ok: true, interest: firstHourInterest(amount, ctx.dailyRate), after };
}

type RepayRefusal = 'badAmount' | 'nothingOwed' | 'insufficientBalance';

type RepayResult = { ok: true; interest: bigint; principal: bigint; line: Line } | { ok: false; reason: RepayRefusal };

/**
 * Repays up to `amount` of an asset from what the account has free of it (`free`: its balance less what open
 * orders hold): interest first, then principal; capped at what is owed, refused past what is free.
 */
export function repay(line: Line, amount: bigint, free: bigint): RepayResult {
  if (amount <= 0n) return { ok: false, reason: 'badAmount' };
  const due = line.principal + line.interest;
  if (due === 0n) return { ok: false, reason: 'nothingOwed' };
  const pay = amount < due ? amount : due;
  if (pay > free) return { ok: false, reason: 'insufficientBalance' };
  const interest = pay < line.interest ? pay : line.interest;
  const principal = pay - interest;
  return {
    ok: true,
    interest,
    principal,
    line: { balance: line.balance - pay, principal: line.principal - principal, interest: line.interest - interest },
  };
}
