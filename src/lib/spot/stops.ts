import { atom, onMount, readonlyType, type ReadableAtom, type WritableAtom } from 'nanostores';
import { request } from '../api/client.ts';
import * as api from '../../../isomorphic/contract/spot.endpoints.ts';
import type {
  PlacedOcoView,
  PlacedTpSlView,
  SpotConditional,
  SubmitOcoBody,
  SubmitStopBody,
  SubmitTpSlBody,
} from '../../../isomorphic/contract/spot.ts';
import { followAccount } from '../feed/follow-account.ts';
import { refreshAfterOrder } from './actions.ts';

/** One store per pair ('' for every pair) of the user's open conditional orders, made on first use. */
const stores = new Map<string, WritableAtom<SpotConditional[]>>();

/**
 * The user's open conditional orders (stop orders, OCO stop legs, TP/SLs) of one pair while a screen shows them:
 * loaded when the private feed (re)connects and whenever it says an order changed (a trigger is an order change).
 */
export function stopOrdersStore(symbol?: string): ReadableAtom<SpotConditional[]> {
  const key = symbol ?? '';
  let store = stores.get(key);
  if (!store) {
    store = atom<SpotConditional[]>([]);
    onMount(
      store,
      followAccount(() => void loadStops(symbol).catch(() => {}), ['orders']),
    );
    stores.set(key, store);
  }
  return readonlyType(store);
}

async function loadStops(symbol?: string): Promise<void> {
  const page = await request(api.stopList, { query: { symbol, state: 'open', size: 50 } });
  stores.get(symbol ?? '')?.set(page.records);
}

async function refresh(symbol?: string): Promise<void> {
  await Promise.all([refreshAfterOrder(symbol), loadStops(symbol)]);
}

export async function submitStop(body: SubmitStopBody): Promise<SpotConditional> {
  const placed = await request(api.submitStop, { body });
  await refresh(body.symbol);
  return placed;
}

export async function submitOco(body: SubmitOcoBody): Promise<PlacedOcoView> {
  const placed = await request(api.submitOco, { body });
  await refresh(body.symbol);
  return placed;
}

export async function submitTpSl(body: SubmitTpSlBody): Promise<PlacedTpSlView> {
  const placed = await request(api.submitTpSl, { body });
  await refresh(body.symbol);
  return placed;
}

export async function cancelStop(id: number, symbol?: string): Promise<void> {
  await request(api.cancelStop, { query: { id } });
  await refresh(symbol);
}

/**
 * Binance's stop-limit form picks the type from where the trigger is: a buy triggered above the last price is a
 * stop-loss (a breakout), below it a take-profit; a sell the other way round.
 */
export function stopTypeFor(side: 'buy' | 'sell', stop: string, last: string): SubmitStopBody['type'] {
  const above = Number(stop) > Number(last);
  return above === (side === 'buy') ? 'STOP_LOSS_LIMIT' : 'TAKE_PROFIT_LIMIT';
}
