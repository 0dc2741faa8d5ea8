import type { z } from 'zod';
import type {
  BorrowPreview,
  DepositRate,
  LoanResult,
  MarginMode,
  MarginOrder,
  MarginProperty,
  MarginRecord,
  MarginSegment,
  MarginTransferResult,
} from '../../isomorphic/contract/margin.ts';
import {
  modeOfSegment,
  type marginOrderBody,
  type marginOrderListQuery,
  type marginRecordQuery,
  type marginTransferBody,
} from '../../isomorphic/contract/margin.ts';
import type { Page } from '../../isomorphic/contract/wallet.ts';
import type { TradingCore } from '../core/core.ts';
import type { SpotService } from '../spot/spot.service.ts';
import { ASSET_SCALE } from '../../isomorphic/money/units.ts';
import { userOrders } from '../spot/orders.repo.ts';
import { checkOrder, orderUnits } from '../spot/order-checks.ts';
import { fail } from '../outcome.ts';
import type { Db } from '../storage/db.ts';
import { afterBorrow } from './borrowing.ts';
import { levelOf as levelOfValuation, valuation } from './margin-account.ts';
import type { MarginAcct, MarginBook } from './margin-book.ts';
import { marginBorrow, marginLeverage, marginPlace, marginRepay, marginTransfer } from './margin-commands.ts';
import { checkLoan, dailyRate, poolOf, refuseInLiquidation } from './margin-moves.ts';
import { hourlyInterest } from './interest.ts';
import { userRecords } from './margin.repo.ts';
import { accountView, canBorrowView, hourlyRate, level4, marginOrderView, rate, recordView, units } from './views.ts';

interface MarginDeps {
  db: Db;
  core: TradingCore;
  spot: SpotService;
}

const bookOf = (core: TradingCore) => core.part<MarginBook>('margin');

/** The account a call names: cross, or the isolated account of `symbol` (required, and open for margin). */
function accountSymbol(book: MarginBook, mode: MarginMode, symbol: string | undefined): string | null {
  if (mode === 'cross') return null;
  if (!symbol) fail('marginSymbolRequired');
  return book.marginMarket(symbol).symbol;
}

/** A coin amount of a margin call, refused as the order form refuses amounts. */
const amountOf = (text: string) => orderUnits(text, ASSET_SCALE, 'quantity');

/** An account the user has not opened yet, for views: empty, at the default leverage. */
function emptyAccount(book: MarginBook, userId: number, symbol: string | null): MarginAcct {
  const m = symbol === null ? undefined : book.spot.market(symbol);
  return {
    id: 0,
    userId,
    symbol,
    base: m?.base ?? null,
    quote: m?.quote ?? null,
    leverage: symbol === null ? 3n : 5n,
    lines: new Map(),
    onOrder: new Map(),
    orders: new Set(),
    called: false,
    createdAt: 0,
    updatedAt: 0,
  };
}

function accountOrEmpty(book: MarginBook, userId: number, symbol: string | null): MarginAcct {
  return book.find(userId, symbol) ?? emptyAccount(book, userId, symbol);
}

export function property({ core }: MarginDeps, userId: number): MarginProperty {
  const book = bookOf(core);
  const isolated = book.accountsOf(userId).filter((a) => a.symbol !== null);
  return {
    cross: accountView(book, core.risk, accountOrEmpty(book, userId, null)),
    isolated: isolated.map((a) => accountView(book, core.risk, a)),
    pairs: book.marginMarkets().map((m) => ({
      symbol: m.symbol,
      symbol_name: `${m.base}/${m.quote}`,
      base: m.base,
      quote: m.quote,
      maxLeverage: 10,
    })),
  };
}

export function canBorrow({ core }: MarginDeps, userId: number, segment: MarginSegment, coin: string, symbol?: string) {
  const book = bookOf(core);
  const sym = accountSymbol(book, modeOfSegment(segment), symbol);
  const a = accountOrEmpty(book, userId, sym);
  if (!book.holds(a, coin) || !book.borrowableAssets().includes(coin)) fail('marginAssetNotInAccount');
  book.price(coin);
  return canBorrowView(book, core.risk, book.find(userId, sym), coin);
}

export function canBorrowList({ core }: MarginDeps, userId: number, segment: MarginSegment, symbol?: string) {
  const book = bookOf(core);
  const sym = accountSymbol(book, modeOfSegment(segment), symbol);
  const a = accountOrEmpty(book, userId, sym);
  return book
    .borrowableAssets()
    .filter((x) => book.holds(a, x) && (x === 'USDT' || book.prices.has(x)))
    .map((x) => canBorrowView(book, core.risk, book.find(userId, sym), x));
}

