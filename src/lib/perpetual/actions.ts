/**
 * The perpetual screen's state and calls: contracts and their books and candles (public, polled while the page is
 * visible), and the signed-in user's accounts, leverage settings, positions, orders, take-profits and stop-losses
 * and liquidations. Every call goes through `request` with an endpoint of isomorphic/contract/perpetual.endpoints.ts;
 * the islands read the stores and call these actions, nothing else.
 */
import { atom, computed, onMount, readonlyType, type ReadableAtom } from 'nanostores';
import { request } from '../api/client.ts';
import { serverTime } from '../../../isomorphic/contract/common.endpoints.ts';
import { KLINE_INTERVALS, type KlineInterval } from '../../../isomorphic/contract/kline.ts';
import * as api from '../../../isomorphic/contract/perpetual.endpoints.ts';
import type {
  ContractView,
  LeverageSetting,
  Liquidation,
  MarginMode,
  PerpAccount,
  PerpBook,
  PerpCandle,
  PerpOrder,
  PerpOrderBody,
  PerpPosition,
  PositionCloseBody,
  StopOrder,
  StopOrderBody,
  TrailingBody,
  TrailingStop,
  PerpConditional,
  ConditionalBody,
} from '../../../isomorphic/contract/perpetual.ts';
import { $accountActivity, privateFeed } from '../feed/private-feed.ts';
import { publicFeed } from '../feed/public-feed.ts';
import { $clockOffset, learnServerClock, loadContractBalances } from '../seconds/actions.ts';
import { loadPerpAccounts } from '../perpetual-assets/accounts.ts';
import { touchesPerpetual } from '../perpetual-assets/feed.ts';
import { throttle } from '../perpetual-assets/remote.ts';
import { $isLogin } from '../stores/session.ts';
import { mergeCandles } from '../../../isomorphic/perpetual/math.ts';
import { pollWhileVisible } from './poll.ts';

/** How often the positions' marks, the contract list and the candles are read again while the page is visible. */
const POSITION_POLL_MS = 2000;
const CONTRACT_POLL_MS = 2000;
const KLINE_POLL_MS = 2000;

const inBrowser = () => typeof window !== 'undefined';

// ---------------------------------------------------------------- public: contracts, books, candles

const contracts = atom<ContractView[]>([]);
/** Every contract with its live prices, funding and open interest; read every 2 s while something shows it. */
export const $contracts = readonlyType(contracts);

async function loadContracts(): Promise<void> {
  contracts.set(await request(api.contracts, { query: {} }));
}

onMount(contracts, () => (inBrowser() ? pollWhileVisible(loadContracts, CONTRACT_POLL_MS) : undefined));

const cache = new Map<string, ReadableAtom<unknown>>();
/** One live store per key, created on first use and shared by every island on the page. */
function shared<T>(key: string, make: () => ReadableAtom<T>): ReadableAtom<T> {
  let store = cache.get(key);
  if (!store) cache.set(key, (store = make()));
  return store as ReadableAtom<T>;
}

/**
 * A contract's book, latest trades and prices from the public feed's `perpetual` topic: a snapshot, then each change.
 */
export function bookStore(symbol: string): ReadableAtom<PerpBook | null> {
  return shared(`perp-book:${symbol}`, () => {
    const store = atom<PerpBook | null>(null);
    onMount(store, () =>
      inBrowser()
        ? publicFeed.subscribe({ topic: 'perpetual', symbol }, (m) => m.event === 'PERPETUAL' && store.set(m.data))
        : undefined,
    );
    return store;
  });
}

/** A contract's candles come at the spot chart's intervals. */
export type PerpInterval = KlineInterval;
export const PERP_INTERVALS = KLINE_INTERVALS;

/** A contract's candles of its last price: 300 at first, then the two latest every 2 s merged in. */
export function candleStore(
  symbol: string,
  interval: PerpInterval,
  price: 'last' | 'mark' = 'last',
): ReadableAtom<PerpCandle[]> {
  return shared(`perp-kline:${symbol}:${interval}:${price}`, () => {
    const store = atom<PerpCandle[]>([]);
    let loaded = false;
    onMount(store, () => {
      if (!inBrowser()) return;
      return pollWhileVisible(async () => {
        const candles = await request(api.perpKline, {
          query: { symbol, interval, price, limit: loaded ? 2 : 300 },
          quiet: true,
        });
        store.set(loaded ? mergeCandles(store.get(), candles) : candles);
        loaded = true;
      }, KLINE_POLL_MS);
    });
    return store;
  });
}

/**
 * How far the server's clock is ahead of this browser's, for the perpetual screen's countdowns: asked of the
 * server when the screen first shows it (the midpoint of the call is the best guess of when it answered). The
 * offset is the second contracts' one, so both screens count alike.
 */
export const $serverClockOffset = computed($clockOffset, (offset) => offset);

onMount($serverClockOffset, () => {
  if (!inBrowser()) return;
  const sent = Date.now();
  request(serverTime, { quiet: true })
    .then(({ serverTime: now }) => learnServerClock(now, sent))
    .catch(() => {});
});

// ---------------------------------------------------------------- the user's side

const leverageSettings = atom<LeverageSetting[]>([]);
const positions = atom<PerpPosition[]>([]);
const openOrders = atom<PerpOrder[]>([]);
const history = atom<PerpOrder[]>([]);
const stopOrders = atom<StopOrder[]>([]);
const liquidations = atom<Liquidation[]>([]);
const trailingStops = atom<TrailingStop[]>([]);
const conditionals = atom<PerpConditional[]>([]);
const MINE = [leverageSettings, positions, openOrders, history, stopOrders, liquidations, trailingStops, conditionals];

