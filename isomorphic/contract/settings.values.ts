/**
 * The settings contract's values and answers, without zod, so browser code may import them (the schemas are in
 * settings.ts). docs/requirements.md §3 settings, language item and exchange-rate item; §9 defaults.
 */
import type { ExchangeRateItem } from './wallet.ts';

/** docs/requirements.md §3 theme: daytime, the default, and night (docs/products/account.md, display settings). */
export const THEMES = ['daytime', 'night'] as const;
export type Theme = (typeof THEMES)[number];

/**
 * docs/requirements.md §9: the display defaults a visitor starts with (CNY at rate 1, Asia/Hong_Kong, date with time,
 * every asset, the daytime theme).
 */
export const DISPLAY_DEFAULTS = {
  currency: { exchange_code: 'CNY', quote_currency: 'CNY', code_symbol: '¥', rate: '1' },
  timeZone: 'Asia/Hong_Kong',
  withTime: true,
  assetDisplay: { showAllAssets: true, type: 1 },
  theme: 'daytime' as Theme,
} as const;

/**
 * The dictionaries the platform keeps (docs/requirements.md §7 names coin_plate and coin_lang; t_repay_type is the
 * loans').
 */
export const DICT_CODES = ['coin_plate', 'coin_lang', 't_repay_type', 'bill_type', 'account_type'] as const;
export type DictCode = (typeof DICT_CODES)[number];

/**
 * One entry of a dictionary: `value` and its `text` in the caller's language (the shape dictionary clients read),
 * with the requirements' language-item names beside them: `dictValue` (the value) and `remark` (a language's own name,
 * or the text).
 */
export interface DictItem {
  value: string;
  text: string;
  dictValue: string;
  remark: string;
}

/** docs/requirements.md §3 settings as the platform holds them, for a client to start from. */
export interface AllSettings {
  productName: string;
  defaultLanguage: string;
  /** coin_lang: the languages the site is in. */
  languages: DictItem[];
  /** The display currency a visitor starts with, and every display currency with its rate (one USDT in it). */
  defaultCurrency: { exchange_code: string; quote_currency: string; code_symbol: string; rate: string };
  currencies: ExchangeRateItem[];
  /** docs/requirements.md §9 default theme. */
  theme: Theme;
  timeZone: string;
  timeFormat: 'MM/DD/YYYY HH:mm:ss' | 'MM/DD/YYYY';
  assetDisplay: { showAllAssets: boolean; type: number };
}