export function depositRates({ core }: MarginDeps): DepositRate[] {
  const book = bookOf(core);
  return book.borrowableAssets().map((coin) => {
    const daily = dailyRate(coin);
    return {
      coin,
      dailyRate: rate(daily),
      hourlyRate: hourlyRate(daily),
      yearlyRate: rate(daily * 365n),
      pool: units(poolOf(core.risk, coin)),
    };
  });
}

export function preBorrow(
  { core }: MarginDeps,
  userId: number,
  segment: MarginSegment,
  body: { coin: string; amount: string; symbol?: string | undefined },
): BorrowPreview {
  const book = bookOf(core);
  const sym = accountSymbol(book, modeOfSegment(segment), body.symbol);
  const amount = amountOf(body.amount);
  const a = book.find(userId, sym);
  if (!a) fail('marginOverMax', { max: '0', coin: body.coin });
  refuseInLiquidation(book, a);
  const { interest, max } = checkLoan(book, core.risk, a, body.coin, amount);
  const after = valuation(afterBorrow(book.view(a), body.coin, amount, dailyRate(body.coin)), (x) => book.price(x));
  const level = levelOfValuation(after);
  return {
    coin: body.coin,
    amount: units(amount),
    firstHourInterest: units(interest),
    hourlyInterest: units(hourlyInterest(amount, dailyRate(body.coin))),
    levelAfter: level === null ? null : level4(level),
    max: units(max),
  };
}

export async function borrow(
  { core }: MarginDeps,
  userId: number,
  segment: MarginSegment,
  body: { coin: string; amount: string; symbol?: string | undefined },
): Promise<LoanResult> {
  const book = bookOf(core);
  const symbol = accountSymbol(book, modeOfSegment(segment), body.symbol);
  const amount = amountOf(body.amount);
  const a = await core.submit(marginBorrow, { userId, symbol, asset: body.coin, amount });
  return {
    coin: body.coin,
    amount: units(amount),
    interest: units(hourlyInterest(amount, dailyRate(body.coin))),
    principal: units(amount),
    account: accountView(book, core.risk, a),
  };
}

export async function repay(
  { core }: MarginDeps,
  userId: number,
  segment: MarginSegment,
  body: { coin: string; amount: string; symbol?: string | undefined },
): Promise<LoanResult> {
  const book = bookOf(core);
  const symbol = accountSymbol(book, modeOfSegment(segment), body.symbol);
  const amount = amountOf(body.amount);
  const r = await core.submit(marginRepay, { userId, symbol, asset: body.coin, amount });
  return {
    coin: body.coin,
    amount: units(r.interest + r.principal),
    interest: units(r.interest),
    principal: units(r.principal),
    account: accountView(book, core.risk, r.account),
  };
}

export async function setLeverage({ core }: MarginDeps, userId: number, body: { symbol: string; leverage: number }) {
  const book = bookOf(core);
  const a = await core.submit(marginLeverage, {
    userId,
    symbol: book.marginMarket(body.symbol).symbol,
    leverage: body.leverage,
  });
  return accountView(book, core.risk, a);
}

export async function transfer(
  { core }: MarginDeps,
  userId: number,
  body: z.output<typeof marginTransferBody>,
): Promise<MarginTransferResult> {
  const book = bookOf(core);
  const symbol = accountSymbol(book, body.mode, body.symbol);
  const amount = amountOf(body.amount);
  const a = await core.submit(marginTransfer, { userId, symbol, asset: body.coin, amount, direction: body.direction });
  return {
    coin: body.coin,
    amount: units(amount),
    direction: body.direction,
    account: accountView(book, core.risk, a),
  };
}

export async function placeOrder(
  { core, spot }: MarginDeps,
  userId: number,
  body: z.output<typeof marginOrderBody>,
): Promise<MarginOrder> {
  const book = bookOf(core);
  const m = book.marginMarket(spot.markets.market(body.symbol).symbol);
  const request = checkOrder(m, userId, body, spot.reference(m.symbol));
  const o = await core.submit(marginPlace, {
    ...request,
    symbol: m.symbol,
    mode: body.mode,
    autoBorrow: body.autoBorrow,
    autoRepay: body.autoRepay,
  });
  return marginOrderView(m, o);
}

export async function orders(
  { db, spot }: MarginDeps,
  userId: number,
  q: z.output<typeof marginOrderListQuery>,
): Promise<Page<MarginOrder>> {
  const { total, rows } = await userOrders(db, userId, q.state, q, q.symbol, q.mode);
  return {
    total,
    page: q.page,
    size: q.size,
    records: rows.map((o) => marginOrderView(spot.markets.market(o.symbol), o)),
  };
}

export async function records(
  { db }: MarginDeps,
  userId: number,
  q: z.output<typeof marginRecordQuery>,
): Promise<Page<MarginRecord>> {
  const { total, rows } = await userRecords(db, userId, { mode: q.mode, kind: q.kind }, q);
  return { total, page: q.page, size: q.size, records: rows.map(recordView) };
}
