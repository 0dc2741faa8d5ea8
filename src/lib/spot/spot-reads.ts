import { atom, onMount, readonlyType, type ReadableAtom, type WritableAtom } from 'nanostores';
import { request, type ApiError } from '../api/client.ts';
import { entrustLogCurrency, orderDetails, priceComparison } from '../../../isomorphic/contract/spot.endpoints.ts';
import type { OrderFills, OrderSymbol, PriceComparison, UserFill } from '../../../isomorphic/contract/spot.ts';
import { followAccount } from '../feed/follow-account.ts';
import type { Loadable } from '../stores/loadable.ts';

/** The index moves every couple of seconds (server/prices); the comparison follows it at this pace while shown. */
const COMPARISON_REFRESH_MS = 5000;

const comparisons = new Map<string, ReadableAtom<PriceComparison | null>>();

/** A market's last price against its index price and the limit-price band, refreshed while anyone shows it. */
export function priceComparisonStore(symbol: string): ReadableAtom<PriceComparison | null> {
  let store = comparisons.get(symbol);
  if (store) return store;
  const writable = atom<PriceComparison | null>(null);
  onMount(writable, () => {
    if (typeof window === 'undefined') return;
    // Quiet: a missed refresh keeps the last figures rather than toasting every few seconds.
    const load = () =>
      request(priceComparison, { body: { symbolNameList: [symbol] }, quiet: true })
        .then(([c]) => writable.set(c ?? null))
        .catch(() => {});
    load();
    const timer = setInterval(load, COMPARISON_REFRESH_MS);
    return () => clearInterval(timer);
  });
  comparisons.set(symbol, (store = writable));
  return store;
}

const FILLS_PAGE_SIZE = 50;
const fillStores = new Map<number, WritableAtom<Loadable<OrderFills>>>();

/**
 * One of the user's orders with the fills loaded so far, oldest first: the first page is asked afresh each time
 * a screen starts showing it, more on loadMoreFills. The fills dialog closes when a page fails.
 */
export function orderFillsStore(orderId: number): ReadableAtom<Loadable<OrderFills>> {
  let store = fillStores.get(orderId);
  if (!store) {
    const s = atom<Loadable<OrderFills>>({ status: 'idle' });
    onMount(s, () => {
      s.set({ status: 'pending' });
      void loadFills(orderId, 1, []);
    });
    fillStores.set(orderId, (store = s));
  }
  return readonlyType(store);
}

/** The next page of an order's fills, added under those shown. */
export function loadMoreFills(orderId: number): Promise<void> {
  const now = fillStores.get(orderId)?.get();
  if (now?.status !== 'success') return Promise.resolve();
  return loadFills(orderId, now.value.page + 1, now.value.records);
}

/** Loads a page of fills and shows it under `before`, the fills shown so far. */
async function loadFills(orderId: number, page: number, before: UserFill[]): Promise<void> {
  const store = fillStores.get(orderId)!;
  try {
    const res = await request(orderDetails, { query: { id: orderId, page, size: FILLS_PAGE_SIZE } });
    store.set({ status: 'success', value: { ...res, records: [...before, ...res.records] } });
  } catch (e) {
    // `request` rejects with ApiError only (a transport failure too).
    store.set({ status: 'error', error: e as ApiError });
  }
}

const orderPairs = atom<OrderSymbol[]>([]);
/**
 * The pairs the signed-in user has orders on, most recently used first (the order centre's pair filter), while
 * shown: loaded when the private feed (re)connects and whenever it says an order changed.
 */
export const $orderPairs = readonlyType(orderPairs);

async function loadOrderPairs(): Promise<void> {
  orderPairs.set(await request(entrustLogCurrency));
}
onMount(
  orderPairs,
  followAccount(() => void loadOrderPairs().catch(() => {}), ['orders']),
);

/** Loads the pairs again if a screen shows them (after the user placed or cancelled an order). */
export function reloadOrderPairs(): Promise<void> {
  return orderPairs.lc ? loadOrderPairs().catch(() => {}) : Promise.resolve();
}
