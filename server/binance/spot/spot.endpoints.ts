import type { DoorEndpoint } from '../door.ts';
import { weightBySymbols } from '../weights.ts';

/**
 * Binance's spot REST calls served under `/api/v3` (developers.binance.com, "Spot API"), with Binance's weights.
 * `depth` and `userDataStream` are served by their own modules.
 */
const get = (
  path: string,
  security: DoorEndpoint['security'],
  weight: DoorEndpoint['weight'],
  action?: DoorEndpoint['action'],
): DoorEndpoint => ({
  method: 'GET',
  path: `/api/v3/${path}`,
  security,
  weight,
  ...(action ? { action } : {}),
});

export const ping = get('ping', 'NONE', 1);
export const time = get('time', 'NONE', 1);
export const exchangeInfo = get('exchangeInfo', 'NONE', 20);
export const trades = get('trades', 'NONE', 25);
export const historicalTrades = get('historicalTrades', 'NONE', 25);
export const aggTrades = get('aggTrades', 'NONE', 2);
export const klines = get('klines', 'NONE', 2);
export const uiKlines = get('uiKlines', 'NONE', 2);
export const avgPrice = get('avgPrice', 'NONE', 2);
export const ticker24hr = get(
  'ticker/24hr',
  'NONE',
  weightBySymbols(2, 80, (n) => (n <= 20 ? 2 : n <= 100 ? 40 : 80)),
);
export const tickerPrice = get('ticker/price', 'NONE', weightBySymbols(2, 4));
export const bookTicker = get('ticker/bookTicker', 'NONE', weightBySymbols(2, 4));
export const rollingTicker = get(
  'ticker',
  'NONE',
  weightBySymbols(4, 200, (n) => Math.min(4 * n, 200)),
);

export const account = get('account', 'USER_DATA', 20);
export const commission = get('account/commission', 'USER_DATA', 20);
export const myTrades = get('myTrades', 'USER_DATA', 20);
export const queryOrder = get('order', 'USER_DATA', 4, 'query');
export const openOrders = get('openOrders', 'USER_DATA', weightBySymbols(6, 80));
export const allOrders = get('allOrders', 'USER_DATA', 20);
export const rateLimitOrder = get('rateLimit/order', 'USER_DATA', 40);
export const newOrder: DoorEndpoint = {
  method: 'POST',
  path: '/api/v3/order',
  security: 'TRADE',
  weight: 1,
  action: 'newOrder',
};
export const testOrder: DoorEndpoint = {
  method: 'POST',
  path: '/api/v3/order/test',
  security: 'TRADE',
  weight: 1,
  action: 'newOrder',
};
export const cancelReplace: DoorEndpoint = {
  method: 'POST',
  path: '/api/v3/order/cancelReplace',
  security: 'TRADE',
  weight: 1,
  action: 'newOrder',
};
export const cancelOrder: DoorEndpoint = {
  method: 'DELETE',
  path: '/api/v3/order',
  security: 'TRADE',
  weight: 1,
  action: 'cancel',
};
export const cancelOpenOrders: DoorEndpoint = {
  method: 'DELETE',
  path: '/api/v3/openOrders',
  security: 'TRADE',
  weight: 1,
  action: 'cancel',
};

/** Order lists (OCO): the current call and the older one Binance still serves. */
export const newOco: DoorEndpoint = {
  method: 'POST',
  path: '/api/v3/orderList/oco',
  security: 'TRADE',
  weight: 1,
  action: 'newOrder',
};
export const newOcoLegacy: DoorEndpoint = { ...newOco, path: '/api/v3/order/oco' };
export const queryOrderList = get('orderList', 'USER_DATA', 4, 'query');
export const openOrderList = get('openOrderList', 'USER_DATA', 6);
export const cancelOrderList: DoorEndpoint = {
  method: 'DELETE',
  path: '/api/v3/orderList',
  security: 'TRADE',
  weight: 1,
  action: 'cancel',
};

export const SPOT_ENDPOINTS: DoorEndpoint[] = [
  ping,
  time,
  exchangeInfo,
  trades,
  historicalTrades,
  aggTrades,
  klines,
  uiKlines,
  avgPrice,
  ticker24hr,
  tickerPrice,
  bookTicker,
  rollingTicker,
  account,
  commission,
  myTrades,
  queryOrder,
  openOrders,
  allOrders,
  rateLimitOrder,
  newOrder,
  testOrder,
  cancelReplace,
  cancelOrder,
  cancelOpenOrders,
  newOco,
  newOcoLegacy,
  queryOrderList,
  openOrderList,
  cancelOrderList,
];
