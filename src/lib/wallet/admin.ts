import { atom } from 'nanostores';
import { request } from '../api/client.ts';
import * as api from '../../../isomorphic/contract/admin.endpoints.ts';
import type { ExchangeRateItem, ReviewStatus } from '../../../isomorphic/contract/wallet.ts';
import { translate } from '../i18n/client.ts';
import { keyed, remote } from '../stores/remote.ts';
import { showToast } from '../stores/toast.ts';
import { imageUrl } from './actions.ts';

/**
 * The operator console's wallet side (operators only; the server answers 403 to anyone else): the deposit and
 * withdrawal queues, the audit log, the outbox, the swap desk and the display rates. A list that fails to load
 * reads as empty; the API client has shown why.
 */
const reviewed = atom(0);

/** The deposits or withdrawals in a review state; again after each decision. */
export const reviewQueueStore = keyed(
  (kind: 'recharges' | 'withdrawals', status: ReviewStatus) =>
    remote(
      async () => {
        const page = await (kind === 'recharges'
          ? request(api.rechargeQueue, { query: { status } })
          : request(api.withdrawalQueue, { query: { status } })
        ).catch(() => ({ records: [] }));
        return page.records;
      },
      { deps: [reviewed] },
    ).$value,
);

export async function reviewRecharge(id: number, approve: boolean, reason?: string): Promise<void> {
  await request(api.reviewRecharge, { body: { id, approve, reason } });
  reviewed.set(reviewed.get() + 1);
}
export async function reviewWithdrawal(id: number, approve: boolean, reason?: string): Promise<void> {
  await request(api.reviewWithdrawal, { body: { id, approve, reason } });
  reviewed.set(reviewed.get() + 1);
}

/** The latest 100 audit entries. */
export const $auditLog = remote(() =>
  request(api.auditLog, { query: { size: 100 } }).then(
    (p) => p.records,
    () => [],
  ),
).$value;
/** The latest 50 messages the platform sent (codes and notices). */
export const $outbox = remote(() =>
  request(api.outbox, { query: { page: 1, size: 50 } }).then(
    (p) => p.records,
    () => [],
  ),
).$value;

export const saveRates = (rates: Array<Omit<ExchangeRateItem, 'exchange_value'>>) =>
  request(api.setRates, { body: { rates } });

const desk = remote(() => request(api.swapDesk).catch(() => []));
/** The swap desk's inventory and limit per coin. */
export const $swapDesk = desk.$value;
export async function fundSwapDesk(coin: string, amount: string): Promise<void> {
  desk.put(await request(api.fundSwapDesk, { body: { coin, amount } }));
}
export async function setSwapLimit(coin: string, maxPerSwap: string): Promise<void> {
  desk.put(await request(api.setSwapLimit, { body: { coin, maxPerSwap } }));
}

/** A deposit's payment screenshot as an object URL, once per page; a failure is said in a toast and not kept. */
export const screenshotStore = keyed(
  (id: string) =>
    remote(
      () =>
        imageUrl(id).catch((e: unknown) => {
          showToast('error', translate('common.operationFailed'));
          throw e;
        }),
      { once: true },
    ).$value,
);
