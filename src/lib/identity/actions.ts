import { atom, onMount, readonlyType } from 'nanostores';
import { keyed, remote } from '../stores/remote.ts';
import { request } from '../api/client.ts';
import * as api from '../../../isomorphic/contract/identity.endpoints.ts';
import type {
  AdvancedKycBody,
  BankCardBody,
  BankCardView,
  IdentityState,
  KycRecord,
  KycStatus,
  PaymentBody,
  PaymentMethod,
  PrimaryKycBody,
  WithdrawLimitsBody,
} from '../../../isomorphic/contract/identity.ts';

/** The signed-in user's verification level, latest submissions, bank-card state and withdrawal limit. */
const identity = atom<IdentityState | null>(null);
/** The bound bank card (null: none), or undefined until loaded. */
const bankCard = atom<BankCardView | null | undefined>(undefined);
const payments = atom<PaymentMethod[] | null>(null);
export const $identity = readonlyType(identity);
export const $bankCard = readonlyType(bankCard);
export const $payments = readonlyType(payments);

const inBrowser = typeof window !== 'undefined';

async function loadIdentity(): Promise<void> {
  identity.set(await request(api.memberData, { params: { key: 'kyc' } }));
}
async function loadBankCard(): Promise<void> {
  bankCard.set(await request(api.bankCard));
}
async function loadPayments(): Promise<void> {
  payments.set(await request(api.payments));
}

onMount(identity, () => void (inBrowser && loadIdentity().catch(() => {})));
onMount(bankCard, () => void (inBrowser && loadBankCard().catch(() => {})));
onMount(payments, () => void (inBrowser && loadPayments().catch(() => {})));

export async function submitPrimary(body: PrimaryKycBody): Promise<KycRecord> {
  const record = await request(api.submitPrimaryKyc, { body });
  await loadIdentity();
  return record;
}

export async function submitAdvanced(body: AdvancedKycBody): Promise<KycRecord> {
  const record = await request(api.submitAdvancedKyc, { body });
  await loadIdentity();
  return record;
}

export async function bindBankCard(body: BankCardBody): Promise<void> {
  bankCard.set(await request(api.saveBankCard, { body }));
  await loadIdentity();
}

export async function savePayment(body: PaymentBody): Promise<void> {
  await request(api.savePayment, { body });
  await loadPayments();
}

export async function deletePayment(id: number): Promise<void> {
  await request(api.deletePayment, { query: { id } });
  await loadPayments();
}

/** The console's side (operators only): the verification queue and the withdrawal limit of each level. */
const reviewed = atom(0);
/** The submissions in a review state; again after each decision. A failed load reads as none. */
export const kycQueueStore = keyed(
  (status: KycStatus) =>
    remote(
      () =>
        request(api.kycQueue, { query: { status } }).then(
          (p) => p.records,
          () => [],
        ),
      { deps: [reviewed] },
    ).$value,
);
export async function reviewKyc(id: number, approve: boolean, reason?: string): Promise<void> {
  await request(api.reviewKyc, { body: { id, approve, reason } });
  reviewed.set(reviewed.get() + 1);
}

const limits = remote(() => request(api.withdrawLimits));
/** The 24-hour withdrawal limit of levels 0, 1 and 2. */
export const $withdrawLimits = limits.$value;
export async function setWithdrawLimits(body: WithdrawLimitsBody): Promise<void> {
  limits.put(await request(api.setWithdrawLimits, { body }));
}
