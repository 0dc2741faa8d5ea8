/** The operators' side of earn products (console, Earn tab): products with their obligations, and the pools. */
import { request } from '../api/client.ts';
import * as api from '../../../isomorphic/contract/earn.endpoints.ts';
import type { ProductBody } from '../../../isomorphic/contract/earn.ts';

export const earnSetup = () => request(api.adminEarn);
export const saveEarnProduct = (body: ProductBody) => request(api.saveEarnProduct, { body });
export const fundEarnPool = (coin: string, amount: string) => request(api.fundEarnPool, { body: { coin, amount } });
