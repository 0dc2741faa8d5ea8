import { atom, onMount, type ReadableAtom } from 'nanostores';
import { request } from '../api/client.ts';
import { entrustLogCurrency, orderDetails, priceComparison } from '../../../isomorphic/contract/spot.endpoints.ts';
import type { OrderFills, OrderSymbol, PriceComparison } from '../../../isomorphic/contract/spot.ts';

/** The index moves every couple of seconds (server/prices); the comparison follows it at this pace while shown. */
export const COMPARISON_REFRESH_MS = 5000;

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

/** One of the user's orders with a page of its fills, oldest first. */
export function loadOrderFills(orderId: number, page = 1, size = 50): Promise<OrderFills> {
  return request(orderDetails, { query: { id: orderId, page, size } });
}

const orderPairs = atom<OrderSymbol[]>([]);
/** The pairs the signed-in user has orders on, most recently used first (the order centre's pair filter). */
export const $orderPairs: ReadableAtom<OrderSymbol[]> = orderPairs;

export async function loadOrderPairs(): Promise<void> {
  orderPairs.set(await request(entrustLogCurrency));
}
