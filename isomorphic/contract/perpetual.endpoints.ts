/**
 * Perpetual futures (docs/requirements.md §7 "Market and trading"): orders, positions, take-profit and stop-loss,
 * leverage and margin mode, one-step close, funding, and the contracts with their brackets. Orders and positions are
 * the user's own; contracts, books, candles and funding are public.
 */
import { endpoint, schemasIn, type } from './endpoint.ts';
import type {
  ContractDetail,
  ContractView,
  FundingInfo,
  InsuranceFund,
  LeverageSetting,
  Liquidation,
  OrderPreview,
  PerpAccount,
  PerpBook,
  PerpCandle,
  PerpConditional,
  PerpOrder,
  PerpPosition,
  StopOrder,
  TrailingStop,
} from './perpetual.ts';
import type { Page } from './wallet.ts';

const s = schemasIn('perpetual');
const tags = ['perpetual'];
const orderErrors = [
  'perpUnknownContract',
  'orderFieldRequired',
  'invalidNumber',
  'tooPrecise',
  'tooLarge',
  'mustBePositive',
  'offTick',
  'offLot',
  'belowMinQty',
  'postOnlyMarket',
  'priceOutOfBand',
  'perpNoPrice',
  'perpLeverageOutOfRange',
  'perpSizeOverBracket',
  'perpInsufficientMargin',
  'perpReduceOnlyWouldIncrease',
  'perpNoPosition',
  'perpInLiquidation',
  'perpCloseBeyondBankruptcy',
] as const;

export const contracts = endpoint({
  method: 'GET',
  path: '/api/app/coin/open/getContract',
  auth: 'none',
  query: s('contractKindQuery'),
  response: type<ContractView[]>(),
  errors: [],
  summary: 'Every perpetual contract with its last, mark and index prices, funding and open interest',
  tags,
});

export const contractDetail = endpoint({
  method: 'POST',
  path: '/api/app/coin/open/contractDetail',
  auth: 'none',
  body: s('contractDetailBody'),
  response: type<ContractDetail[]>(),
  errors: [],
  summary: 'Contracts by symbol (or by type: 1 USDT-margined, 2 coin-margined) with their leverage brackets',
  tags,
});

export const maintenanceMargin = endpoint({
  method: 'GET',
  path: '/api/app/coin/getMaintenanceMargin',
  auth: 'none',
  query: s('contractSymbolQuery'),
  response: type<ContractDetail['brackets']>(),
  errors: ['perpUnknownContract'],
  summary: 'The leverage brackets of a contract: notional range, max leverage, maintenance margin rate and amount',
  tags,
});

export const fundingRate = endpoint({
  method: 'GET',
  path: '/api/app/coin/getFundingRate',
  auth: 'none',
  query: s('contractSymbolQuery'),
  response: type<FundingInfo>(),
  errors: ['perpUnknownContract'],
  summary: 'The last and predicted funding rates, the next funding time and the history',
  tags,
});

export const perpBook = endpoint({
  method: 'GET',
  path: '/api/perpetual/book',
  auth: 'none',
  query: s('perpBookQuery'),
  response: type<PerpBook>(),
  errors: ['perpUnknownContract'],
  summary: 'A contract’s order book, latest trades and prices',
  tags,
});

export const perpKline = endpoint({
  method: 'GET',
  path: '/api/perpetual/kline',
  auth: 'none',
  query: s('perpKlineQuery'),
  response: type<PerpCandle[]>(),
  errors: ['perpUnknownContract'],
  summary: 'Candles of a contract’s last price (or, with price=mark, of its mark price), oldest first',
  tags,
});

export const submitPerpOrder = endpoint({
  method: 'POST',
  path: '/api/contract/order/submit',
  auth: 'user',
  body: s('perpOrderBody'),
  response: type<PerpOrder>(),
  errors: [...orderErrors],
  summary:
    'Place a limit or market order on a contract at your leverage and margin mode; the margin is held by the trading core',
  tags,
});

export const openByDirection = endpoint({
  method: 'POST',
  path: '/api/app/coin/contract/open',
  auth: 'user',
  body: s('directionOrderBody'),
  response: type<PerpOrder>(),
  errors: [...orderErrors],
  summary: 'Open a position by direction (1 long, 2 short); 3 and 4 close, as on contract/close',
  tags,
});

export const closeByDirection = endpoint({
  ...openByDirection,
  path: '/api/app/coin/contract/close',
  summary: 'Close a position by direction (3 long, 4 short), reduce-only; 1 and 2 open',
});

export const cancelPerpOrder = endpoint({
  method: 'POST',
  path: '/api/contract/order/canCelOrder',
  auth: 'user',
  query: s('perpIdQuery'),
  response: type<PerpOrder>(),
  errors: ['orderNotFound', 'orderNotOpen'],
  summary: 'Cancel one of your open contract orders; its margin comes back',
  tags,
});

