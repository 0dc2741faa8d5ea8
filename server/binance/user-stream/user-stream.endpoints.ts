import type { DoorEndpoint } from '../door.ts';

/**
 * The listen-key calls (developers.binance.com, spot "User Data Stream Endpoints" and USDⓈ-M futures "User Data
 * Streams"): the API key only (USER_STREAM), with Binance's weights.
 */
const stream = (method: DoorEndpoint['method'], path: string, weight: number): DoorEndpoint => ({
  method,
  path,
  security: 'USER_STREAM',
  weight,
});

export const spotOpen = stream('POST', '/api/v3/userDataStream', 2);
export const spotKeepAlive = stream('PUT', '/api/v3/userDataStream', 2);
export const spotClose = stream('DELETE', '/api/v3/userDataStream', 2);
export const futuresOpen = stream('POST', '/fapi/v1/listenKey', 1);
export const futuresKeepAlive = stream('PUT', '/fapi/v1/listenKey', 1);
export const futuresClose = stream('DELETE', '/fapi/v1/listenKey', 1);

export const USER_STREAM_ENDPOINTS: DoorEndpoint[] = [
  spotOpen,
  spotKeepAlive,
  spotClose,
  futuresOpen,
  futuresKeepAlive,
  futuresClose,
];
