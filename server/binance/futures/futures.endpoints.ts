import type { DoorEndpoint } from '../door.ts';
import { weightBySymbols } from '../weights.ts';

/**
 * Binance's USDⓈ-M futures REST calls (developers.binance.com, "USDⓈ-M Futures", each endpoint's "Request Weight"),
 * under `/fapi/v1`, and under `/fapi/v2` and `/fapi/v3` where CCXT's binanceusdm reads the newer version.
 */
const get = (path: string, security: DoorEndpoint['security'], weight: DoorEndpoint['weight']): DoorEndpoint => ({
  method: 'GET',
  path,
  security,
  weight,
});

/** depth's weight grows with the levels asked for: 5–50 → 2, 100 → 5, 500 → 10, 1000 → 20. */
const depthWeight = (p: Record<string, string>) => {
  const limit = Number(p.limit ?? 500);
  return limit <= 50 ? 2 : limit <= 100 ? 5 : limit <= 500 ? 10 : 20;
};
/** klines' weight grows with `limit`: <100 → 1, <500 → 2, ≤1000 → 5, more → 10. */
const klinesWeight = (p: Record<string, string>) => {
  const limit = Number(p.limit ?? 500);
  return limit < 100 ? 1 : limit < 500 ? 2 : limit <= 1000 ? 5 : 10;
};

export const ping = get('/fapi/v1/ping', 'NONE', 1);
export const time = get('/fapi/v1/time', 'NONE', 1);
export const exchangeInfo = get('/fapi/v1/exchangeInfo', 'NONE', 1);
export const depth = get('/fapi/v1/depth', 'MARKET_DATA', depthWeight);
export const trades = get('/fapi/v1/trades', 'MARKET_DATA', 5);
export const klines = get('/fapi/v1/klines', 'MARKET_DATA', klinesWeight);
export const ticker24hr = get('/fapi/v1/ticker/24hr', 'MARKET_DATA', weightBySymbols(1, 40));
export const tickerPrice = get('/fapi/v1/ticker/price', 'MARKET_DATA', weightBySymbols(1, 2));
export const tickerPriceV2 = get('/fapi/v2/ticker/price', 'MARKET_DATA', weightBySymbols(1, 2));
export const bookTicker = get('/fapi/v1/ticker/bookTicker', 'MARKET_DATA', weightBySymbols(2, 5));
export const premiumIndex = get('/fapi/v1/premiumIndex', 'MARKET_DATA', 1);
export const fundingRate = get('/fapi/v1/fundingRate', 'MARKET_DATA', 1);
export const openInterest = get('/fapi/v1/openInterest', 'MARKET_DATA', 1);

export const accountV2 = get('/fapi/v2/account', 'USER_DATA', 5);
export const accountV3 = get('/fapi/v3/account', 'USER_DATA', 5);
export const balanceV2 = get('/fapi/v2/balance', 'USER_DATA', 5);
export const balanceV3 = get('/fapi/v3/balance', 'USER_DATA', 5);
export const positionRiskV2 = get('/fapi/v2/positionRisk', 'USER_DATA', 5);
export const positionRiskV3 = get('/fapi/v3/positionRisk', 'USER_DATA', 5);
export const newOrder: DoorEndpoint = {
  method: 'POST',
  path: '/fapi/v1/order',
  security: 'TRADE',
  weight: 1,
  action: 'newOrder',
};
export const queryOrder: DoorEndpoint = {
  ...get('/fapi/v1/order', 'USER_DATA', 1),
  action: 'query',
};
export const cancelOrder: DoorEndpoint = {
  method: 'DELETE',
  path: '/fapi/v1/order',
  security: 'TRADE',
  weight: 1,
  action: 'cancel',
};
/** openOrders costs 1 for one symbol, 40 for all. */
export const openOrders = get('/fapi/v1/openOrders', 'USER_DATA', weightBySymbols(1, 40));
export const cancelAllOpen: DoorEndpoint = {
  method: 'DELETE',
  path: '/fapi/v1/allOpenOrders',
  security: 'TRADE',
  weight: 1,
  action: 'cancel',
};
export const allOrders = get('/fapi/v1/allOrders', 'USER_DATA', 5);
/**
 * The algo calls (CCXT 4.5 sends conditional orders there). Binance charges a new algo order 0 on the IP limit (it
 * counts in the order-rate limits); the door has no order-rate limit, so it charges the order call's 1.
 */
export const newAlgoOrder: DoorEndpoint = {
  method: 'POST',
  path: '/fapi/v1/algoOrder',
  security: 'TRADE',
  weight: 1,
  action: 'newOrder',
};
export const queryAlgoOrder: DoorEndpoint = { ...get('/fapi/v1/algoOrder', 'USER_DATA', 1), action: 'query' };
export const cancelAlgoOrder: DoorEndpoint = {
  method: 'DELETE',
  path: '/fapi/v1/algoOrder',
  security: 'TRADE',
  weight: 1,
  action: 'cancel',
};
/** openAlgoOrders costs 1 for one symbol, 40 for all. */
export const openAlgoOrders = get('/fapi/v1/openAlgoOrders', 'USER_DATA', weightBySymbols(1, 40));
export const allAlgoOrders = get('/fapi/v1/allAlgoOrders', 'USER_DATA', 5);
export const cancelAllAlgoOpen: DoorEndpoint = {
  method: 'DELETE',
  path: '/fapi/v1/algoOpenOrders',
  security: 'TRADE',
  weight: 1,
  action: 'cancel',
};
export const leverage: DoorEndpoint = {
  method: 'POST',
  path: '/fapi/v1/leverage',
  security: 'TRADE',
  weight: 1,
};
export const marginType: DoorEndpoint = {
  method: 'POST',
  path: '/fapi/v1/marginType',
  security: 'TRADE',
  weight: 1,
};
export const dualGet = get('/fapi/v1/positionSide/dual', 'USER_DATA', 30);
export const dualPost: DoorEndpoint = {
  method: 'POST',
  path: '/fapi/v1/positionSide/dual',
  security: 'TRADE',
  weight: 1,
};

export const userTrades = get('/fapi/v1/userTrades', 'USER_DATA', 5);
export const income = get('/fapi/v1/income', 'USER_DATA', 30);
export const leverageBracket = get('/fapi/v1/leverageBracket', 'USER_DATA', 1);
export const commissionRate = get('/fapi/v1/commissionRate', 'USER_DATA', 20);

export const FUTURES_ENDPOINTS: DoorEndpoint[] = [
  ping,
  time,
  exchangeInfo,
  depth,
  trades,
  klines,
  ticker24hr,
  tickerPrice,
  tickerPriceV2,
  bookTicker,
  premiumIndex,
  fundingRate,
  openInterest,
  accountV2,
  accountV3,
  balanceV2,
  balanceV3,
  positionRiskV2,
  positionRiskV3,
  newOrder,
  queryOrder,
  cancelOrder,
  openOrders,
  cancelAllOpen,
  allOrders,
  newAlgoOrder,
  queryAlgoOrder,
  cancelAlgoOrder,
  openAlgoOrders,
  allAlgoOrders,
  cancelAllAlgoOpen,
  leverage,
  marginType,
  dualGet,
  dualPost,
  leverageBracket,
  commissionRate,
  userTrades,
  income,
];
