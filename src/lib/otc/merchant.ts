/**
 * Merchants (docs/requirements.md §6): the application and its standing (the account centre's merchant tab,
 * /merchant/index for users who are not merchants yet), the merchant's own ads with posting, changing, showing, hiding
 * and closing, and the balances of the merchant account (type 8) and the OTC account (type 4) the coins move through.
 */
import { atom, onMount, onStart, readonlyType, type ReadableAtom, type WritableAtom } from 'nanostores';
import { request } from '../api/client.ts';
import * as api from '../../../isomorphic/contract/otc.endpoints.ts';
import type { AdBody, MerchantStatus, OtcOwnAd } from '../../../isomorphic/contract/otc.ts';
import type { CurrencyAccountRow } from '../../../isomorphic/contract/wallet.ts';
import { $isLogin } from '../stores/session.ts';
import { loadUserInfo } from '../user/actions.ts';
import { coinsOf } from '../wallet/actions.ts';
import { followOtc } from './feed.ts';

/** The wallet's account types the OTC coins live in (README "Ledger, account types"). */
export const OTC_ACCOUNT = 4;
export const MERCHANT_ACCOUNT = 8;

const inBrowser = () => typeof window !== 'undefined' && $isLogin.get();

const status = atom<MerchantStatus | null>(null);
/** The caller's application or standing, and what applying needs; null until loaded. */
export const $merchantStatus: ReadableAtom<MerchantStatus | null> = status;

async function loadMerchantStatus(): Promise<MerchantStatus> {
  const s = await request(api.merchantStatus);
  // An approval made the user a merchant since the session was stored: the menu and the tab follow the user info.
  if (s.state === 'approved' && status.get()?.state !== 'approved') await loadUserInfo().catch(() => {});
  status.set(s);
  return s;
}

onMount(status, () => {
  if (!inBrowser()) return;
  loadMerchantStatus().catch(() => {});
  return followOtc(() => void loadMerchantStatus().catch(() => {}));
});

/** Applies: the deposit is held from the OTC account until an operator decides. Quiet: the card shows a refusal. */
export async function applyMerchant(): Promise<MerchantStatus> {
  const s = await request(api.applyMerchant, { quiet: true });
  status.set(s);
  return s;
}

const ads = atom<OtcOwnAd[] | null>(null);
/** The merchant's ads, open and closed, newest first; null until loaded. */
export const $ownAds: ReadableAtom<OtcOwnAd[] | null> = ads;

async function loadOwnAds(): Promise<void> {
  ads.set(await request(api.ownAds, { quiet: true }));
}

onMount(ads, () => {
  if (!inBrowser()) return;
  loadOwnAds().catch(() => {});
  return followOtc(() => void loadOwnAds().catch(() => {}));
});

const reloadAds = () => loadOwnAds().catch(() => {});

/** Posts a new ad or changes one; quiet, so the form shows a refusal beside its fields. */
export async function saveAd(body: AdBody): Promise<OtcOwnAd> {
  const ad = await request(api.saveAd, { body, quiet: true });
  await reloadAds();
  return ad;
}

export async function setAdOnline(id: number, online: boolean): Promise<OtcOwnAd> {
  const ad = await request(api.setAdOnline, { body: { id, online } });
  await reloadAds();
  return ad;
}

export async function closeAd(id: number): Promise<OtcOwnAd> {
  const ad = await request(api.closeAd, { body: { id } });
  await reloadAds();
  return ad;
}

type OtcAccount = typeof OTC_ACCOUNT | typeof MERCHANT_ACCOUNT;
/** No account's coins (a screen that needs none now); null, as before loading. */
export const $noOtcBalances: ReadableAtom<CurrencyAccountRow[] | null> = readonlyType(atom(null));
const balanceStores = new Map<OtcAccount, WritableAtom<CurrencyAccountRow[] | null>>();

/**
 * The coins of one of the OTC accounts (4 or 8), with what is free and what is held; null until loaded. Asked
 * each time a screen starts showing them, and again when the refresh topic says OTC changed.
 */
export function otcBalancesStore(type: OtcAccount): ReadableAtom<CurrencyAccountRow[] | null> {
  let store = balanceStores.get(type);
  if (!store) {
    const s = (store = atom<CurrencyAccountRow[] | null>(null));
    const load = () =>
      void coinsOf(type).then(
        (rows) => s.set(rows),
        () => {},
      );
    onStart(s, () => (typeof window === 'undefined' ? undefined : load()));
    onMount(s, () => (typeof window === 'undefined' ? undefined : followOtc(load)));
    balanceStores.set(type, store);
  }
  return readonlyType(store);
}

/** The wallet's transfer form, opened on moving coins into an OTC account. */
export function transferHref(to: typeof OTC_ACCOUNT | typeof MERCHANT_ACCOUNT, coin = 'USDT'): string {
  return `/assets/index?key=transfer&coin=${coin}&from=1&to=${to}`;
}
