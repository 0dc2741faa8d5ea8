/**
 * The order centre's contract tabs (docs/requirements.md §2 /account/entrust future/u and future/coin): the user's
 * contract orders of one kind, open or finished, a page at a time; the liquidations of that kind; and cancelling an
 * open order. Each list answers only the latest request, so a quick change of tab never shows an older answer.
 */
import { atom, onMount, type ReadableAtom } from 'nanostores';
import { request } from '../api/client.ts';
import * as api from '../../../isomorphic/contract/perpetual.endpoints.ts';
import type { ContractKindName, ContractView, Liquidation, PerpOrder } from '../../../isomorphic/contract/perpetual.ts';
import { $accountActivity, privateFeed } from '../feed/private-feed.ts';
import { mayAddLiquidation, touchesPerpetual } from './feed.ts';
import { latest, shownAs, throttle, type LoadStatus } from './remote.ts';

/** docs/requirements.md §9: page size 15. */
export const PAGE_SIZE = 15;

interface PerpOrdersView {
  kind: ContractKindName;
  state: 'open' | 'history';
  page: number;
  total: number;
  records: PerpOrder[];
  status: LoadStatus;
}

interface LiquidationsView {
  kind: ContractKindName;
  records: Liquidation[];
  status: LoadStatus;
}

const $orders = atom<PerpOrdersView>({ kind: 'usdt', state: 'open', page: 1, total: 0, records: [], status: 'idle' });
const $liquidationList = atom<LiquidationsView>({ kind: 'usdt', records: [], status: 'idle' });
const $openTotals = atom<Record<ContractKindName, number | null>>({ usdt: null, coin: null });
const $contractList = atom<ContractView[]>([]);

/** The list on screen (read-only; the actions below change it). */
export const $perpOrders: ReadableAtom<PerpOrdersView> = $orders;
export const $liquidations: ReadableAtom<LiquidationsView> = $liquidationList;
/** How many orders of each kind are open, once an open page of that kind has loaded. */
export const $perpOpenTotals: ReadableAtom<Record<ContractKindName, number | null>> = $openTotals;
/** Every contract with its scales, for names and decimals; loaded once, when first shown. */
export const $perpContracts: ReadableAtom<ContractView[]> = $contractList;

/** The orders list for a table of one kind and state: showing it loads the first page. */
export function perpOrdersStore(kind: ContractKindName, state: 'open' | 'history'): ReadableAtom<PerpOrdersView> {
  return shownAs(`orders:${kind}:${state}`, $orders, () => loadPerpOrders(kind, state, 1));
}

/** The liquidations list for a table of one kind: showing it loads them. */
export function liquidationsStore(kind: ContractKindName): ReadableAtom<LiquidationsView> {
  return shownAs(`liquidations:${kind}`, $liquidationList, () => loadLiquidations(kind));
}

const orderCalls = latest();
const liquidationCalls = latest();

/**
 * Loads a page of the user's contract orders of one kind; the list keeps the last page shown while it loads.
 * `quiet` reloads (a push from the private feed) keep the status ready and show no toast on failure.
 */
export async function loadPerpOrders(
  kind: ContractKindName,
  state: 'open' | 'history',
  page = 1,
  opts: { quiet?: boolean } = {},
): Promise<void> {
  const ticket = orderCalls.next();
  const before = $orders.get();
  const same = before.kind === kind && before.state === state;
  $orders.set({
    kind,
    state,
    page,
    total: same ? before.total : 0,
    records: same ? before.records : [],
    status: opts.quiet && same && before.status === 'ready' ? 'ready' : 'loading',
  });
  try {
    const res = await request(api.perpOrders, { query: { kind, state, page, size: PAGE_SIZE }, quiet: opts.quiet });
    if (!orderCalls.isCurrent(ticket)) return;
    // A page past the end (the last order of the last page was cancelled): show the page before it.
    if (!res.records.length && page > 1)
      return loadPerpOrders(kind, state, Math.max(1, Math.ceil(res.total / PAGE_SIZE)), opts);
    $orders.set({ kind, state, page, total: res.total, records: res.records, status: 'ready' });
    if (state === 'open') $openTotals.set({ ...$openTotals.get(), [kind]: res.total });
  } catch (e) {
    if (!orderCalls.isCurrent(ticket)) return;
    if (!(opts.quiet && $orders.get().status === 'ready')) $orders.set({ ...$orders.get(), status: 'error' });
    throw e;
  }
}

