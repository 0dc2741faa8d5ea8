/**
 * OTC orders: one order on its page (/otc/order?id=) with the buyer's and seller's actions, and the lists of the
 * user's orders (/otc/ordinary) and of the orders on a merchant's ads (/merchant/deal). Every store loads again when
 * the refresh topic says OTC changed; each action answers the order as it is now, which the page shows at once.
 */
import { atom, onMount, type ReadableAtom } from 'nanostores';
import { request } from '../api/client.ts';
import * as api from '../../../isomorphic/contract/otc.endpoints.ts';
import type { OtcOrder } from '../../../isomorphic/contract/otc.ts';
import { latest, shownAs, type LoadStatus } from '../perpetual-assets/remote.ts';
import { $isLogin } from '../stores/session.ts';
import { uploadImage } from '../wallet/actions.ts';
import { followOtc } from './feed.ts';

export interface OrderView {
  order: OtcOrder | null;
  status: LoadStatus;
  error: string;
}

const orders = new Map<number, ReadableAtom<OrderView>>();
const writable = new Map<number, ReturnType<typeof atom<OrderView>>>();

/** One order, loaded while shown and again on every OTC push. */
export function orderStore(id: number): ReadableAtom<OrderView> {
  let store = orders.get(id);
  if (store) return store;
  const w = atom<OrderView>({ order: null, status: 'idle', error: '' });
  onMount(w, () => {
    if (typeof window === 'undefined' || !$isLogin.get()) return;
    void loadOrder(id);
    return followOtc(() => void loadOrder(id, { quiet: true }));
  });
  writable.set(id, w);
  orders.set(id, (store = w));
  return store;
}

/** Loads an order; a quiet reload keeps what is shown when it fails. */
async function loadOrder(id: number, opts: { quiet?: boolean } = {}): Promise<void> {
  const w = writable.get(id);
  if (!w) return;
  if (!opts.quiet) w.set({ ...w.get(), status: 'loading' });
  try {
    const order = await request(api.orderDetail, { query: { id }, quiet: true });
    w.set({ order, status: 'ready', error: '' });
  } catch (e) {
    if (!(opts.quiet && w.get().order))
      w.set({ order: null, status: 'error', error: e instanceof Error ? e.message : '' });
  }
}

/** Shows an order an action answered. */
function shown(order: OtcOrder): OtcOrder {
  writable.get(order.id)?.set({ order, status: 'ready', error: '' });
  return order;
}

/** An optional proof image uploaded first, as its upload id. */
async function proofId(file: File | null): Promise<string | undefined> {
  return file ? (await uploadImage(file, file.name || 'proof')).id : undefined;
}

/** Buyer: the fiat went out by one of the seller's methods, with an optional proof image. */
export async function markPaid(id: number, payment: number, proof: File | null): Promise<OtcOrder> {
  return shown(await request(api.markPaid, { body: { id, payment, proof: await proofId(proof) }, quiet: true }));
}

/** Buyer: cancel before paying; the escrow goes back to the seller. */
export async function cancelOrder(id: number): Promise<OtcOrder> {
  return shown(await request(api.cancelOrder, { body: { id }, quiet: true }));
}

/** Seller: the fiat arrived; the fund password guards the coins. */
export async function releaseOrder(id: number, fundPassword: string): Promise<OtcOrder> {
  return shown(await request(api.releaseOrder, { body: { id, fundPassword }, quiet: true }));
}

/** Either side of a paid order: ask an operator to rule, with a reason and an optional proof image. */
export async function appealOrder(id: number, reason: string, proof: File | null): Promise<OtcOrder> {
  return shown(await request(api.appealOrder, { body: { id, reason, proof: await proofId(proof) }, quiet: true }));
}

export type OrderRole = 'user' | 'merchant';
export type OrderListState = 'active' | 'done';
export const ORDERS_PAGE_SIZE = 10;

interface OrderListView {
  role: OrderRole;
  state: OrderListState;
  page: number;
  orders: OtcOrder[];
  total: number;
  status: LoadStatus;
  error: string;
}

const list = atom<OrderListView>({
  role: 'user',
  state: 'active',
  page: 1,
  orders: [],
  total: 0,
  status: 'idle',
  error: '',
});
/** The order list of the page (/otc/ordinary as user, /merchant/deal as merchant). */
export const $orderList: ReadableAtom<OrderListView> = list;

/** The order list of a role's page: showing it loads the active orders' first page. */
export function orderListStore(role: OrderRole): ReadableAtom<OrderListView> {
  return shownAs(role, list, () => loadOrderList(role, 'active', 1));
}
const listCalls = latest();

export async function loadOrderList(
  role: OrderRole,
  state: OrderListState,
  page: number,
  opts: { quiet?: boolean } = {},
): Promise<void> {
  const ticket = listCalls.next();
  const before = list.get();
  const same = before.role === role && before.state === state && before.page === page;
  list.set({
    ...before,
    role,
    state,
    page,
    status: opts.quiet && same ? before.status : 'loading',
    ...(same ? {} : { orders: [], total: 0 }),
  });
  try {
    const answer = await request(api.orderList, { query: { role, state, page, size: ORDERS_PAGE_SIZE }, quiet: true });
    if (listCalls.isCurrent(ticket))
      list.set({ role, state, page, orders: answer.records, total: answer.total, status: 'ready', error: '' });
  } catch (e) {
    if (listCalls.isCurrent(ticket))
      list.set({ ...list.get(), status: 'error', error: e instanceof Error ? e.message : '' });
  }
}

onMount(list, () => {
  if (typeof window === 'undefined' || !$isLogin.get()) return;
  return followOtc(() => {
    const v = list.get();
    if (v.status !== 'idle') void loadOrderList(v.role, v.state, v.page, { quiet: true });
  });
});
