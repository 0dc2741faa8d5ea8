import { computed, readonlyType } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import { DISPLAY_DEFAULTS, THEMES, type Theme } from '../../../isomorphic/contract/settings.values.ts';
import { platformConfig } from '../platform.ts';
import { SETTINGS_KEY } from '../theme/boot.ts';
import { firstFrame } from './first-frame.ts';
import { wrapped } from './persist.ts';

/** An exchange-rate item of docs/requirements.md §3: how one USDT reads in a display currency. */
interface DisplayCurrency {
  exchange_code: string;
  quote_currency: string;
  /** The currency's sign, e.g. "¥". */
  code_symbol: string;
  /** Units of this currency per unit of the quote, as a decimal string. */
  rate: string;
}

/** The user's display settings (docs/requirements.md §3), kept in the browser between visits. */
export interface Settings {
  currency: DisplayCurrency;
  timeZone: string;
  /** Whether times show with the date (MM/DD/YYYY HH:mm:ss) or the date alone. */
  withTime: boolean;
  /** The asset display setting: show every asset, or hide small balances; type 1 is the total account. */
  assetDisplay: { showAllAssets: boolean; type: number };
  /** Daytime or night colours (docs/products/account.md); the page head applies it before the first paint. */
  theme: Theme;
}

/**
 * docs/requirements.md §9 defaults (the same the server's getAllSetting answers): CNY with rate 1, Asia/Hong_Kong,
 * MM/DD/YYYY HH:mm:ss, all assets shown, the daytime theme.
 */
export const DEFAULT_SETTINGS: Settings = {
  ...DISPLAY_DEFAULTS,
  currency: { ...DISPLAY_DEFAULTS.currency },
  assetDisplay: { ...DISPLAY_DEFAULTS.assetDisplay },
};

const stored = wrapped(DEFAULT_SETTINGS);
const settings = persistentAtom<Settings>(`${platformConfig().storagePrefix}${SETTINGS_KEY}`, DEFAULT_SETTINGS, {
  encode: stored.encode,
  // What a browser kept before a setting existed (the theme) reads that setting's default.
  decode: (raw) => ({ ...DEFAULT_SETTINGS, ...stored.decode(raw) }),
});
/** Changed only through updateSettings, which refuses what is not valid. */
export const $settings = firstFrame(readonlyType(settings), DEFAULT_SETTINGS);

/** The options formatDateTime takes, from the settings. */
export const $dateOptions = firstFrame(
  computed($settings, (s) => ({ timeZone: s.timeZone, withTime: s.withTime })),
  { timeZone: DEFAULT_SETTINGS.timeZone, withTime: DEFAULT_SETTINGS.withTime },
);

/** The chosen theme (islands hydrate with the default; the page itself is themed before paint by theme/boot.ts). */
export const $theme = firstFrame(
  computed($settings, (s) => s.theme),
  DEFAULT_SETTINGS.theme,
);

/** Changes some settings and keeps the rest; an unknown time zone or theme is refused rather than stored. */
export function updateSettings(patch: Partial<Settings>): void {
  if (patch.timeZone !== undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: patch.timeZone });
    } catch {
      throw new RangeError(`unknown time zone ${patch.timeZone}`);
    }
  }
  if (patch.theme !== undefined && !THEMES.includes(patch.theme)) throw new RangeError(`unknown theme ${patch.theme}`);
  settings.set({ ...DEFAULT_SETTINGS, ...settings.get(), ...patch });
}

/** Shows values in this display currency from now on (the rate item as getCoinRate lists it). */
export function chooseCurrency(item: Settings['currency']): void {
  const { exchange_code, quote_currency, code_symbol, rate } = item;
  updateSettings({ currency: { exchange_code, quote_currency, code_symbol, rate } });
}
