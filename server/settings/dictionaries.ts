import {
  DISPLAY_DEFAULTS,
  type AllSettings,
  type DictCode,
  type DictItem,
} from '../../isomorphic/contract/settings.values.ts';
import { REPAY_TYPES } from '../../isomorphic/contract/loan.ts';
import { DEFAULT_LOCALE, LOCALES, LOCALE_NAMES } from '../../isomorphic/i18n/locales.ts';
import { loadMarkets } from '../spot/market.repo.ts';
import type { Translate } from '../i18n/i18n.ts';
import { ACCOUNT, BILL_TYPES } from '../ledger/account-types.ts';
import type { Queryable } from '../storage/db.ts';
import { coinRates } from '../wallet/wallet.service.ts';

const item = (value: string | number, text: string, remark = text): DictItem => ({
  value: String(value),
  text,
  dictValue: String(value),
  remark,
});

/**
 * Each dictionary the platform keeps, read from where its entries really live: the market plates from the markets
 * table, the languages from the locales the site is built in, the repayment, bill and account types from their
 * code lists. Labels come in the caller's language.
 */
const DICTIONARIES: Record<DictCode, (q: Queryable, t: Translate) => Promise<DictItem[]> | DictItem[]> = {
  // docs/requirements.md §3 coin entry `plate`: the boards markets are grouped on (the home page's crypto, foreign
  // currency and gold).
  coin_plate: async (q, t) => {
    const plates = [...new Set((await loadMarkets(q)).filter((m) => m.status === 'active').map((m) => m.plate))];
    return plates.map((p) => item(p, t(`dict.coin_plate.${p}`)));
  },
  // docs/requirements.md §3 language item: each language's own name, whatever the caller's language.
  coin_lang: () => LOCALES.map((l) => item(l, LOCALE_NAMES[l])),
  t_repay_type: (_q, t) => REPAY_TYPES.map((v) => item(v, t(`loan.repay.${v}`))),
  bill_type: (_q, t) => BILL_TYPES.map((b) => item(b, t(`bill.${b}`))),
  account_type: (_q, t) =>
    Object.values(ACCOUNT)
      .filter((a) => a < 100)
      .map((a) => item(a, t(`assets.account.${a}`))),
};

const isDictCode = (code: string): code is DictCode => Object.hasOwn(DICTIONARIES, code);

/** A dictionary's entries; undefined when the platform keeps none of that name. */
export async function dictionary(q: Queryable, code: string, t: Translate): Promise<DictItem[] | undefined> {
  return isDictCode(code) ? DICTIONARIES[code](q, t) : undefined;
}

/**
 * docs/requirements.md §3 settings: the languages, the display currencies with their rates, and the display defaults of
 * docs/requirements.md §9.
 */
export async function allSettings(q: Queryable, productName: string): Promise<AllSettings> {
  return {
    productName,
    defaultLanguage: DEFAULT_LOCALE,
    languages: await DICTIONARIES.coin_lang(q, (k) => k),
    defaultCurrency: { ...DISPLAY_DEFAULTS.currency },
    currencies: await coinRates(q),
    theme: DISPLAY_DEFAULTS.theme,
    timeZone: DISPLAY_DEFAULTS.timeZone,
    timeFormat: DISPLAY_DEFAULTS.withTime ? 'MM/DD/YYYY HH:mm:ss' : 'MM/DD/YYYY',
    assetDisplay: { ...DISPLAY_DEFAULTS.assetDisplay },
  };
}
