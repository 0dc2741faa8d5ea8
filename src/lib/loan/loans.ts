/**
 * Power loans for the user (docs/requirements.md §2 /loan/index and /loan/order): the products open for applications,
 * the repayment types of t_repay_type, applying with three ID photos, the user's loans with what each owes now, and
 * repaying. Stores load on their first listener; each action answers the loan as it is now and reloads the list, and
 * the list follows the user's refresh topic while it is shown.
 */
import { atom, onMount, type ReadableAtom } from 'nanostores';
import { request } from '../api/client.ts';
import * as api from '../../../isomorphic/contract/loan.endpoints.ts';
import type { LoanProduct, LoanRecord, RepayType, RepayTypeItem } from '../../../isomorphic/contract/loan.ts';
import { STOMP_DESTINATION, type RefreshMessage } from '../../../isomorphic/contract/private-feed.ts';
import { userStomp } from '../feed/user-stomp.ts';
import { latest, throttle, type LoadStatus } from '../perpetual-assets/remote.ts';
import { $isLogin } from '../stores/session.ts';
import { uploadImage } from '../wallet/actions.ts';

const inBrowser = typeof window !== 'undefined';

interface CatalogView {
  products: LoanProduct[];
  repayTypes: RepayTypeItem[];
  status: LoadStatus;
  error: string;
}

const catalog = atom<CatalogView>({ products: [], repayTypes: [], status: 'idle', error: '' });
/** The products open for applications and the repayment types, in the page's language. */
export const $loanCatalog: ReadableAtom<CatalogView> = catalog;

async function loadCatalog(): Promise<void> {
  catalog.set({ ...catalog.get(), status: 'loading' });
  try {
    const [products, repayTypes] = await Promise.all([
      request(api.loanList, { quiet: true }),
      request(api.repayTypes, { quiet: true }),
    ]);
    catalog.set({ products, repayTypes, status: 'ready', error: '' });
  } catch (e) {
    catalog.set({ ...catalog.get(), status: 'error', error: e instanceof Error ? e.message : '' });
  }
}
onMount(catalog, () => void (inBrowser && loadCatalog()));

export const LOANS_PAGE_SIZE = 10;

interface LoansView {
  page: number;
  records: LoanRecord[];
  total: number;
  status: LoadStatus;
  error: string;
}

const loans = atom<LoansView>({ page: 1, records: [], total: 0, status: 'idle', error: '' });
/** The user's applications and loans, newest first. */
export const $myLoans: ReadableAtom<LoansView> = loans;
const loanCalls = latest();

export async function loadMyLoans(page = loans.get().page, opts: { quiet?: boolean } = {}): Promise<void> {
  const ticket = loanCalls.next();
  if (!opts.quiet) loans.set({ ...loans.get(), page, status: 'loading' });
  try {
    const answer = await request(api.myLoans, { query: { page, size: LOANS_PAGE_SIZE }, quiet: true });
    if (loanCalls.isCurrent(ticket))
      loans.set({ page, records: answer.records, total: answer.total, status: 'ready', error: '' });
  } catch (e) {
    if (loanCalls.isCurrent(ticket))
      loans.set({ ...loans.get(), status: 'error', error: e instanceof Error ? e.message : '' });
  }
}
onMount(loans, () => {
  if (!inBrowser || !$isLogin.get()) return;
  void loadMyLoans(1);
  // An operator's review, the payout and the overdue job tell the user's refresh topic (server/loan/loan.feature.ts):
  // the list follows them without a reload, and loads again after a reconnect, when a push may have been missed.
  const again = throttle(() => void loadMyLoans(undefined, { quiet: true }), 1_000);
  const off = userStomp.listen({
    topics: (user) => [STOMP_DESTINATION.refresh(user.id)],
    onMessage: (m) => (m as RefreshMessage).kind === 'assets' && again(),
    onConnect: again,
  });
  return () => {
    off();
    again.cancel();
  };
});

interface Application {
  productId: number;
  amount: string;
  cycleDays: number;
  repayType: RepayType;
  photos: { front: Blob; back: Blob; selfie: Blob };
}

/** Uploads the three ID photos (each the user's own upload, which only they and operators can see), then applies. */
export async function applyForLoan(a: Application): Promise<LoanRecord> {
  const [front, back, selfie] = await Promise.all(
    (['front', 'back', 'selfie'] as const).map(
      async (p) => (await uploadImage(a.photos[p], `${p}.${extensionOf(a.photos[p])}`)).id,
    ),
  );
  const record = await request(api.applyLoan, {
    body: {
      productId: a.productId,
      amount: a.amount,
      cycleDays: a.cycleDays,
      repayType: a.repayType,
      front: front!,
      back: back!,
      selfie: selfie!,
    },
  });
  void loadMyLoans(1, { quiet: true });
  return record;
}

/** Repays a loan in full (principal, interest to date and any penalty) from the spot account. */
export async function repayLoan(id: number): Promise<LoanRecord> {
  const record = await request(api.repayLoan, { body: { id } });
  void loadMyLoans(undefined, { quiet: true });
  return record;
}

/** One loan as it stands now, for the confirmation before repaying (the server's clock decides the days). */
export function loanNow(id: number): Promise<LoanRecord> {
  return request(api.loanDetail, { query: { id }, quiet: true });
}

const extensionOf = (b: Blob) =>
  ({ 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' })[b.type] ?? 'png';