export const perpOrders = endpoint({
  method: 'POST',
  path: '/api/contract/order/list',
  auth: 'user',
  query: s('perpOrderListQuery'),
  response: type<Page<PerpOrder>>(),
  errors: [],
  summary: 'Your contract orders, open or finished, newest first',
  tags,
});

export const entrustlogContract = endpoint({
  ...perpOrders,
  path: '/api/app/coin/entrustlogContract',
  summary: 'Your contract orders (the coin family’s name for contract/order/list)',
});

export const positions = endpoint({
  method: 'POST',
  path: '/api/contract/position/list',
  auth: 'user',
  query: s('perpKindQuery'),
  response: type<PerpPosition[]>(),
  errors: [],
  summary: 'Your open positions with mark, margin, margin ratio, liquidation price, PnL, TP/SL and ADL rank',
  tags,
});

export const myPosition = endpoint({
  ...positions,
  path: '/api/app/coin/myPosition',
  summary: 'Your open positions (the coin family’s name for contract/position/list)',
});

export const closePosition = endpoint({
  method: 'POST',
  path: '/api/contract/position/stopOrder',
  auth: 'user',
  query: s('perpIdQuery'),
  response: type<PerpOrder>(),
  errors: ['perpNoPosition', 'perpNoPrice', 'perpInLiquidation'],
  summary: 'Close a whole position at market',
  tags,
});

export const adjustMargin = endpoint({
  method: 'POST',
  path: '/api/contract/position/adjustAmount',
  auth: 'user',
  query: s('adjustMarginQuery'),
  response: type<PerpPosition>(),
  errors: [
    'perpNoPosition',
    'perpNotIsolated',
    'perpMarginReduceTooMuch',
    'insufficientBalance',
    'invalidNumber',
    'tooPrecise',
    'tooLarge',
    'mustBePositive',
  ],
  summary: 'Add margin to an isolated position (flag 1) or take some back (flag 2)',
  tags,
});

export const updateBond = endpoint({
  ...adjustMargin,
  path: '/api/app/coin/updateBond',
  summary: 'Add or reduce isolated margin (the coin family’s name for contract/position/adjustAmount)',
});

export const stopOrders = endpoint({
  method: 'POST',
  path: '/api/contract/loss/list',
  auth: 'user',
  query: s('stopListQuery'),
  response: type<StopOrder[]>(),
  errors: [],
  summary: 'Your take-profit and stop-loss orders, active ones first',
  tags,
});

export const setStopOrder = endpoint({
  method: 'POST',
  path: '/api/contract/loss/sett',
  auth: 'user',
  body: s('stopOrderBody'),
  response: type<StopOrder>(),
  errors: [
    'perpUnknownContract',
    'perpNoPosition',
    'perpStopWrongSide',
    'perpStopBeyondLiquidation',
    'perpNoPrice',
    'invalidNumber',
    'tooPrecise',
    'tooLarge',
    'mustBePositive',
    'offTick',
  ],
  summary: 'Set (or replace) the take-profit or stop-loss of a position, triggered by the mark or the last price',
  tags,
});

export const cancelStopOrder = endpoint({
  method: 'POST',
  path: '/api/contract/loss/cancel',
  auth: 'user',
  query: s('perpIdQuery'),
  response: type<StopOrder>(),
  errors: ['perpStopNotFound'],
  summary: 'Cancel an active take-profit or stop-loss',
  tags,
});

export const closePositionPart = endpoint({
  method: 'POST',
  path: '/api/contract/position/close',
  auth: 'user',
  body: s('positionCloseBody'),
  response: type<PerpOrder>(),
  errors: [...orderErrors, 'perpCloseOverPosition'],
  summary:
    'Close part or all of a position from its row: a reduce-only limit at your price, or at market; no more than the position',
  tags,
});

export const trailingStops = endpoint({
  method: 'POST',
  path: '/api/contract/trailing/list',
  auth: 'user',
  query: s('stopListQuery'),
  response: type<TrailingStop[]>(),
  errors: [],
  summary: 'Your trailing stops with their current working price, active ones first',
  tags,
});

export const setTrailingStop = endpoint({
  method: 'POST',
  path: '/api/contract/trailing/sett',
  auth: 'user',
  body: s('trailingBody'),
  response: type<TrailingStop>(),
  errors: [
    'perpUnknownContract',
    'perpNoPosition',
    'perpNoPrice',
    'perpReduceOnlyWouldIncrease',
    'perpCloseOverPosition',
    'perpTrailingCallbackRange',
    'perpTrailingActivationWrongSide',
    'perpTrailingTooMany',
    'orderFieldRequired',
    'invalidNumber',
    'tooPrecise',
    'tooLarge',
    'mustBePositive',
  ],
  summary:
    'Place a trailing stop on a position: it follows the best mark or last price since activation and closes at market (reduce-only) when the price falls back by the callback rate (0.1%–5%)',
  tags,
});

