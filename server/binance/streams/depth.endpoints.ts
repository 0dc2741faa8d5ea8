import type { DoorEndpoint } from '../door.ts';

/** The most levels a depth snapshot gives each side (developers.binance.com, "Order book": limit max 5000). */
export const MAX_DEPTH_LIMIT = 5000;
export const DEFAULT_DEPTH_LIMIT = 100;

/** Binance's weight of `GET /api/v3/depth` by its limit: 1–100 → 5, 101–500 → 25, 501–1000 → 50, more → 250. */
export function depthWeight(params: Record<string, string>): number {
  const limit = Number(params.limit ?? DEFAULT_DEPTH_LIMIT);
  if (!(limit > 100)) return 5;
  if (limit <= 500) return 25;
  if (limit <= 1000) return 50;
  return 250;
}

/** The order book snapshot, `{lastUpdateId, bids, asks}` (developers.binance.com, "Order book"). */
export const depth: DoorEndpoint = {
  method: 'GET',
  path: '/api/v3/depth',
  security: 'NONE',
  weight: depthWeight,
};

export const STREAMS_ENDPOINTS: DoorEndpoint[] = [depth];
