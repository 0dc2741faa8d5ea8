/** The operators' side of power loans (console, Loans tab): the review queue, decisions, products and pools. */
import { atom } from 'nanostores';
import { request } from '../api/client.ts';
import * as api from '../../../isomorphic/contract/loan.endpoints.ts';
import type { LoanProduct } from '../../../isomorphic/contract/loan.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { keyed, remote } from '../stores/remote.ts';

export type QueueState = 'pending' | 'passed' | 'failed';

const reviewed = atom(0);
/** The first page of applications in a state; again after each decision. A failed load reads as none. */
export const loanQueueStore = keyed(
  (state: QueueState) =>
    remote(
      () =>
        request(api.loanQueue, { query: { state, page: 1, size: 20 } }).then(
          (p) => p.records,
          () => [],
        ),
      { deps: [reviewed] },
    ).$value,
);
export async function reviewLoan(id: number, approve: boolean, reason?: string): Promise<void> {
  await request(api.reviewLoan, { body: { id, approve, ...(reason ? { reason } : {}) } });
  reviewed.set(reviewed.get() + 1);
}

const setup = remote(() => request(api.loanAdmin));
/** The loan products and pools; again after a product is saved or a pool funded. */
export const $loanSetup = setup.$value;

export async function fundLoanPool(coin: string, amount: string): Promise<void> {
  await request(api.fundLoanPool, { body: { coin, amount } });
  await setup.reload().catch(() => {});
}

/** The form: `name` and `institution` in English, `names` and `institutions` in the other languages. */
export type ProductDraft = Omit<LoanProduct, 'id' | 'repayTypes' | 'names' | 'institutions'> & {
  id?: number;
  names: Partial<Record<Locale, string>>;
  institutions: Partial<Record<Locale, string>>;
};
export async function saveLoanProduct(p: ProductDraft): Promise<void> {
  await request(api.saveLoanProduct, {
    body: {
      ...(p.id === undefined ? {} : { id: p.id }),
      name: p.name,
      coin: p.coin,
      dailyRate: p.dailyRate,
      overdueRate: p.overdueRate,
      cycles: p.cycles,
      minAmount: p.minAmount,
      maxAmount: p.maxAmount,
      institution: p.institution,
      open: p.open,
      names: p.names,
      institutions: p.institutions,
    },
  });
  await setup.reload().catch(() => {});
}