export const cancelTrailingStop = endpoint({
  method: 'POST',
  path: '/api/contract/trailing/cancel',
  auth: 'user',
  query: s('perpIdQuery'),
  response: type<TrailingStop>(),
  errors: ['perpTrailingNotFound'],
  summary: 'Cancel one of your active trailing stops',
  tags,
});

export const conditionalOrders = endpoint({
  method: 'POST',
  path: '/api/contract/conditional/list',
  auth: 'user',
  query: s('stopListQuery'),
  response: type<PerpConditional[]>(),
  errors: [],
  summary: 'Your conditional orders with a quantity (stop-limit and stop-market), newest first',
  tags,
});

export const setConditionalOrder = endpoint({
  method: 'POST',
  path: '/api/contract/conditional/sett',
  auth: 'user',
  body: s('conditionalBody'),
  response: type<PerpConditional>(),
  errors: [
    'perpUnknownContract',
    'perpNoPrice',
    'perpTriggerMustBeAbove',
    'perpTriggerMustBeBelow',
    'perpConditionalTooMany',
    'orderFieldRequired',
    'invalidNumber',
    'tooPrecise',
    'tooLarge',
    'mustBePositive',
  ],
  summary:
    'Place a conditional order with a quantity: a stop-limit (STOP, TAKE_PROFIT) or stop-market order by the mark or last price, holding nothing until it fires (margin is checked then)',
  tags,
});

export const cancelConditionalOrder = endpoint({
  method: 'POST',
  path: '/api/contract/conditional/cancel',
  auth: 'user',
  query: s('perpIdQuery'),
  response: type<PerpConditional>(),
  errors: ['perpConditionalNotFound'],
  summary: 'Cancel one of your active conditional orders',
  tags,
});

export const updateLeverage = endpoint({
  method: 'POST',
  path: '/api/app/coin/contract/updateLeverageRadio',
  auth: 'user',
  body: s('leverageBody'),
  response: type<LeverageSetting>(),
  errors: [
    'perpUnknownContract',
    'perpLeverageOutOfRange',
    'perpLeverageUnsafe',
    'perpMarginModeLocked',
    'perpSizeOverBracket',
  ],
  summary: 'Set the leverage and margin mode of a contract (the mode only while you have no position or order on it)',
  tags,
});

export const leverageSettings = endpoint({
  method: 'GET',
  path: '/api/perpetual/settings',
  auth: 'user',
  query: s('contractKindQuery'),
  response: type<LeverageSetting[]>(),
  errors: [],
  summary: 'Your leverage and margin mode on every contract',
  tags,
});

export const closeAll = endpoint({
  method: 'POST',
  path: '/api/app/coin/close/onekey',
  auth: 'user',
  body: s('closeAllBody'),
  response: type<{ closed: number; cancelled: number }>(),
  errors: ['perpNoPrice'],
  summary: 'Cancel your open orders and close every position of the listed contracts (or of one type) at market',
  tags,
});

export const orderPreview = endpoint({
  method: 'POST',
  path: '/api/perpetual/preview',
  auth: 'user',
  body: s('previewBody'),
  response: type<OrderPreview>(),
  errors: ['perpUnknownContract', 'perpNoPrice', 'invalidNumber', 'tooPrecise', 'tooLarge', 'mustBePositive'],
  summary: 'What an order would hold as margin, and the largest quantity you could open',
  tags,
});

export const perpAccounts = endpoint({
  method: 'GET',
  path: '/api/perpetual/account',
  auth: 'user',
  query: s('perpKindQuery'),
  response: type<PerpAccount[]>(),
  errors: [],
  summary:
    'Your contract accounts per margin asset: wallet and margin balance, margins, PnL, available and transferable',
  tags,
});

export const liquidations = endpoint({
  method: 'GET',
  path: '/api/perpetual/liquidations',
  auth: 'user',
  query: s('perpKindQuery'),
  response: type<Liquidation[]>(),
  errors: [],
  summary: 'Your liquidations and auto-deleveragings, newest first',
  tags,
});

export const insuranceFund = endpoint({
  method: 'GET',
  path: '/api/perpetual/insurance-fund',
  auth: 'none',
  query: s('insuranceFundQuery'),
  response: type<InsuranceFund>(),
  errors: [],
  summary:
    'The insurance fund: its balance per margin asset, and every intake (liquidation fees, funding remainders, top-ups) and payout (losses past a position’s margin, margin shortfalls), newest first',
  tags,
});
