/**
 * Spot trading and market data (docs/requirements.md §7 "Market and trading"). The `{apiRequestHead}` of the
 * requirements' coin family is `app`: `/api/app/coin/…`; `open/` calls are public. Placing, cancelling and the order
 * history answer under two names each: the currency family's and the coin family's (aliases share their schemas and
 * handler).
 */
import { endpoint, schemasIn, type } from './endpoint.ts';
import type {
  CoinList,
  DepthSnapshot,
  InitData,
  Kline,
  MarketEntry,
  OrderFills,
  OrderSymbol,
  PlacedOcoView,
  PlacedTpSlView,
  PriceComparison,
  PriceInfo,
  PublicTrade,
  SpotConditional,
  SpotOrder,
  UserFill,
} from './spot.ts';
import type { Page } from './wallet.ts';

const s = schemasIn('spot');
const tags = ['spot'];

export const coinList = endpoint({
  method: 'POST',
  path: '/api/common/getCoinList',
  auth: 'none',
  response: type<CoinList>(),
  errors: [],
  summary: 'Markets by product: coinList (second contracts), currencyList (spot), contractList (perpetuals)',
  tags,
});

export const mt5Amount = endpoint({
  method: 'POST',
  path: '/api/common/getMt5Amount',
  auth: 'none',
  query: s('mt5Query'),
  response: type<PriceInfo>(),
  errors: ['unknownMarket'],
  summary: 'Latest quote of a foreign-exchange or metal instrument (coinType 3)',
  tags,
});

export const spotGoods = endpoint({
  method: 'POST',
  path: '/api/app/coin/open/getSpotGoods',
  auth: 'none',
  body: s('spotGoodsBody'),
  response: type<MarketEntry[]>(),
  errors: [],
  summary: 'Market entries with tickers, optionally for a list of symbols',
  tags,
});

export const initData = endpoint({
  method: 'GET',
  path: '/api/app/coin/market/initData',
  auth: 'none',
  query: s('initDataQuery'),
  response: type<InitData>(),
  errors: [],
  summary: 'Everything a trade screen starts with',
  tags,
});

export const ticker = endpoint({
  method: 'GET',
  path: '/api/app/coin/market/ticker',
  auth: 'none',
  query: s('symbolQuery'),
  response: type<PriceInfo>(),
  errors: ['unknownMarket'],
  summary: '24-hour price info (docs/requirements.md §3)',
  tags,
});

export const kline = endpoint({
  method: 'GET',
  path: '/api/app/coin/market/kline',
  auth: 'none',
  query: s('klineQuery'),
  response: type<Kline[]>(),
  errors: ['unknownMarket'],
  summary: 'Candles: [openTime, open, high, low, close, volume, quoteVolume, trades]',
  tags,
});

export const depth = endpoint({
  method: 'GET',
  path: '/api/app/coin/market/depth',
  auth: 'none',
  query: s('depthQuery'),
  response: type<DepthSnapshot>(),
  errors: ['unknownMarket', 'offTick'],
  summary: 'Order book grouped by a price step',
  tags,
});

export const trades = endpoint({
  method: 'GET',
  path: '/api/app/coin/market/trades',
  auth: 'none',
  query: s('symbolQuery'),
  response: type<PublicTrade[]>(),
  errors: ['unknownMarket'],
  summary: 'The latest trades of a market, newest first',
  tags,
});

export const submitOrder = endpoint({
  method: 'POST',
  path: '/api/currency/order/submit',
  auth: 'user',
  body: s('submitOrderBody'),
  response: type<SpotOrder>(),
  errors: [
    'unknownMarket',
    'marketClosed',
    'orderFieldRequired',
    'invalidNumber',
    'tooPrecise',
    'tooLarge',
    'mustBePositive',
    'offTick',
    'offLot',
    'belowMinQty',
    'belowMinNotional',
    'postOnlyMarket',
    'orderRejected',
    'priceOutOfBand',
    'insufficientBalance',
  ],
  summary: 'Place a spot order (currency/order/submit = coin/entrust/exchange)',
  tags,
});
export const entrustExchange = endpoint({ ...submitOrder, path: '/api/app/coin/entrust/exchange' });

export const cancelOrder = endpoint({
  method: 'POST',
  path: '/api/currency/order/cancelOrder',
  auth: 'user',
  query: s('orderIdQuery'),
  response: type<SpotOrder>(),
  errors: ['orderNotFound', 'orderNotOpen'],
  summary: 'Cancel one of your open orders (currency/order/cancelOrder = coin/cancel/entrust)',
  tags,
});
export const cancelEntrust = endpoint({ ...cancelOrder, path: '/api/app/coin/cancel/entrust' });

export const cancelAll = endpoint({
  method: 'POST',
  path: '/api/currency/order/cancelAll',
  auth: 'user',
  query: s('optionalSymbolQuery'),
  response: type<{ cancelled: number }>(),
  errors: ['unknownMarket'],
  summary: 'Cancel all your open orders (in one market, or everywhere)',
  tags,
});

export const orderList = endpoint({
  method: 'POST',
  path: '/api/currency/order/orderList',
  auth: 'user',
  query: s('orderListQuery'),
  response: type<Page<SpotOrder>>(),
  errors: [],
  summary: 'Your open orders or order history',
  tags,
});
export const entrustLog = endpoint({
  ...orderList,
  path: '/api/app/coin/entrust/entrustlog',
  summary: 'Order history (alias of orderList with state=history)',
});

