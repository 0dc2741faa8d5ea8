import i18next, { type TFunction } from 'i18next';
import { loadDictionary } from '../../isomorphic/i18n/dictionary.node.ts';
import { DEFAULT_LOCALE, LOCALES, pickLocale, type Locale } from '../../isomorphic/i18n/locales.ts';

/** The same flat dictionaries the site uses, so an error reads the same in a toast and in the API docs. */
function loadResources() {
  const resources: Record<string, { translation: Record<string, string> }> = {};
  for (const locale of LOCALES) {
    resources[locale] = { translation: loadDictionary(locale) };
  }
  return resources;
}

const instance = i18next.createInstance();
await instance.init({
  resources: loadResources(),
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});

const fixed = new Map<Locale, TFunction>(LOCALES.map((l) => [l, instance.getFixedT(l)]));

export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** The translator for a locale: translatorFor('de')('error.badCredentials'). */
export function translatorFor(locale: Locale): Translate {
  const t = fixed.get(locale)!;
  return (key, params) => t(key, params ?? {}) as string;
}

/** The caller's locale from the requirements' `lang`/`language` headers, then Accept-Language. */
export function localeOfHeaders(headers: Record<string, string | string[] | undefined>): Locale {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  return pickLocale(first(headers.lang), first(headers.language), first(headers['accept-language']));
}

export function hasMessage(key: string): boolean {
  return instance.exists(key, { lng: DEFAULT_LOCALE });
}
