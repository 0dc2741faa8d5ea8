import { atom, onMount, readonlyType, type ReadableAtom, type WritableAtom } from 'nanostores';
import { request } from '../api/client.ts';
import * as api from '../../../isomorphic/contract/spot.endpoints.ts';
import type { SpotOrder, SubmitOrderBody } from '../../../isomorphic/contract/spot.ts';
import { currencyAccount } from '../../../isomorphic/contract/wallet.endpoints.ts';
import type { CurrencyAccountRow } from '../../../isomorphic/contract/wallet.ts';
import { followAccount } from '../feed/follow-account.ts';
import { withOwnCoins } from '../feed/own-coins.ts';
import { $accountActivity } from '../feed/private-feed.ts';
import { rememberAssetDecimals } from '../stores/assets.ts';
import { reloadOrderPairs } from './spot-reads.ts';

const balances = atom<CurrencyAccountRow[]>([]);
/**
 * The signed-in user's spot balances while a screen shows them: loaded when the private feed (re)connects, then
 * kept by its pushes without a request, whichever screen or user caused the change.
 */
export const $balances = readonlyType(balances);

/** The spot account's coins, with each asset's display decimals so the form shows balances as the wallet does. */
async function loadBalances(): Promise<void> {
  const rows = await request(currencyAccount, { query: { type: 1 } });
  rememberAssetDecimals(rows);
  balances.set(rows);
}

onMount(balances, () => {
  const stopLoading = followAccount(() => void loadBalances().catch(() => {}))();
  // A push carries only the coins it changed (none when it was about orders): they go on the spot rows.
  const offPushes = $accountActivity.listen(({ coins }) => {
    if (coins.length) balances.set(withOwnCoins(balances.get(), coins, 1));
  });
  return () => {
    stopLoading?.();
    offPushes();
  };
});

interface SpotOrders {
  open: SpotOrder[];
  history: SpotOrder[];
}

/** One store per pair ('' for every pair, the order centre's unfiltered list), made on first use. */
const orderStores = new Map<string, WritableAtom<SpotOrders>>();

/**
 * The user's open orders and recent history of one pair, or of every pair without one, while a screen shows
 * them: loaded when the private feed (re)connects and whenever it says an order changed.
 */
export function spotOrdersStore(symbol?: string): ReadableAtom<SpotOrders> {
  const key = symbol ?? '';
  let store = orderStores.get(key);
  if (!store) {
    store = atom<SpotOrders>({ open: [], history: [] });
    onMount(
      store,
      followAccount(() => void loadOrders(symbol).catch(() => {}), ['orders']),
    );
    orderStores.set(key, store);
  }
  return readonlyType(store);
}

async function loadOrders(symbol?: string): Promise<void> {
  const [open, history] = await Promise.all([
    request(api.orderList, { query: { symbol, state: 'open', size: 50 } }),
    request(api.orderList, { query: { symbol, state: 'history', size: 50 } }),
  ]);
  orderStores.get(symbol ?? '')?.set({ open: open.records, history: history.records });
}

/** After an order changed: its balances and the lists it is on, and the order centre's pair counts if shown. */
export async function refreshAfterOrder(symbol?: string): Promise<void> {
  await Promise.all([loadBalances(), loadOrders(symbol), reloadOrderPairs()]);
}

/** Places an order, then refreshes what it changed. */
export async function submitOrder(body: SubmitOrderBody): Promise<SpotOrder> {
  const order = await request(api.submitOrder, { body });
  await refreshAfterOrder(body.symbol);
  return order;
}

export async function cancelOrder(id: number, symbol?: string): Promise<void> {
  await request(api.cancelOrder, { query: { id } });
  await refreshAfterOrder(symbol);
}

export async function cancelAllOrders(symbol?: string): Promise<number> {
  const { cancelled } = await request(api.cancelAll, { query: { symbol } });
  await refreshAfterOrder(symbol);
  return cancelled;
}
