/**
 * The staking and finance screens' calls (isomorphic/contract/earn.endpoints.ts) under their stores (./stores.ts):
 * the user's orders, and when interest would start.
 */
import { request } from '../api/client.ts';
import { serverTime } from '../../../isomorphic/contract/common.endpoints.ts';
import * as earn from '../../../isomorphic/contract/earn.endpoints.ts';
import type { EarnKind, EarnOrderState } from '../../../isomorphic/contract/earn.ts';
import { termOf } from '../../../isomorphic/earn/interest.ts';

export const ORDERS_PAGE_SIZE = 10;

export const ordersOf = (
  kind: EarnKind | undefined,
  state: EarnOrderState | undefined,
  page: number,
  size = ORDERS_PAGE_SIZE,
) => request(earn.earnOrders, { query: { ...(kind ? { kind } : {}), ...(state ? { state } : {}), page, size } });

/**
 * When interest would start for a subscription made now: 00:00 UTC after the server's today (its clock decides, not the
 * browser's).
 */
export async function firstAccrualAt(): Promise<number> {
  const { serverTime: now } = await request(serverTime, { quiet: true });
  return termOf(now, 1).beginAt;
}