export const $leverageSettings = readonlyType(leverageSettings);
export const $positions = readonlyType(positions);
export const $perpOpenOrders = readonlyType(openOrders);
export const $perpHistory = readonlyType(history);
export const $stopOrders = readonlyType(stopOrders);
export const $liquidations = readonlyType(liquidations);
/** The user's trailing stops with their working price, active ones first. */
export const $trailingStops = readonlyType(trailingStops);
/** The user's conditional orders with a quantity (stop-limit, stop-market, take-profit), newest first. */
export const $conditionalOrders = readonlyType(conditionals);

async function loadPositions(): Promise<void> {
  positions.set(await request(api.positions, { query: {} }));
}

async function loadPerpOrders(): Promise<void> {
  const [open, done] = await Promise.all([
    request(api.perpOrders, { query: { state: 'open', size: 100 } }),
    request(api.perpOrders, { query: { state: 'history', size: 50 } }),
  ]);
  openOrders.set(open.records);
  history.set(done.records);
}

async function loadStopOrders(): Promise<void> {
  stopOrders.set(await request(api.stopOrders, { query: {} }));
}

async function loadTrailingStops(): Promise<void> {
  trailingStops.set(await request(api.trailingStops, { query: {} }));
}

async function loadConditionals(): Promise<void> {
  conditionals.set(await request(api.conditionalOrders, { query: {} }));
}

/**
 * Everything of the user's that an order, a fill or a position change can move. The contract accounts are the
 * wallet's store (src/lib/perpetual-assets), which the contract assets screen shows too.
 */
async function loadMine(): Promise<void> {
  await Promise.all([
    loadPerpAccounts({ quiet: true }),
    loadPositions(),
    loadPerpOrders(),
    loadStopOrders(),
    loadTrailingStops(),
    loadConditionals(),
    request(api.liquidations, { query: {} }).then((rows) => liquidations.set(rows)),
  ]);
}

/**
 * Moves when the private feed says something perpetual changed (a contract order placed, filled or cancelled, a
 * position moved, liquidated or settled, a contract-account balance, a reconnection), at most once a second for
 * a burst (a fill pushes a balance, an order and a position together).
 */
function followPerpetualPushes(then: () => void): () => void {
  const again = throttle(then, 1_000);
  const off = privateFeed.listen((m) => {
    if (touchesPerpetual(m)) again();
  });
  return () => {
    off();
    again.cancel();
  };
}

/**
 * The user's side, while any of its stores is shown: loaded on sign-in (with the contract account's display
 * decimals) and after each burst of perpetual pushes; forgotten on logout, so the next user never sees it.
 */
function followMine(): () => void {
  if (!inBrowser()) return () => {};
  const reload = () => {
    request(api.leverageSettings, { query: {} })
      .then((rows) => leverageSettings.set(rows))
      .catch(() => {});
    loadMine().catch(() => {});
  };
  // Following the account activity signs the private feed in as this user.
  const offActivity = $accountActivity.listen(() => {});
  const offLogin = $isLogin.subscribe((signedIn) => {
    if (!signedIn) return MINE.forEach((s) => s.set([]));
    loadContractBalances().catch(() => {});
    reload();
  });
  const offPushes = followPerpetualPushes(() => $isLogin.get() && reload());
  return () => {
    offPushes();
    offLogin();
    offActivity();
  };
}

// The eight stores are loaded together: the first one shown starts following, the last one hidden stops.
let followers = 0;
let stopFollowing = () => {};
for (const store of MINE) {
  onMount(store, () => {
    if (followers++ === 0) stopFollowing = followMine();
    return () => {
      if (--followers === 0) stopFollowing();
    };
  });
}

const positionsLive = atom(0);
/** The positions (marks, PnL, margin ratios) read again every 2 s while shown, the page visible and the user in. */
export const $positionsLive = readonlyType(positionsLive);

onMount(positionsLive, () => {
  if (!inBrowser()) return;
  return pollWhileVisible(async () => {
    if (!$isLogin.get()) return;
    await request(api.positions, { query: {}, quiet: true }).then((p) => positions.set(p));
    positionsLive.set(positionsLive.get() + 1);
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

/** Closes part or all of a position from its row: a reduce-only limit at the price, or at market. */
export async function closeFromRow(body: PositionCloseBody): Promise<PerpOrder> {
  const order = await request(api.closePositionPart, { body });
  await loadMine();
  return order;
}

export async function placeTrailingStop(body: TrailingBody): Promise<TrailingStop> {
  const stop = await request(api.setTrailingStop, { body });
  await loadTrailingStops();
  return stop;
}

export async function cancelTrailingStop(id: number): Promise<void> {
  await request(api.cancelTrailingStop, { query: { id } });
  await loadTrailingStops();
}

/** Places a conditional order with a quantity; it waits (nothing held) until its trigger. */
export async function placeConditionalOrder(body: ConditionalBody): Promise<PerpConditional> {
  const placed = await request(api.setConditionalOrder, { body });
  await loadConditionals();
  return placed;
}

/** Cancels an active conditional order; one that fired meanwhile is refused (perpConditionalNotFound). */
export async function cancelConditionalOrder(id: number): Promise<void> {
  await request(api.cancelConditionalOrder, { query: { id } });
  await loadConditionals();
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
export async function updateLeverage(
  symbol: string,
  leverage: number,
  marginMode: MarginMode,
): Promise<LeverageSetting> {
  const setting = await request(api.updateLeverage, { body: { symbol, leverage, marginMode } });
  leverageSettings.set([...leverageSettings.get().filter((s) => s.symbol !== setting.symbol), setting]);
  return setting;
}

/** The account of a margin asset. */
export const accountOf = (accounts: readonly PerpAccount[], asset: string) => accounts.find((a) => a.asset === asset);
