/**
 * What the margin dialogs do: ask what may be borrowed, preview a borrow, borrow, repay, move coins between the spot
 * account and a margin account, and set an isolated pair's leverage. Each change then loads the accounts again, so
 * every screen shows the result before the private feed's push arrives.
 */
import { request } from '../api/client.ts';
import * as api from '../../../isomorphic/contract/margin.endpoints.ts';
import type {
  BorrowPreview,
  CanBorrow,
  LoanResult,
  MarginAccountView,
  MarginMode,
  MarginTransferResult,
} from '../../../isomorphic/contract/margin.ts';
import { loadMarginProperty, target } from './account.ts';

/** The account a dialog acts on. */
export interface MarginTarget {
  mode: MarginMode;
  /** The pair of an isolated account. */
  symbol?: string;
}

const refresh = () => loadMarginProperty({ quiet: true }).catch(() => {});

/** The most of a coin the account may borrow now, with its rates and what it owes of it. */
export function canBorrow(to: MarginTarget, coin: string): Promise<CanBorrow> {
  const { params, symbol } = target(to.mode, to.symbol);
  return request(api.canBorrow, { params, query: { coin, symbol }, quiet: true });
}

/**
 * A borrow checked without being made: the first hour's interest and the level after; refused as the borrow would be.
 */
export function previewBorrow(to: MarginTarget, coin: string, amount: string): Promise<BorrowPreview> {
  const { params, symbol } = target(to.mode, to.symbol);
  return request(api.preBorrow, { params, body: { coin, amount, symbol }, quiet: true });
}

export async function borrow(to: MarginTarget, coin: string, amount: string): Promise<LoanResult> {
  const { params, symbol } = target(to.mode, to.symbol);
  const result = await request(api.borrow, { params, body: { coin, amount, symbol }, quiet: true });
  await refresh();
  return result;
}

/** Repays interest first, then principal; more than is owed repays all of it. */
export async function repay(to: MarginTarget, coin: string, amount: string): Promise<LoanResult> {
  const { params, symbol } = target(to.mode, to.symbol);
  const result = await request(api.repay, { params, body: { coin, amount, symbol }, quiet: true });
  await refresh();
  return result;
}

/** Moves a coin from the spot account into the margin account (`in`) or back (`out`). */
export async function transferMargin(
  to: MarginTarget,
  coin: string,
  amount: string,
  direction: 'in' | 'out',
): Promise<MarginTransferResult> {
  const result = await request(api.marginTransfer, {
    body: { mode: to.mode, symbol: to.mode === 'isolated' ? to.symbol : undefined, coin, amount, direction },
    quiet: true,
  });
  await refresh();
  return result;
}

/** Sets an isolated pair's leverage (2× to 10×) while it owes nothing. */
export async function setIsolatedLeverage(symbol: string, leverage: number): Promise<MarginAccountView> {
  const view = await request(api.isolatedLeverage, { body: { symbol, leverage } });
  await refresh();
  return view;
}
