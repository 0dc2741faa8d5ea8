import { atom, onMount } from 'nanostores';
import { request } from '../api/client.ts';
import type { SettlementMessage } from '../../../isomorphic/contract/private-feed.ts';
import * as api from '../../../isomorphic/contract/seconds.endpoints.ts';
import type { CreateSecondsBody, SecondsOrder, SecondsPeriod, SettledSeconds } from '../../../isomorphic/contract/seconds.ts';
import { currencyAccount } from '../../../isomorphic/contract/wallet.endpoints.ts';
import type { CurrencyAccountRow } from '../../../isomorphic/contract/wallet.ts';
import { privateFeed } from '../feed/private-feed.ts';
import { rememberAssetDecimals } from '../stores/assets.ts';

/** Second contracts are staked from the contract account (spec §3 wallet account type 2). */
export const CONTRACT_ACCOUNT = 2;

export const $periods = atom<SecondsPeriod[]>([]);
export const $secondsOpen = atom<SecondsOrder[]>([]);
export const $secondsHistory = atom<SecondsOrder[]>([]);
export const $contractBalances = atom<CurrencyAccountRow[]>([]);
/** How far the server's clock is ahead of this browser's (ms), learnt from the orders it stamps: countdowns use it. */
export const $clockOffset = atom(0);
/** Everyone's settled orders, anonymised: the public list anyone can check against the recorded prices. */
export const $settledPublic = atom<SettledSeconds[]>([]);
/** The settlements the private feed pushed since the page opened, newest first. */
export const $settlements = atom<SettlementMessage[]>([]);

export async function loadPeriods(): Promise<void> {
  $periods.set(await request(api.periodList, { body: {} }));
}

export async function loadContractBalances(): Promise<void> {
  const rows = await request(currencyAccount, { query: { type: CONTRACT_ACCOUNT } });
  rememberAssetDecimals(rows);
  $contractBalances.set(rows);
}

export async function loadSecondsOrders(symbol?: string): Promise<void> {
  const [open, history] = await Promise.all([
    request(api.secondsOrders, { body: { state: 'open', symbol, size: 50 } }),
    request(api.secondsOrders, { body: { state: 'history', symbol, size: 50 } }),
  ]);
  $secondsOpen.set(open.records);
  $secondsHistory.set(history.records);
}

export async function loadSettledPublic(symbol?: string): Promise<void> {
  $settledPublic.set(await request(api.settledSeconds, { body: { symbol, size: 50 } }));
}

/** Opens an order, then refreshes what it changed; the key makes a repeated click answer the same order. */
export async function openSecondsOrder(body: CreateSecondsBody): Promise<SecondsOrder> {
  const sent = Date.now();
  const order = await request(api.createSecondsOrder, { body });
  // The server stamped the order between sending and now: the midpoint is the best guess of when.
  $clockOffset.set(order.createdAt - (sent + Date.now()) / 2);
  await Promise.all([loadContractBalances(), loadSecondsOrders(body.symbol)]);
  return order;
}

onMount($settlements, () => {
  if (typeof window === 'undefined') return;
  return privateFeed.listen((m) => {
    if (m.event === 'SETTLEMENT' && m.data.product === 'seconds') $settlements.set([m.data, ...$settlements.get()].slice(0, 50));
  });
});
