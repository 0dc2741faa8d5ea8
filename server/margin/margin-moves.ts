import { ASSET_SCALE, formatUnits } from '../../isomorphic/money/units.ts';
import type { RiskEngine } from '../core/risk/risk-engine.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import type { Posting } from '../ledger/ledger.ts';
import { fail } from '../outcome.ts';
import { checkBorrow, maxBorrowable, type BorrowContext } from './borrowing.ts';
import { DAILY_RATES, repayLoans } from './interest.ts';
import type { MarginAcct, MarginBook } from './margin-book.ts';
import { BORROW_LIMIT_LEVEL, EMPTY_LINE, marginLevel, mayTransferOut, riskState, valuation } from './margin-account.ts';

const units = (v: bigint) => formatUnits(v, ASSET_SCALE);

/** What the lending pool has left of an asset. */
export function poolOf(risk: RiskEngine, asset: string): bigint {
  return risk.available(null, ACCOUNT.marginPool, asset);
}

export function dailyRate(asset: string): bigint {
  const r = DAILY_RATES[asset];
  if (r === undefined) fail('marginAssetNotInAccount');
  return r;
}

/** The account's borrowing context at the part's last prices. */
function borrowContext(book: MarginBook, risk: RiskEngine, a: MarginAcct, asset: string): BorrowContext {
  if (!book.holds(a, asset) || !book.borrowableAssets().includes(asset)) fail('marginAssetNotInAccount');
  const view = book.view(a);
  // Every counted asset needs a price (a refusal names the missing one's absence).
  const priceOf = (x: string) => book.price(x);
  for (const x of Object.keys(view.lines)) if (book.holds(a, x)) priceOf(x);
  priceOf(asset);
  return { account: view, priceOf, leverage: a.leverage, dailyRate: dailyRate(asset), pool: poolOf(risk, asset) };
}

/** The most of an asset the account may borrow now. */
export function maxBorrow(book: MarginBook, risk: RiskEngine, a: MarginAcct, asset: string): bigint {
  return maxBorrowable(borrowContext(book, risk, a, asset), asset);
}

/** Refuses a borrow the rules do not allow, naming the max; answers the first hour's interest. */
export function checkLoan(
  book: MarginBook,
  risk: RiskEngine,
  a: MarginAcct,
  asset: string,
  amount: bigint,
): { interest: bigint; max: bigint } {
  const ctx = borrowContext(book, risk, a, asset);
  const check = checkBorrow(ctx, asset, amount);
  if (check.ok) return { interest: check.interest, max: maxBorrowable(ctx, asset) };
  const named = { max: units(check.max), coin: asset };
  switch (check.reason) {
    case 'badAmount':
      return fail('mustBePositive', { field: 'trade.field.amount' });
    case 'assetNotInAccount':
      return fail('marginAssetNotInAccount');
    case 'levelTooLow':
      return fail('marginLevelTooLow', { level: formatUnits(BORROW_LIMIT_LEVEL, 8).replace(/\.?0+$/, '') });
    case 'overMax':
      return fail('marginOverMax', named);
    case 'poolShort':
      return fail('marginPoolShort', { max: units(ctx.pool), coin: asset });
  }
}

/** Borrows into the account from the lending pool: the first hour's interest is owed at once (interest.ts). */
export function borrowInto(
  book: MarginBook,
  risk: RiskEngine,
  a: MarginAcct,
  asset: string,
  amount: bigint,
  now: number,
): void {
  const { interest } = checkLoan(book, risk, a, asset, amount);
  const loan = book.addLoan(a, asset, amount, now, interest);
  risk.post(
    [
      { owner: null, type: ACCOUNT.marginPool, asset, available: -amount },
      { owner: a.userId, type: book.typeOf(a), asset, available: amount },
    ],
    { billType: 'margin_borrow', refType: 'margin_loan', refId: loan.id },
  );
  const l = book.line(a, asset);
  l.balance += amount;
  l.principal += amount;
  l.interest += interest;
  book.record(a, { kind: 'borrow', asset, amount, interest, principal: amount, loanId: loan.id, createdAt: now });
  book.touch(a, now);
}

/**
 * Repays `pay` of an asset's debt from the account (interest first, then principal, oldest loan first): the ledger
 * lines (principal back to the pool, interest to fee income) for the caller to post, with the part's state moved
 * and the record written. The caller makes sure the account has `pay` free and owes at least that much.
 */
export function repayment(book: MarginBook, a: MarginAcct, asset: string, pay: bigint, now: number): Posting[] {
  const l = book.line(a, asset);
  const interest = pay < l.interest ? pay : l.interest;
  const principal = pay - interest;
  l.balance -= pay;
  l.interest -= interest;
  l.principal -= principal;
  const loans = book.openLoans(a, asset);
  const after = repayLoans(loans, principal).loans;
  loans.forEach((loan, i) => {
    if (after[i]!.principal !== loan.principal) {
      loan.principal = after[i]!.principal;
      book.touchLoan(loan, now);
    }
  });
  book.record(a, { kind: 'repay', asset, amount: pay, interest, principal, createdAt: now });
  book.touch(a, now);
  return [
    { owner: a.userId, type: book.typeOf(a), asset, available: -pay, billType: 'margin_repay' },
    ...(principal
      ? [{ owner: null, type: ACCOUNT.marginPool, asset, available: principal, billType: 'margin_repay' as const }]
      : []),
    ...(interest
      ? [{ owner: null, type: ACCOUNT.feeIncome, asset, available: interest, billType: 'margin_interest' as const }]
      : []),
  ];
}

/** The account's margin level at the part's prices (null: owes nothing). */
export function levelOf(book: MarginBook, a: MarginAcct): bigint | null {
  return marginLevel(book.view(a), (x) => book.price(x));
}

/** Refuses new risk (a borrow, an order) on an account at or below the liquidation level. */
export function refuseInLiquidation(book: MarginBook, a: MarginAcct): void {
  if (book.indexed(a) && riskState(levelOf(book, a)) === 'liquidation') fail('marginInLiquidation');
}

/**
 * The most of an asset that may leave the account now: all of it free while nothing is owed, else what keeps the level
 * above 2.
 */
export function maxTransferOut(book: MarginBook, a: MarginAcct, asset: string): bigint {
  const free = book.free(a, asset);
  if (free <= 0n) return 0n;
  if (!book.indexed(a)) return free;
  const allows = (x: bigint) => {
    const view = book.view(a);
    const l = view.lines[asset] ?? EMPTY_LINE;
    return mayTransferOut(
      valuation({ ...view, lines: { ...view.lines, [asset]: { ...l, balance: l.balance - x } } }, (p) => book.price(p)),
    );
  };
  if (allows(free)) return free;
  // Bisection: lo always allowed, hi never (the level falls as more leaves).
  let lo = 0n;
  let hi = free;
  if (!allows(0n)) return 0n;
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    if (allows(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}
