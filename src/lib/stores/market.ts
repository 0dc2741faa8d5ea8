import { atom, computed, map, onMount, readonlyType, type ReadableAtom } from 'nanostores';
import { request } from '../api/client.ts';
import type { SymbolDetail } from '../../../isomorphic/contract/feed.ts';
import { addOptional, cancelOptional, coinList, kline } from '../../../isomorphic/contract/spot.endpoints.ts';
import type {
  CoinList,
  DepthSnapshot,
  Kline,
  KlineInterval,
  MarketEntry,
  PriceInfo,
  PublicTrade,
} from '../../../isomorphic/contract/spot.ts';
import { quoteOf } from '../spot/order-math.ts';
import { publicFeed } from '../feed/public-feed.ts';
import { rememberAssetDecimals } from './assets.ts';
import { $token } from './session.ts';
import { takeEarly } from '../api/early.ts';

const markets = atom<CoinList>({ coinList: [], currencyList: [], contractList: [], mt5List: [] });
/** Every market with its latest price: loaded once, then kept live by `all_symbol_detail`. */
export const $markets = readonlyType(markets);

function applyDetails(details: SymbolDetail[]): void {
  const bySymbol = new Map(details.map((d) => [d.symbolName, d]));
  const update = (list: MarketEntry[]) =>
    list.map((e) => {
      const d = bySymbol.get(e.symbol);
      return d ? { ...e, close: d.close, amount: d.close, zdf: d.zdf, turnover: d.amount } : e;
    });
  const c = markets.get();
  markets.set({
    ...c,
    currencyList: update(c.currencyList),
    mt5List: update(c.mt5List),
    coinList: update(c.coinList),
    contractList: update(c.contractList),
  });
}

/**
 * Loads the market list (again after a watchlist change, say). A visitor's first load takes the list the page asked for
 * early (src/lib/api/early.ts); a signed-in user's carries their watchlist, so it is always asked for with the token.
 */
export async function loadMarkets(): Promise<void> {
  const early = $token.get() ? null : await takeEarly<CoinList>('coinList');
  const list = early ?? (await request(coinList));
  markets.set(list);
  // The public list is where a visitor learns how many decimals each asset shows (a balance teaches signed-in users).
  rememberAssetDecimals(
    [...list.currencyList, ...list.mt5List].flatMap((m) => [
      ...(m.baseDecimals === undefined ? [] : [{ coin: m.baseCoin, displayDecimals: m.baseDecimals }]),
      ...(m.quoteDecimals === undefined ? [] : [{ coin: quoteOf(m), displayDecimals: m.quoteDecimals }]),
    ]),
  );
}

/** Stores open network work only in a browser, never while pages are rendered at build time. */
const inBrowser = () => typeof window !== 'undefined';

onMount(markets, () => {
  if (!inBrowser()) return;
  loadMarkets().catch(() => {});
  return publicFeed.subscribe({ topic: 'all_symbol_detail' }, (m) => {
    if (m.event === 'ALL_SYMBOL_DETAIL') applyDetails(m.data);
  });
});

const cache = new Map<string, ReadableAtom<unknown>>();
/** One live store per key, created on first use and shared by every island on the page. */
function shared<T>(key: string, make: () => ReadableAtom<T>): ReadableAtom<T> {
  let store = cache.get(key);
  if (!store) cache.set(key, (store = make()));
  return store as ReadableAtom<T>;
}

/** The 24-hour ticker of a market, live. */
export function tickerStore(symbol: string): ReadableAtom<PriceInfo | null> {
  return shared(`detail:${symbol}`, () => {
    const store = atom<PriceInfo | null>(null);
    onMount(store, () =>
      inBrowser()
        ? publicFeed.subscribe({ topic: 'detail', symbol }, (m) => m.event === 'DETAIL' && store.set(m.data))
        : undefined,
    );
    return store;
  });
}

/** The order book grouped by `step` (the tick when empty), live at up to ten updates a second. */
export function depthStore(symbol: string, step: string): ReadableAtom<DepthSnapshot | null> {
  return shared(`depth:${symbol}:${step}`, () => {
    const store = atom<DepthSnapshot | null>(null);
    onMount(store, () =>
      inBrowser()
        ? publicFeed.subscribe(
            { topic: 'depth', symbol, ...(step ? { step } : {}) },
            (m) => m.event === 'DEPTH' && store.set(m.data),
          )
        : undefined,
    );
    return store;
  });
}

/** The latest trades of a market, newest first, live. */
export function tradesStore(symbol: string): ReadableAtom<PublicTrade[]> {
  return shared(`trade:${symbol}`, () => {
    const store = atom<PublicTrade[]>([]);
    let first = true;
    onMount(store, () => {
      if (!inBrowser()) return;
      return publicFeed.subscribe({ topic: 'trade', symbol }, (m) => {
        if (m.event !== 'TRADE') return;
        // The first message is the snapshot; later ones are new trades on top of it.
        store.set(first ? m.data : [...m.data, ...store.get()].slice(0, 50));
        first = false;
      });
    });
    return store;
  });
}

/**
 * The market's last price, the one number the header and the chart's price label both show: the newest trade's, which
 * the feed pushes with each batch like the candles, else the ticker's, which it sends at most once a second (reading
 * each alone left the header up to a second behind the chart).
 */
export function lastPriceStore(symbol: string): ReadableAtom<string | null> {
  return shared(`last:${symbol}`, () =>
    computed([tradesStore(symbol), tickerStore(symbol)], (trades, ticker) => trades[0]?.price ?? ticker?.close ?? null),
  );
}

/** Candles of a market at an interval: the history from the API, then the live candle from the feed. */
export function klineStore(symbol: string, interval: KlineInterval): ReadableAtom<Kline[]> {
  return shared(`kline:${symbol}:${interval}`, () => {
    const store = atom<Kline[]>([]);
    onMount(store, () => {
      if (!inBrowser()) return;
      request(kline, { query: { symbol, interval, limit: 500 } })
        .then((history) => store.set(mergeCandle(history, store.get().at(-1))))
        .catch(() => {});
      return publicFeed.subscribe({ topic: 'kline', symbol, interval }, (m) => {
        if (m.event === 'KLINE' && m.data[0] > 0) store.set(mergeCandle(store.get(), m.data));
      });
    });
    return store;
  });
}

/** Puts a candle into a series: replaces the one with its open time, or appends a newer one. */
function mergeCandle(series: Kline[], candle: Kline | undefined): Kline[] {
  if (!candle) return series;
  const last = series.at(-1);
  if (!last || candle[0] > last[0]) return [...series, candle];
  if (candle[0] === last[0]) return [...series.slice(0, -1), candle];
  return series;
}

const watch = map<Record<string, boolean>>({});
/** The user's watchlist flags by symbol, changed optimistically while the call runs. */
export const $watch = readonlyType(watch);

/** Puts a market on the watchlist or takes it off: shown at once, undone if the call fails (then it rejects). */
export async function setWatched(symbol: string, watched: boolean): Promise<void> {
  watch.setKey(symbol, watched);
  try {
    await request(watched ? addOptional : cancelOptional, { query: { symbol } });
  } catch (e) {
    watch.setKey(symbol, !watched);
    throw e;
  }
}
