import { atom } from 'nanostores';
import { call } from '../api/client.ts';
import type { SpotOrder, SubmitOrderBody } from '../contract/spot.ts';

export interface SpotBalance {
  type: number;
  coin: string;
  available: string;
  frozen: string;
}

interface Page<T> {
  total: number;
  page: number;
  size: number;
  records: T[];
}

/** The signed-in user's spot balances, open orders and recent history, refreshed by the actions below. */
export const $balances = atom<SpotBalance[]>([]);
export const $openOrders = atom<SpotOrder[]>([]);
export const $orderHistory = atom<SpotOrder[]>([]);

export async function loadBalances(): Promise<void> {
  $balances.set(await call<SpotBalance[]>('/api/asset/getMyBalance', { method: 'GET', query: { type: 1 } }));
}

export async function loadOrders(symbol?: string): Promise<void> {
  const [open, history] = await Promise.all([
    call<Page<SpotOrder>>('/api/currency/order/orderList', { query: { symbol, state: 'open', size: 50 } }),
    call<Page<SpotOrder>>('/api/currency/order/orderList', { query: { symbol, state: 'history', size: 50 } }),
  ]);
  $openOrders.set(open.records);
  $orderHistory.set(history.records);
}

/** Places an order, then refreshes what it changed. */
export async function submitOrder(body: SubmitOrderBody): Promise<SpotOrder> {
  const order = await call<SpotOrder>('/api/currency/order/submit', { body });
  await Promise.all([loadBalances(), loadOrders(body.symbol)]);
  return order;
}

export async function cancelOrder(id: number, symbol?: string): Promise<void> {
  await call<SpotOrder>('/api/currency/order/cancelOrder', { query: { id } });
  await Promise.all([loadBalances(), loadOrders(symbol)]);
}

export async function cancelAllOrders(symbol?: string): Promise<number> {
  const { cancelled } = await call<{ cancelled: number }>('/api/currency/order/cancelAll', { query: { symbol } });
  await Promise.all([loadBalances(), loadOrders(symbol)]);
  return cancelled;
}

/** Adds a market to the watchlist or takes it off. */
export async function setWatched(symbol: string, watched: boolean): Promise<void> {
  await call<null>(watched ? '/api/app/coin/quotes/addOptional' : '/api/app/coin/quotes/cancelOptional', { query: { symbol } });
}
