/** The operators' side of earn products (console, Earn tab): products with their obligations, and the pools. */
import { request } from '../api/client.ts';
import * as api from '../../../isomorphic/contract/earn.endpoints.ts';
import type { ProductBody } from '../../../isomorphic/contract/earn.ts';
import { remote } from '../stores/remote.ts';

// One call answers all three views; a setup that fails to load reads as empty.
const setup = remote(() => request(api.adminEarn).catch(() => ({ products: [], obligations: [], pools: [] })));
/** The products, what their open orders are owed, and the pools; again after each change. */
export const $earnSetup = setup.$value;

export async function saveEarnProduct(body: ProductBody): Promise<void> {
  await request(api.saveEarnProduct, { body });
  await setup.reload();
}
export async function fundEarnPool(coin: string, amount: string): Promise<void> {
  await request(api.fundEarnPool, { body: { coin, amount } });
  await setup.reload();
}
