/**
 * The staking and finance screens' calls (isomorphic/contract/earn.endpoints.ts): the products of a list, one product,
 * subscribing, the redemption preview and the redemption, the user's orders and what ended orders paid.
 */
import { request } from '../api/client.ts';
import { serverTime } from '../../../isomorphic/contract/api-keys.endpoints.ts';
import * as earn from '../../../isomorphic/contract/earn.endpoints.ts';
import type { EarnKind, EarnOrderState } from '../../../isomorphic/contract/earn.ts';
import { termOf } from '../../../isomorphic/earn/interest.ts';

export const ORDERS_PAGE_SIZE = 10;

export const productsOf = (x: 'pledge' | 'finance') => request(earn.productList, { params: { x } });
export const productOf = (id: number) => request(earn.productDetail, { query: { id }, quiet: true });
export const subscribeTo = (productId: number, amount: string) => request(earn.subscribeEarn, { body: { productId, amount }, quiet: true });
export const previewRedeem = (id: number) => request(earn.redeemPreview, { query: { id }, quiet: true });
export const redeemOrder = (id: number) => request(earn.redeemEarn, { body: { id }, quiet: true });
export const ordersOf = (kind: EarnKind | undefined, state: EarnOrderState | undefined, page: number, size = ORDERS_PAGE_SIZE) =>
  request(earn.earnOrders, { query: { ...(kind ? { kind } : {}), ...(state ? { state } : {}), page, size } });
export const incomeOf = (page: number) => request(earn.personalIncome, { query: { page, size: ORDERS_PAGE_SIZE } });

/** When interest would start for a subscription made now: 00:00 UTC after the server's today (its clock decides, not the browser's). */
export async function firstAccrualAt(): Promise<number> {
  const { serverTime: now } = await request(serverTime, { quiet: true });
  return termOf(now, 1).beginAt;
}
