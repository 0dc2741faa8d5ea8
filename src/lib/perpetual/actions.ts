/**
 * The perpetual screen's state and calls: contracts and their books and candles (public, polled while the page is
 * visible), and the signed-in user's accounts, leverage settings, positions, orders, take-profits and stop-losses
 * and liquidations. Every call goes through `request` with an endpoint of isomorphic/contract/perpetual.endpoints.ts;
 * the islands read the stores and call these actions, nothing else.
 */
import { atom, onMount, type ReadableAtom } from 'nanostores';
import { request } from '../api/client.ts';
import { serverTime } from '../../../isomorphic/contract/api-keys.endpoints.ts';
import { KLINE_INTERVALS, type KlineInterval } from '../../../isomorphic/contract/kline.ts';
import * as api from '../../../isomorphic/contract/perpetual.endpoints.ts';
import type {
  ContractDetail, ContractView, LeverageSetting, Liquidation, MarginMode, OrderPreview, PerpAccount, PerpBook, PerpCandle, PerpOrder, PerpOrderBody, PerpPosition,
  PreviewBody, StopOrder, StopOrderBody,
} from '../../../isomorphic/contract/perpetual.ts';
import { privateFeed } from '../feed/private-feed.ts';
import { publicFeed } from '../feed/public-feed.ts';
import { learnServerClock, loadContractBalances } from '../seconds/actions.ts';
import { loadPerpAccounts } from '../perpetual-assets/accounts.ts';
import { touchesPerpetual } from '../perpetual-assets/feed.ts';
import { throttle } from '../perpetual-assets/remote.ts';
import { $isLogin } from '../stores/session.ts';
import { mergeCandles } from '../../../isomorphic/perpetual/math.ts';
import { pollWhileVisible } from './poll.ts';

/** How often the positions' marks, the contract list and the candles are read again while the page is visible. */
export const POSITION_POLL_MS = 2000;
export const CONTRACT_POLL_MS = 2000;
export const KLINE_POLL_MS = 2000;

const inBrowser = () => typeof window !== 'undefined';

// ---------------------------------------------------------------- public: contracts, books, candles

/** Every contract with its live prices, funding and open interest; read every 2 s while something shows it. */
export const $contracts = atom<ContractView[]>([]);

export async function loadContracts(): Promise<void> {
  $contracts.set(await request(api.contracts, { query: {} }));
}

onMount($contracts, () => (inBrowser() ? pollWhileVisible(loadContracts, CONTRACT_POLL_MS) : undefined));

/** Contracts with their brackets, price band and liquidation fee, by symbol, loaded once each. */
export const $contractDetails = atom<Record<string, ContractDetail>>({});

export async function loadContractDetail(symbol: string): Promise<void> {
  if ($contractDetails.get()[symbol]) return;
  const [detail] = await request(api.contractDetail, { body: { symbolNameList: [symbol] } });
  if (detail) $contractDetails.set({ ...$contractDetails.get(), [symbol]: detail });
}

const cache = new Map<string, ReadableAtom<unknown>>();
/** One live store per key, created on first use and shared by every island on the page. */
function shared<T>(key: string, make: () => ReadableAtom<T>): ReadableAtom<T> {
  let store = cache.get(key);
  if (!store) cache.set(key, (store = make()));
  return store as ReadableAtom<T>;
}

/** A contract's book, latest trades and prices from the public feed's `perpetual` topic: a snapshot, then each change. */
export function bookStore(symbol: string): ReadableAtom<PerpBook | null> {
  return shared(`perp-book:${symbol}`, () => {
    const store = atom<PerpBook | null>(null);
    onMount(store, () => (inBrowser() ? publicFeed.subscribe({ topic: 'perpetual', symbol }, (m) => m.event === 'PERPETUAL' && store.set(m.data)) : undefined));
    return store;
  });
}

/** A contract's candles come at the spot chart's intervals. */
export type PerpInterval = KlineInterval;
export const PERP_INTERVALS = KLINE_INTERVALS;

/** A contract's candles of its last price: 300 at first, then the two latest every 2 s merged in. */
export function candleStore(symbol: string, interval: PerpInterval, price: 'last' | 'mark' = 'last'): ReadableAtom<PerpCandle[]> {
  return shared(`perp-kline:${symbol}:${interval}:${price}`, () => {
    const store = atom<PerpCandle[]>([]);
    let loaded = false;
    onMount(store, () => {
      if (!inBrowser()) return;
      return pollWhileVisible(async () => {
        const candles = await request(api.perpKline, { query: { symbol, interval, price, limit: loaded ? 2 : 300 }, quiet: true });
        store.set(loaded ? mergeCandles(store.get(), candles) : candles);
        loaded = true;
      }, KLINE_POLL_MS);
    });
    return store;
  });
}

/**
 * The server's clock as the browser sees it (the countdowns count on it): the midpoint of a call to its time is
 * the best guess of when it answered. Shared with the second contracts' countdown.
 */
export async function syncServerClock(): Promise<void> {
  const sent = Date.now();
  const { serverTime: now } = await request(serverTime, { quiet: true });
  learnServerClock(now, sent);
}

// ---------------------------------------------------------------- the user's side

export const $leverageSettings = atom<LeverageSetting[]>([]);
export const $positions = atom<PerpPosition[]>([]);
export const $perpOpenOrders = atom<PerpOrder[]>([]);
export const $perpHistory = atom<PerpOrder[]>([]);
export const $stopOrders = atom<StopOrder[]>([]);
export const $liquidations = atom<Liquidation[]>([]);

