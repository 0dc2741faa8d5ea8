/**
 * Spot margin (docs/requirements.md §7 the coin family's wallet borrow calls under a segment: `all` is cross, `fixed`
 * isolated; marginProperty, getCanborrowList, getDepositRate, updateLeverageRadio/fixed), with margin orders on the
 * spot books, transfers, and the records of loans, interest and liquidations. Everything but the rates is the user's
 * own.
 */
import { endpoint, schemasIn, type } from './endpoint.ts';
import type {
  BorrowPreview,
  CanBorrow,
  DepositRate,
  LoanResult,
  MarginAccountView,
  MarginOrder,
  MarginProperty,
  MarginRecord,
  MarginTransferResult,
} from './margin.ts';
import type { Page } from './wallet.ts';

const s = schemasIn('margin');
const tags = ['margin'];
const accountErrors = ['unknownMarket', 'marginPairNotOpen', 'marginSymbolRequired'] as const;
const amountErrors = ['invalidNumber', 'tooPrecise', 'tooLarge', 'mustBePositive'] as const;
const borrowErrors = [
  ...accountErrors,
  ...amountErrors,
  'marginNoPrice',
  'marginAssetNotInAccount',
  'marginLevelTooLow',
  'marginOverMax',
  'marginPoolShort',
  'marginInLiquidation',
] as const;

export const canBorrow = endpoint({
  method: 'GET',
  path: '/api/app/coin/wallet/:segment/getCanborrow',
  auth: 'user',
  params: s('segmentParams'),
  query: s('canBorrowQuery'),
  response: type<CanBorrow>(),
  errors: [...accountErrors, 'marginNoPrice', 'marginAssetNotInAccount'],
  summary: 'The most of a coin your cross (all) or isolated (fixed) account may borrow now, with its rate',
  tags,
});

export const preBorrow = endpoint({
  method: 'POST',
  path: '/api/app/coin/wallet/:segment/preborrow',
  auth: 'user',
  params: s('segmentParams'),
  body: s('loanBody'),
  response: type<BorrowPreview>(),
  errors: [...borrowErrors],
  summary: 'Check a borrow without making it: the first hour’s interest and the margin level after',
  tags,
});

export const borrow = endpoint({
  method: 'POST',
  path: '/api/app/coin/wallet/:segment/borrow',
  auth: 'user',
  params: s('segmentParams'),
  body: s('loanBody'),
  response: type<LoanResult>(),
  errors: [...borrowErrors],
  summary: 'Borrow a coin into your margin account (the first hour’s interest is charged at once)',
  tags,
});

export const repay = endpoint({
  method: 'POST',
  path: '/api/app/coin/wallet/:segment/still',
  auth: 'user',
  params: s('segmentParams'),
  body: s('loanBody'),
  response: type<LoanResult>(),
  errors: [...accountErrors, ...amountErrors, 'marginNothingOwed', 'insufficientBalance', 'marginInLiquidation'],
  summary: 'Repay a loan: interest first, then principal; more than is owed repays all of it',
  tags,
});

export const marginProperty = endpoint({
  method: 'GET',
  path: '/api/app/coin/marginProperty',
  auth: 'user',
  response: type<MarginProperty>(),
  errors: [],
  summary: 'Your cross account and every isolated account: assets, debts, margin levels and risk',
  tags,
});

export const canBorrowList = endpoint({
  method: 'GET',
  path: '/api/app/coin/wallet/:segment/getCanborrowList',
  auth: 'user',
  params: s('segmentParams'),
  query: s('accountQuery'),
  response: type<CanBorrow[]>(),
  errors: [...accountErrors, 'marginNoPrice'],
  summary: 'Every coin the account may borrow, with the max now and the rates',
  tags,
});

export const depositRate = endpoint({
  method: 'GET',
  path: '/api/app/coin/getDepositRate',
  auth: 'none',
  response: type<DepositRate[]>(),
  errors: [],
  summary: 'The interest rate of each coin that may be borrowed, and what the lending pool has left',
  tags,
});

export const isolatedLeverage = endpoint({
  method: 'POST',
  path: '/api/app/coin/fixed/updateLeverageRadio',
  auth: 'user',
  body: s('leverageBody'),
  response: type<MarginAccountView>(),
  errors: [...accountErrors, 'marginLeverageLocked'],
  summary: 'Set an isolated pair’s leverage (2× to 10×) while it owes nothing',
  tags,
});

export const marginTransfer = endpoint({
  method: 'POST',
  path: '/api/margin/transfer',
  auth: 'user',
  body: s('marginTransferBody'),
  response: type<MarginTransferResult>(),
  errors: [
    ...accountErrors,
    ...amountErrors,
    'marginAssetNotInAccount',
    'insufficientBalance',
    'marginTransferOutLevel',
    'marginNoPrice',
    'marginInLiquidation',
  ],
  summary: 'Move a coin between your spot account and a margin account; out only while the level stays above 2',
  tags,
});

export const marginOrder = endpoint({
  method: 'POST',
  path: '/api/margin/order/submit',
  auth: 'user',
  body: s('marginOrderBody'),
  response: type<MarginOrder>(),
  errors: [
    ...borrowErrors,
    'marketClosed',
    'orderFieldRequired',
    'offTick',
    'offLot',
    'belowMinQty',
    'belowMinNotional',
    'postOnlyMarket',
    'priceOutOfBand',
    'insufficientBalance',
  ],
  summary: 'Place a margin order on the spot book, optionally borrowing what it needs and repaying from its fills',
  tags,
});

export const marginOrders = endpoint({
  method: 'GET',
  path: '/api/margin/order/list',
  auth: 'user',
  query: s('marginOrderListQuery'),
  response: type<Page<MarginOrder>>(),
  errors: [],
  summary:
    'Your cross (margin-all) or isolated (margin-fixed) margin orders, open or finished; cancel with currency/order/cancelOrder',
  tags,
});

export const marginRecords = endpoint({
  method: 'GET',
  path: '/api/margin/records',
  auth: 'user',
  query: s('marginRecordQuery'),
  response: type<Page<MarginRecord>>(),
  errors: [],
  summary: 'Your loans, repayments, hourly interest, transfers, margin calls and liquidations, newest first',
  tags,
});
