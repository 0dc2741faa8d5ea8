/**
 * Margin orders: placing one on the spot book from a margin account, the user's margin orders of an account (open
 * or finished, a page at a time: under the trade screen's book and in the order centre's margin-all and
 * margin-fixed tabs), and cancelling one with the spot cancel. A list answers only its latest request, and follows
 * the private feed while shown.
 */
import { atom, onMount, type ReadableAtom } from 'nanostores';
import { request } from '../api/client.ts';
import * as api from '../../../isomorphic/contract/margin.endpoints.ts';
import type { MarginMode, MarginOrder, MarginOrderBody } from '../../../isomorphic/contract/margin.ts';
import { cancelOrder } from '../../../isomorphic/contract/spot.endpoints.ts';
import { latest, shownAs, type LoadStatus } from '../perpetual-assets/remote.ts';
import { loadMarginProperty } from './account.ts';
import { followMargin } from './feed.ts';

/** docs/requirements.md §9: page size 15. */
export const PAGE_SIZE = 15;

interface MarginOrderQuery {
  mode: MarginMode;
  state: 'open' | 'history';
  /** One pair's orders (the trade screen), or every pair's (the order centre). */
  symbol?: string;
}

interface MarginOrdersView extends MarginOrderQuery {
  page: number;
  total: number;
  records: MarginOrder[];
  status: LoadStatus;
}

const $orders = atom<MarginOrdersView>({
  mode: 'cross',
  state: 'open',
  page: 1,
  total: 0,
  records: [],
  status: 'idle',
});
/** The list on screen (read-only; the actions below change it). */
export const $marginOrders: ReadableAtom<MarginOrdersView> = $orders;

/** The list for a table asking for one account, state and pair: showing it loads the first page. */
export function marginOrdersStore(query: MarginOrderQuery): ReadableAtom<MarginOrdersView> {
  return shownAs(`${query.mode}:${query.state}:${query.symbol ?? ''}`, $orders, () => loadMarginOrders(query));
}

const calls = latest();
const sameQuery = (a: MarginOrderQuery, b: MarginOrderQuery) =>
  a.mode === b.mode && a.state === b.state && a.symbol === b.symbol;

/** Loads a page of margin orders; the list keeps what it shows while the same list loads again. */
export async function loadMarginOrders(
  query: MarginOrderQuery,
  page = 1,
  opts: { quiet?: boolean } = {},
): Promise<void> {
  const ticket = calls.next();
  const before = $orders.get();
  const same = sameQuery(before, query);
  $orders.set({
    ...query,
    page,
    total: same ? before.total : 0,
    records: same ? before.records : [],
    status: opts.quiet && same && before.status === 'ready' ? 'ready' : 'loading',
  });
  try {
    const res = await request(api.marginOrders, { query: { ...query, page, size: PAGE_SIZE }, quiet: opts.quiet });
    if (!calls.isCurrent(ticket)) return;
    // A page past the end (its last order was cancelled or filled): show the last page there is.
    if (!res.records.length && page > 1)
      return loadMarginOrders(query, Math.max(1, Math.ceil(res.total / PAGE_SIZE)), opts);
    $orders.set({ ...query, page, total: res.total, records: res.records, status: 'ready' });
  } catch (e) {
    if (!calls.isCurrent(ticket)) return;
    if (!(opts.quiet && $orders.get().status === 'ready')) $orders.set({ ...$orders.get(), status: 'error' });
    throw e;
  }
}

function reload(opts: { quiet?: boolean } = {}): Promise<void> {
  const { mode, state, symbol, page } = $orders.get();
  return loadMarginOrders({ mode, state, symbol }, page, opts);
}

/** Places a margin order, then loads the accounts and the list on screen again. */
export async function submitMarginOrder(body: MarginOrderBody): Promise<MarginOrder> {
  const order = await request(api.marginOrder, { body });
  await Promise.all([loadMarginProperty({ quiet: true }).catch(() => {}), reload({ quiet: true }).catch(() => {})]);
  return order;
}

/** Cancels an open margin order (the spot cancel: it rests on the spot book); its hold comes back. */
export async function cancelMarginOrder(id: number): Promise<void> {
  await request(cancelOrder, { query: { id } });
  await Promise.all([loadMarginProperty({ quiet: true }).catch(() => {}), reload({ quiet: true }).catch(() => {})]);
}

onMount($orders, () =>
  followMargin(() => void ($orders.get().status !== 'idle' ? reload({ quiet: true }).catch(() => {}) : undefined)),
);
