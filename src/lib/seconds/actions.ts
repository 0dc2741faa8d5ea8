import { atom, onMount, readonlyType, type ReadableAtom, type WritableAtom } from 'nanostores';
import { request } from '../api/client.ts';
import type { SettlementMessage } from '../../../isomorphic/contract/private-feed.ts';
import * as api from '../../../isomorphic/contract/seconds.endpoints.ts';
import type {
  CreateSecondsBody,
  SecondsOrder,
  SecondsPeriod,
  SettledSeconds,
} from '../../../isomorphic/contract/seconds.ts';
import { currencyAccount } from '../../../isomorphic/contract/wallet.endpoints.ts';
import type { CurrencyAccountRow } from '../../../isomorphic/contract/wallet.ts';
import { followAccount } from '../feed/follow-account.ts';
import { privateFeed } from '../feed/private-feed.ts';
import { rememberAssetDecimals } from '../stores/assets.ts';

/** Second contracts are staked from the contract account (docs/requirements.md §3 wallet account type 2). */
export const CONTRACT_ACCOUNT = 2;

const inBrowser = () => typeof window !== 'undefined';
/** Loads in the background: a failure keeps what is shown, and the API client has said why. */
const quietly = (load: () => Promise<unknown>) => () => void load().catch(() => {});

const periods = atom<SecondsPeriod[]>([]);
/** The periods each pair offers (the countdowns), loaded when a screen first shows them. */
export const $periods = readonlyType(periods);
onMount(periods, () => {
  if (inBrowser()) quietly(async () => periods.set(await request(api.periodList, { body: {} })))();
});

const contractBalances = atom<CurrencyAccountRow[]>([]);
/** The contract account's coins while shown: loaded when the private feed (re)connects and says balances moved. */
export const $contractBalances = readonlyType(contractBalances);
onMount(
  contractBalances,
  followAccount(
    quietly(() => loadContractBalances()),
    ['balances'],
  ),
);

/** The contract account's coins, with each asset's display decimals remembered for every screen. */
export async function loadContractBalances(): Promise<void> {
  const rows = await request(currencyAccount, { query: { type: CONTRACT_ACCOUNT } });
  rememberAssetDecimals(rows);
  contractBalances.set(rows);
}

const clockOffset = atom(0);
/** How far the server's clock is ahead of this browser's (ms), learnt from the times it stamps: countdowns use it. */
export const $clockOffset = readonlyType(clockOffset);

/** Learns the server's clock from a time it stamped between `sent` and now: the midpoint is the best guess of when. */
export function learnServerClock(stamped: number, sent: number): void {
  clockOffset.set(stamped - (sent + Date.now()) / 2);
}

const settlements = atom<SettlementMessage[]>([]);
/** The settlements the private feed pushed since the page opened, newest first. */
export const $settlements = readonlyType(settlements);
onMount(settlements, () => {
  if (!inBrowser()) return;
  return privateFeed.listen((m) => {
    if (m.event === 'SETTLEMENT' && m.data.product === 'seconds')
      settlements.set([m.data, ...settlements.get()].slice(0, 50));
  });
});

export interface SecondsOrders {
  open: SecondsOrder[];
  history: SecondsOrder[];
}

/** One store per pair ('' for every pair, the order centre's list), made on first use. */
const orderStores = new Map<string, WritableAtom<SecondsOrders>>();

/**
 * The user's second-contract orders of one pair, or of every pair without one, while shown: loaded when the
 * private feed (re)connects, says balances moved (an order opened or paid out) or pushes a settlement.
 */
export function secondsOrdersStore(symbol?: string): ReadableAtom<SecondsOrders> {
  const key = symbol ?? '';
  let store = orderStores.get(key);
  if (!store) {
    store = atom<SecondsOrders>({ open: [], history: [] });
    const load = quietly(() => loadSecondsOrders(symbol));
    const follow = followAccount(load, ['balances']);
    onMount(store, () => {
      const stop = follow();
      const offSettled = inBrowser() ? settlements.listen(load) : undefined;
      return () => {
        stop?.();
        offSettled?.();
      };
    });
    orderStores.set(key, store);
  }
  return readonlyType(store);
}

async function loadSecondsOrders(symbol?: string): Promise<void> {
  const [open, history] = await Promise.all([
    request(api.secondsOrders, { body: { state: 'open', symbol, size: 50 } }),
    request(api.secondsOrders, { body: { state: 'history', symbol, size: 50 } }),
  ]);
  orderStores.get(symbol ?? '')?.set({ open: open.records, history: history.records });
}

const publicStores = new Map<string, WritableAtom<SettledSeconds[]>>();

/**
 * Everyone's settled orders of a pair (or of all), anonymised: the public list anyone can check against the
 * recorded prices. Loaded while shown, and again when the user's own history grows (one of theirs settled).
 */
export function settledPublicStore(symbol?: string): ReadableAtom<SettledSeconds[]> {
  const key = symbol ?? '';
  let store = publicStores.get(key);
  if (!store) {
    const s = (store = atom<SettledSeconds[]>([]));
    const load = quietly(async () => s.set(await request(api.settledSeconds, { body: { symbol, size: 50 } })));
    onMount(s, () => {
      if (!inBrowser()) return;
      load();
      let settled = secondsOrdersStore(symbol).get().history.length;
      return secondsOrdersStore(symbol).listen(({ history }) => {
        if (history.length !== settled) load();
        settled = history.length;
      });
    });
    publicStores.set(key, store);
  }
  return readonlyType(store);
}

/** Opens an order, then refreshes what it changed; the key makes a repeated click answer the same order. */
export async function openSecondsOrder(body: CreateSecondsBody): Promise<SecondsOrder> {
  const sent = Date.now();
  const order = await request(api.createSecondsOrder, { body });
  learnServerClock(order.createdAt, sent);
  await Promise.all([loadContractBalances(), loadSecondsOrders(body.symbol)]);
  return order;
}
