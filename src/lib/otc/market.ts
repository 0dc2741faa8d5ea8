/**
 * The OTC market (/otc/common): the ads a user can take for a side, coin and fiat, and taking one. The list loads
 * again when the refresh topic says OTC changed (an ad was taken, closed or went offline) and a taken ad's order
 * page is where the user goes next.
 */
import { atom, onMount, type ReadableAtom } from 'nanostores';
import { ApiError, request } from '../api/client.ts';
import { ERRORS } from '../../../isomorphic/contract/codes.ts';
import * as api from '../../../isomorphic/contract/otc.endpoints.ts';
import type { OtcAd, OtcOrder, OtcSide, TakeBody } from '../../../isomorphic/contract/otc.ts';
import { OTC_COINS } from '../../../isomorphic/contract/otc.values.ts';
import type { ExchangeRateItem } from '../../../isomorphic/contract/wallet.ts';
import { latest, type LoadStatus } from '../perpetual-assets/remote.ts';
import { firstFrame } from '../stores/first-frame.ts';
import { loadRates } from '../wallet/balances.ts';
import { followOtc } from './feed.ts';

/** The market's coin tabs: the coins the server trades over the counter. */
export { OTC_COINS };
export const DEFAULT_FIAT = 'CNY';
export const ADS_PAGE_SIZE = 10;

export interface MarketFilter {
  side: OtcSide;
  coin: string;
  fiat: string;
  page: number;
}

interface AdsView {
  filter: MarketFilter;
  ads: OtcAd[];
  total: number;
  status: LoadStatus;
  /** The server's refusal of the filter (an unknown coin or fiat), shown in place of the table. */
  error: string;
}

const builtView: AdsView = {
  filter: { side: 'buy', coin: 'USDT', fiat: DEFAULT_FIAT, page: 1 },
  ads: [],
  total: 0,
  status: 'idle',
  error: '',
};
const view = atom<AdsView>(builtView);
// The first subscriber starts the address's load at once, before the island has hydrated.
export const $ads: ReadableAtom<AdsView> = firstFrame(view, builtView);
const calls = latest();

/** Loads the ads of a filter (the current one when none is given); `quiet` keeps the table while it reloads. */
export async function loadAds(filter: MarketFilter = view.get().filter, opts: { quiet?: boolean } = {}): Promise<void> {
  const ticket = calls.next();
  const before = view.get();
  const same = JSON.stringify(filter) === JSON.stringify(before.filter);
  view.set({
    ...before,
    filter,
    status: opts.quiet && same ? before.status : 'loading',
    ...(same ? {} : { ads: [], total: 0 }),
  });
  try {
    const page = await request(api.adList, {
      query: { side: filter.side, coin: filter.coin, fiat: filter.fiat, page: filter.page, size: ADS_PAGE_SIZE },
      quiet: true,
    });
    if (calls.isCurrent(ticket)) view.set({ filter, ads: page.records, total: page.total, status: 'ready', error: '' });
  } catch (e) {
    if (calls.isCurrent(ticket))
      view.set({ filter, ads: [], total: 0, status: 'error', error: e instanceof Error ? e.message : '' });
  }
}

/** The filter an address names (?side=sell&coin=BTC&fiat=USD), or the defaults. */
function filterOfAddress(search: string): MarketFilter {
  const q = new URLSearchParams(search);
  const side: OtcSide = q.get('side') === 'sell' ? 'sell' : 'buy';
  return {
    side,
    coin: (q.get('coin') ?? 'USDT').toUpperCase(),
    fiat: (q.get('fiat') ?? DEFAULT_FIAT).toUpperCase(),
    page: 1,
  };
}

// The market shown first is the one the page's address names.
onMount(view, () => {
  if (typeof window === 'undefined') return;
  void loadAds(filterOfAddress(location.search));
  return followOtc(() => void loadAds(undefined, { quiet: true }));
});

/**
 * Takes an ad at the price shown; quiet, so the dialog shows a refusal (a moved price, the limits) beside the
 * amount. When the ad's price or what it has left moved, the ads load again first, so the dialog shows it as it is now.
 */
export async function takeAd(body: TakeBody): Promise<OtcOrder> {
  try {
    return await request(api.takeAd, { body, quiet: true });
  } catch (err) {
    if (err instanceof ApiError && (err.code === ERRORS.otcPriceChanged || err.code === ERRORS.otcOutsideLimits))
      await loadAds(undefined, { quiet: true });
    throw err;
  }
}

const fiats = atom<ExchangeRateItem[]>([]);
/** The fiat currencies of the wallet's exchange-rate list, with their rates per USDT. */
export const $fiats: ReadableAtom<ExchangeRateItem[]> = fiats;
onMount(fiats, () => {
  if (typeof window === 'undefined') return;
  loadRates()
    .then((r) => fiats.set(r))
    .catch(() => {});
});
