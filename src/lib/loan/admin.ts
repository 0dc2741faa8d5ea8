/** The operators' side of power loans (console, Loans tab): the review queue, decisions, products and pools. */
import { request } from '../api/client.ts';
import * as api from '../../../isomorphic/contract/loan.endpoints.ts';
import type { LoanProduct } from '../../../isomorphic/contract/loan.ts';

export type QueueState = 'pending' | 'passed' | 'failed';

export const loanQueue = (state: QueueState, page = 1) => request(api.loanQueue, { query: { state, page, size: 20 } });
export const reviewLoan = (id: number, approve: boolean, reason?: string) => request(api.reviewLoan, { body: { id, approve, ...(reason ? { reason } : {}) } });
export const loanSetup = () => request(api.loanAdmin);
export const fundLoanPool = (coin: string, amount: string) => request(api.fundLoanPool, { body: { coin, amount } });

export type ProductDraft = Omit<LoanProduct, 'id' | 'repayTypes'> & { id?: number };
export const saveLoanProduct = (p: ProductDraft) =>
  request(api.saveLoanProduct, {
    body: { ...(p.id === undefined ? {} : { id: p.id }), name: p.name, coin: p.coin, dailyRate: p.dailyRate, overdueRate: p.overdueRate, cycles: p.cycles, minAmount: p.minAmount, maxAmount: p.maxAmount, institution: p.institution, open: p.open },
  });
