import { atom, onMount, readonlyType } from 'nanostores';
import type { CountryCode } from '../../../isomorphic/contract/user.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { countryCodes } from '../user/actions.ts';

const countries = atom<CountryCode[]>([]);
onMount(countries, () => {
  // Only in a browser: pages are also rendered at build time.
  if (typeof window !== 'undefined' && countries.get().length === 0)
    countryCodes().then(
      (list) => countries.set(list),
      () => {},
    );
});
/** Countries with calling codes, fetched when the first phone field appears. */
export const $countries = readonlyType(countries);

/** The country a phone field starts on for a language. */
export const DEFAULT_COUNTRY: Record<Locale, string> = {
  en: 'US',
  'zh-CN': 'CN',
  'zh-TW': 'TW',
  ko: 'KR',
  ja: 'JP',
  pt: 'BR',
  vi: 'VN',
  th: 'TH',
  es: 'ES',
  fr: 'FR',
  ru: 'RU',
  de: 'DE',
  lt: 'LT',
};