/** Loads the list on screen again (after a push, or after a cancel). */
export function reloadPerpOrders(opts: { quiet?: boolean } = {}): Promise<void> {
  const { kind, state, page } = $orders.get();
  return loadPerpOrders(kind, state, page, opts);
}

/** Cancels an open order; its margin comes back. Then the list on screen is loaded again. */
export async function cancelPerpOrder(id: number): Promise<PerpOrder> {
  const order = await request(api.cancelPerpOrder, { query: { id } });
  const { kind, state, page } = $orders.get();
  await loadPerpOrders(kind, state, page, { quiet: true }).catch(() => {});
  return order;
}

/** Loads the user's liquidations and auto-deleveragings of one kind, newest first. */
export async function loadLiquidations(kind: ContractKindName, opts: { quiet?: boolean } = {}): Promise<void> {
  const ticket = liquidationCalls.next();
  const before = $liquidationList.get();
  const same = before.kind === kind;
  $liquidationList.set({
    kind,
    records: same ? before.records : [],
    status: opts.quiet && same && before.status === 'ready' ? 'ready' : 'loading',
  });
  try {
    const records = await request(api.liquidations, { query: { kind }, quiet: opts.quiet });
    if (liquidationCalls.isCurrent(ticket)) $liquidationList.set({ kind, records, status: 'ready' });
  } catch (e) {
    if (!liquidationCalls.isCurrent(ticket)) return;
    if (!(opts.quiet && $liquidationList.get().status === 'ready'))
      $liquidationList.set({ ...$liquidationList.get(), status: 'error' });
    throw e;
  }
}

let askingContracts: Promise<ContractView[]> | undefined;
/**
 * The contracts with their scales and names; asked once per page (a failure is asked again next time it is
 * shown). A call while one is under way answers the same one: reading a store nobody listens to mounts it
 * (nanostores), so this call's own read starts the store's load too.
 */
export function loadPerpContracts(): Promise<ContractView[]> {
  const known = $contractList.get();
  if (known.length) return Promise.resolve(known);
  askingContracts ??= request(api.contracts, { quiet: true })
    .then((list) => {
      $contractList.set(list);
      return list;
    })
    .finally(() => (askingContracts = undefined));
  return askingContracts;
}

// While a list is on screen, what the private feed says moves it is loaded again, quietly.
function followFeed(
  shown: () => boolean,
  reload: () => Promise<void>,
  matters: (m: Parameters<typeof touchesPerpetual>[0]) => boolean,
) {
  return () => {
    if (typeof window === 'undefined') return;
    const again = throttle(() => void (shown() ? reload().catch(() => {}) : undefined), 1_000);
    const offActivity = $accountActivity.listen(() => {});
    const off = privateFeed.listen((m) => {
      if (matters(m)) again();
    });
    return () => {
      off();
      offActivity();
      again.cancel();
    };
  };
}

onMount(
  $orders,
  followFeed(
    () => $orders.get().status !== 'idle',
    () => reloadPerpOrders({ quiet: true }),
    touchesPerpetual,
  ),
);
onMount(
  $liquidationList,
  followFeed(
    () => $liquidationList.get().status !== 'idle',
    () => loadLiquidations($liquidationList.get().kind, { quiet: true }),
    mayAddLiquidation,
  ),
);
onMount($contractList, () => void (typeof window === 'undefined' ? undefined : loadPerpContracts().catch(() => {})));
