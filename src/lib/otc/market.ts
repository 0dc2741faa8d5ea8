/**
 * The OTC market (/otc/common): the ads a user can take for a side, coin and fiat, and taking one. The list loads
 * again when the refresh topic says OTC changed (an ad was taken, closed or went offline) and a taken ad's order
 * page is where the user goes next.
 */
import { atom, onMount, type ReadableAtom } from 'nanostores';
import { request } from '../api/client.ts';
import * as api from '../../../isomorphic/contract/otc.endpoints.ts';
import type { OtcAd, OtcOrder, OtcSide, TakeBody } from '../../../isomorphic/contract/otc.ts';
import { OTC_COINS } from '../../../isomorphic/contract/otc.values.ts';
import type { ExchangeRateItem } from '../../../isomorphic/contract/wallet.ts';
import { latest, type LoadStatus } from '../perpetual-assets/remote.ts';
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

export interface AdsView {
  filter: MarketFilter;
  ads: OtcAd[];
  total: number;
  status: LoadStatus;
  /** The server's refusal of the filter (an unknown coin or fiat), shown in place of the table. */
  error: string;
}

const view = atom<AdsView>({ filter: { side: 'buy', coin: 'USDT', fiat: DEFAULT_FIAT, page: 1 }, ads: [], total: 0, status: 'idle', error: '' });
export const $ads: ReadableAtom<AdsView> = view;
const calls = latest();

/** Loads the ads of a filter (the current one when none is given); `quiet` keeps the table while it reloads. */
export async function loadAds(filter: MarketFilter = view.get().filter, opts: { quiet?: boolean } = {}): Promise<void> {
  const ticket = calls.next();
  const before = view.get();
  const same = JSON.stringify(filter) === JSON.stringify(before.filter);
  view.set({ ...before, filter, status: opts.quiet && same ? before.status : 'loading', ...(same ? {} : { ads: [], total: 0 }) });
  try {
    const page = await request(api.adList, { query: { side: filter.side, coin: filter.coin, fiat: filter.fiat, page: filter.page, size: ADS_PAGE_SIZE }, quiet: true });
    if (calls.isCurrent(ticket)) view.set({ filter, ads: page.records, total: page.total, status: 'ready', error: '' });
  } catch (e) {
    if (calls.isCurrent(ticket)) view.set({ filter, ads: [], total: 0, status: 'error', error: e instanceof Error ? e.message : '' });
  }
}

onMount(view, () => {
  if (typeof window === 'undefined') return;
  // The island loads the first filter, from the address.
  return followOtc(() => void loadAds(undefined, { quiet: true }));
});

/** Takes an ad at the price shown; quiet, so the dialog shows a refusal (a moved price, the limits) beside the amount. */
export function takeAd(body: TakeBody): Promise<OtcOrder> {
  return request(api.takeAd, { body, quiet: true });
}

const fiats = atom<ExchangeRateItem[]>([]);
/** The fiat currencies of the wallet's exchange-rate list, with their rates per USDT. */
export const $fiats: ReadableAtom<ExchangeRateItem[]> = fiats;
onMount(fiats, () => {
  if (typeof window === 'undefined') return;
  loadRates().then((r) => fiats.set(r)).catch(() => {});
});