export const myExchangeLog = endpoint({
  method: 'POST',
  path: '/api/app/coin/entrust/myExchangeLog',
  auth: 'user',
  query: s('orderListQuery'),
  response: type<Page<UserFill>>(),
  errors: [],
  summary: 'Your fills (trades), newest first',
  tags,
});

export const getOptional = endpoint({
  method: 'GET',
  path: '/api/app/coin/quotes/getOptional',
  auth: 'user',
  response: type<string[]>(),
  errors: [],
  summary: 'Your watchlist',
  tags,
});

export const addOptional = endpoint({
  method: 'POST',
  path: '/api/app/coin/quotes/addOptional',
  auth: 'user',
  query: s('symbolQuery'),
  response: type<null>(),
  errors: ['unknownMarket'],
  summary: 'Add a market to your watchlist',
  tags,
});
export const cancelOptional = endpoint({
  ...addOptional,
  path: '/api/app/coin/quotes/cancelOptional',
  summary: 'Remove a market from your watchlist',
});

export const transaction = endpoint({
  method: 'POST',
  path: '/api/app/coin/open/transaction',
  auth: 'none',
  body: s('transactionBody'),
  response: type<PublicTrade[]>(),
  errors: ['unknownMarket'],
  summary: 'The latest trades of a market, newest first',
  tags,
});

export const pairTransaction = endpoint({
  method: 'GET',
  path: '/api/app/coin/open/transaction/:coin/:currency',
  auth: 'none',
  params: s('transactionParams'),
  query: s('transactionQuery'),
  response: type<PublicTrade[]>(),
  errors: ['unknownMarket'],
  summary: 'The latest trades of the pair {coin}/{currency} (BTC/USDT), newest first',
  tags,
});

export const orderDetails = endpoint({
  method: 'POST',
  path: '/api/app/coin/transaction/details',
  auth: 'user',
  query: s('orderFillsQuery'),
  response: type<OrderFills>(),
  errors: ['orderNotFound'],
  summary: 'One of your orders with its fills, oldest first',
  tags,
});

export const priceComparison = endpoint({
  method: 'POST',
  path: '/api/app/coin/open/getPriceComparison',
  auth: 'none',
  body: s('priceComparisonBody'),
  response: type<PriceComparison[]>(),
  errors: [],
  summary: 'Last trade price against the index price and the limit-price band, per spot market',
  tags,
});

export const entrustLogCurrency = endpoint({
  method: 'POST',
  path: '/api/app/coin/entrust/getEntrustLogCurrency',
  auth: 'user',
  response: type<OrderSymbol[]>(),
  errors: [],
  summary: 'The pairs you have orders on, with counts, most recent first',
  tags,
});

const CONDITIONAL_ERRORS = [
  'unknownMarket',
  'marketClosed',
  'orderFieldRequired',
  'invalidNumber',
  'tooPrecise',
  'tooLarge',
  'mustBePositive',
  'offTick',
  'offLot',
  'belowMinQty',
  'belowMinNotional',
  'priceOutOfBand',
  'insufficientBalance',
  'noLastPrice',
  'triggerMustBeAbove',
  'triggerMustBeBelow',
] as const;

export const submitStop = endpoint({
  method: 'POST',
  path: '/api/currency/order/stop',
  auth: 'user',
  body: s('submitStopBody'),
  response: type<SpotConditional>(),
  errors: [...CONDITIONAL_ERRORS],
  summary: 'Place a stop-loss or take-profit order (limit or market), held until the last price reaches its trigger',
  tags,
});

export const submitOco = endpoint({
  method: 'POST',
  path: '/api/currency/order/oco',
  auth: 'user',
  body: s('submitOcoBody'),
  response: type<PlacedOcoView>(),
  errors: [...CONDITIONAL_ERRORS, 'ocoLimitMustBeAbove', 'ocoLimitMustBeBelow', 'ocoLimitWouldTake'],
  summary: 'Place an OCO: a limit order and a stop-loss, one cancelling the other',
  tags,
});

export const submitTpSl = endpoint({
  method: 'POST',
  path: '/api/currency/order/tpsl',
  auth: 'user',
  body: s('submitTpSlBody'),
  response: type<PlacedTpSlView>(),
  errors: [...CONDITIONAL_ERRORS, 'tpslPriceOrder'],
  summary: 'Place a limit buy with a take-profit and a stop-loss, sold as an OCO once the buy fills',
  tags,
});

export const cancelStop = endpoint({
  method: 'POST',
  path: '/api/currency/order/cancelStop',
  auth: 'user',
  query: s('orderIdQuery'),
  response: type<SpotConditional>(),
  errors: ['orderNotFound', 'orderNotOpen'],
  summary: 'Cancel one of your conditional orders (an OCO leg cancels the whole OCO)',
  tags,
});

export const cancelOrderList = endpoint({
  method: 'POST',
  path: '/api/currency/order/cancelList',
  auth: 'user',
  query: s('orderListIdQuery'),
  response: type<SpotConditional>(),
  errors: ['orderNotFound', 'orderNotOpen'],
  summary: 'Cancel one of your OCOs or TP/SLs by its list id',
  tags,
});

export const stopList = endpoint({
  method: 'POST',
  path: '/api/currency/order/stopList',
  auth: 'user',
  query: s('stopListQuery'),
  response: type<Page<SpotConditional>>(),
  errors: [],
  summary: 'Your open conditional orders (waiting, pending) or the ended ones',
  tags,
});
