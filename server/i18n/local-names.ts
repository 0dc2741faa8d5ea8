import { othersOf, type LocalNames } from '../../isomorphic/contract/local-names.ts';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../../isomorphic/i18n/locales.ts';
import { hasMessage, translatorFor, type Translate } from './i18n.ts';

/** The JSON column of a product's names besides English (English lives in its own `name` column). */
export function namesColumn(names: LocalNames): string {
  return JSON.stringify(othersOf(names));
}

/** A row's names: its English `name` and the JSON column (a row from before the column reads '{}'). */
export function namesOfRow(en: unknown, column: unknown): LocalNames {
  const parsed = typeof column === 'string' && column ? (JSON.parse(column) as Record<string, unknown>) : {};
  const names: LocalNames = { en: String(en) };
  for (const [locale, name] of Object.entries(parsed))
    if (isLocale(locale) && locale !== DEFAULT_LOCALE && typeof name === 'string' && name) names[locale] = name;
  return names;
}

/** A seeded product's name in all 13 languages, from the site's own dictionaries. */
export function seedNames(write: (t: Translate) => string): LocalNames {
  const names: LocalNames = { en: write(translatorFor(DEFAULT_LOCALE)) };
  for (const locale of LOCALES) names[locale] = write(translatorFor(locale));
  return names;
}

/**
 * A coin's display name in a language: the dictionary's (coin.name.<CODE>, "比特币") for a well-known coin whose
 * listed name is still the one the dictionary knows in English; otherwise the name operators listed it under, so a
 * code reused for another coin or a coin renamed is never shown under a translated name that is not its own.
 */
export function coinName(locale: Locale, code: string, listed: string): string {
  const key = `coin.name.${code}`;
  if (!hasMessage(key) || translatorFor(DEFAULT_LOCALE)(key) !== listed) return listed;
  return translatorFor(locale)(key);
}
