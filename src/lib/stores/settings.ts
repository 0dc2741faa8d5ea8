import { computed, readonlyType } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import { DISPLAY_DEFAULTS } from '../../../isomorphic/contract/settings.values.ts';
import { platformConfig } from '../platform.ts';
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
}

/**
 * docs/requirements.md §9 defaults (the same the server's getAllSetting answers): CNY with rate 1, Asia/Hong_Kong,
 * MM/DD/YYYY HH:mm:ss, all assets shown.
 */
export const DEFAULT_SETTINGS: Settings = {
  ...DISPLAY_DEFAULTS,
  currency: { ...DISPLAY_DEFAULTS.currency },
  assetDisplay: { ...DISPLAY_DEFAULTS.assetDisplay },
};

const settings = persistentAtom<Settings>(
  `${platformConfig().storagePrefix}settings`,
  DEFAULT_SETTINGS,
  wrapped(DEFAULT_SETTINGS),
);
/** Changed only through updateSettings, which refuses what is not valid. */
export const $settings = firstFrame(readonlyType(settings), DEFAULT_SETTINGS);

/** The options formatDateTime takes, from the settings. */
export const $dateOptions = firstFrame(
  computed($settings, (s) => ({ timeZone: s.timeZone, withTime: s.withTime })),
  { timeZone: DEFAULT_SETTINGS.timeZone, withTime: DEFAULT_SETTINGS.withTime },
);

/** Changes some settings and keeps the rest; an unknown time zone is refused rather than stored. */
export function updateSettings(patch: Partial<Settings>): void {
  if (patch.timeZone !== undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: patch.timeZone });
    } catch {
      throw new RangeError(`unknown time zone ${patch.timeZone}`);
    }
  }
  settings.set({ ...DEFAULT_SETTINGS, ...settings.get(), ...patch });
}