export async function loadLeverageSettings(): Promise<void> {
  $leverageSettings.set(await request(api.leverageSettings, { query: {} }));
}

export async function loadPositions(): Promise<void> {
  $positions.set(await request(api.positions, { query: {} }));
}

export async function loadPerpOrders(): Promise<void> {
  const [open, history] = await Promise.all([
    request(api.perpOrders, { query: { state: 'open', size: 100 } }),
    request(api.perpOrders, { query: { state: 'history', size: 50 } }),
  ]);
  $perpOpenOrders.set(open.records);
  $perpHistory.set(history.records);
}

export async function loadStopOrders(): Promise<void> {
  $stopOrders.set(await request(api.stopOrders, { query: {} }));
}

export async function loadLiquidations(): Promise<void> {
  $liquidations.set(await request(api.liquidations, { query: {} }));
}

/**
 * Everything of the user's that an order, a fill or a position change can move. The contract accounts are the
 * wallet's store (src/lib/perpetual-assets), which the contract assets screen shows too.
 */
export async function loadMine(): Promise<void> {
  await Promise.all([loadPerpAccounts({ quiet: true }), loadPositions(), loadPerpOrders(), loadStopOrders(), loadLiquidations()]);
}

/** Forgets the user's side (after a logout), so the next user never sees it. */
export function clearMine(): void {
  for (const s of [$leverageSettings, $positions, $perpOpenOrders, $perpHistory, $stopOrders, $liquidations] as Array<{ set(v: never[]): void }>) s.set([]);
}

/**
 * Moves when the private feed says something perpetual changed (a contract order placed, filled or cancelled, a
 * position moved, liquidated or settled, a contract-account balance, a reconnection), at most once a second for
 * a burst (a fill pushes a balance, an order and a position together): the screen then loads the user's side again.
 */
export const $perpPushes = atom(0);

onMount($perpPushes, () => {
  if (!inBrowser()) return;
  const bump = throttle(() => $perpPushes.set($perpPushes.get() + 1), 1_000);
  const off = privateFeed.listen((m) => {
    if (touchesPerpetual(m)) bump();
  });
  return () => {
    off();
    bump.cancel();
  };
});

/** The positions (marks, PnL, margin ratios) read again every 2 s while shown, the page visible and the user in. */
export const $positionsLive = atom(0);

onMount($positionsLive, () => {
  if (!inBrowser()) return;
  return pollWhileVisible(async () => {
    if (!$isLogin.get()) return;
    await request(api.positions, { query: {}, quiet: true }).then((p) => $positions.set(p));
    $positionsLive.set($positionsLive.get() + 1);
  }, POSITION_POLL_MS);
});

/** A fresh key per submission: a repeated send of the same click answers the first order. */
export function clientKey(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Places an order, then loads what it changed. */
export async function submitPerpOrder(body: PerpOrderBody): Promise<PerpOrder> {
  const order = await request(api.submitPerpOrder, { body: { clientKey: clientKey(), ...body } });
  await loadMine();
  return order;
}

export async function cancelPerpOrder(id: number): Promise<void> {
  await request(api.cancelPerpOrder, { query: { id } });
  await loadMine();
}

/** Closes a whole position at market. */
export async function closePosition(id: number): Promise<PerpOrder> {
  const order = await request(api.closePosition, { query: { id } });
  await loadMine();
  return order;
}

/** Cancels the open orders and closes every position of the listed contracts at market. */
export async function closeAllPositions(symbols: string[]): Promise<{ closed: number; cancelled: number }> {
  const done = await request(api.closeAll, { body: { oneKeySymbolNameList: symbols } });
  await loadMine();
  return done;
}

/** Adds margin to an isolated position (flag 1) or takes some back (flag 2). */
export async function adjustMargin(id: number, money: string, flag: 1 | 2): Promise<PerpPosition> {
  const position = await request(api.adjustMargin, { query: { id, money, flag } });
  await loadMine();
  return position;
}

export async function setStopOrder(body: StopOrderBody): Promise<StopOrder> {
  const stop = await request(api.setStopOrder, { body });
  await Promise.all([loadStopOrders(), loadPositions()]);
  return stop;
}

export async function cancelStopOrder(id: number): Promise<void> {
  await request(api.cancelStopOrder, { query: { id } });
  await Promise.all([loadStopOrders(), loadPositions()]);
}

/** Sets the leverage and margin mode of a contract; the list of settings takes the answer. */
export async function updateLeverage(symbol: string, leverage: number, marginMode: MarginMode): Promise<LeverageSetting> {
  const setting = await request(api.updateLeverage, { body: { symbol, leverage, marginMode } });
  $leverageSettings.set([...$leverageSettings.get().filter((s) => s.symbol !== setting.symbol), setting]);
  return setting;
}

/** What an order would hold and the most the account could open; quiet, since the form asks as the user types. */
export function previewOrder(body: PreviewBody): Promise<OrderPreview> {
  return request(api.orderPreview, { body, quiet: true });
}

/** The account of a margin asset. */
export const accountOf = (accounts: readonly PerpAccount[], asset: string) => accounts.find((a) => a.asset === asset);

/** The display decimals of the contract account's assets (the wallet's rule for showing an amount). */
export const loadAssetDecimals = loadContractBalances;
