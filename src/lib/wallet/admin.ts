import { request } from '../api/client.ts';
import * as api from '../../../isomorphic/contract/admin.endpoints.ts';
import type { ExchangeRateItem, ReviewStatus } from '../../../isomorphic/contract/wallet.ts';

/** The operator console's calls (operators only; the server answers 403 to anyone else). */
export const rechargeQueue = (status: ReviewStatus) => request(api.rechargeQueue, { query: { status } });
export const withdrawalQueue = (status: ReviewStatus) => request(api.withdrawalQueue, { query: { status } });
export const reviewRecharge = (id: number, approve: boolean, reason?: string) => request(api.reviewRecharge, { body: { id, approve, reason } });
export const reviewWithdrawal = (id: number, approve: boolean, reason?: string) => request(api.reviewWithdrawal, { body: { id, approve, reason } });
export const auditLog = () => request(api.auditLog, { query: { size: 100 } });
export const saveRates = (rates: Array<Omit<ExchangeRateItem, 'exchange_value'>>) => request(api.setRates, { body: { rates } });
export const outbox = (page = 1) => request(api.outbox, { query: { page, size: 50 } });
export const swapDesk = () => request(api.swapDesk);
export const fundSwapDesk = (coin: string, amount: string) => request(api.fundSwapDesk, { body: { coin, amount } });
export const setSwapLimit = (coin: string, maxPerSwap: string) => request(api.setSwapLimit, { body: { coin, maxPerSwap } });
