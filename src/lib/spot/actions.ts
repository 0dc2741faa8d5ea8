import { atom } from 'nanostores';
import { request } from '../api/client.ts';
import * as api from '../../../isomorphic/contract/spot.endpoints.ts';
import type { SpotOrder, SubmitOrderBody } from '../../../isomorphic/contract/spot.ts';
import { currencyAccount } from '../../../isomorphic/contract/wallet.endpoints.ts';
import type { OwnCoin } from '../../../isomorphic/contract/private-feed.ts';
import type { CurrencyAccountRow } from '../../../isomorphic/contract/wallet.ts';
import { withOwnCoins } from '../feed/own-coins.ts';
import { rememberAssetDecimals } from '../stores/assets.ts';

/** The signed-in user's spot balances, open orders and recent history, refreshed by the actions below. */
export const $balances = atom<CurrencyAccountRow[]>([]);
export const $openOrders = atom<SpotOrder[]>([]);
export const $orderHistory = atom<SpotOrder[]>([]);

/** The spot account's coins, with each asset's display decimals so the form shows balances as the wallet does. */
export async function loadBalances(): Promise<void> {
  const rows = await request(currencyAccount, { query: { type: 1 } });
  rememberAssetDecimals(rows);
  $balances.set(rows);
}

/** Balances the private feed pushed, put on the spot rows without a request. */
export function applyOwnCoins(coins: readonly OwnCoin[]): void {
  if (coins.length) $balances.set(withOwnCoins($balances.get(), coins, 1));
}

export async function loadOrders(symbol?: string): Promise<void> {
  const [open, history] = await Promise.all([
    request(api.orderList, { query: { symbol, state: 'open', size: 50 } }),
    request(api.orderList, { query: { symbol, state: 'history', size: 50 } }),
  ]);
  $openOrders.set(open.records);
  $orderHistory.set(history.records);
}

/** Places an order, then refreshes what it changed. */
export async function submitOrder(body: SubmitOrderBody): Promise<SpotOrder> {
  const order = await request(api.submitOrder, { body });
  await Promise.all([loadBalances(), loadOrders(body.symbol)]);
  return order;
}

export async function cancelOrder(id: number, symbol?: string): Promise<void> {
  await request(api.cancelOrder, { query: { id } });
  await Promise.all([loadBalances(), loadOrders(symbol)]);
}

export async function cancelAllOrders(symbol?: string): Promise<number> {
  const { cancelled } = await request(api.cancelAll, { query: { symbol } });
  await Promise.all([loadBalances(), loadOrders(symbol)]);
  return cancelled;
}
