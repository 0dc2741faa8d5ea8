/**
 * The parts of per-language names the browser uses without the schemas (islands load no zod): the limit, the shape,
 * and reading a name in a language (local-names.ts holds the form's schemas).
 */
import type { Locale } from '../i18n/locales.ts';

/** The longest name in any language, in characters. */
export const NAME_MAX = 80;

/** Every language's name: English always there, the others when the operator gave one. */
export type LocalNames = { en: string } & Partial<Record<Locale, string>>;

/** The English name and the others as one value, English winning over a stray `en` among the others. */
export const namesOf = (en: string, others: Partial<Record<Locale, string>> = {}): LocalNames => ({
  ...others,
  en,
});

/** The names besides English, as the console edits them (English has its own field). */
export const othersOf = (names: LocalNames): Partial<Record<Locale, string>> => {
  const { en: _en, ...others } = names;
  return others;
};

/** The name in a language, or English when the operator gave none in it. */
export const nameIn = (names: LocalNames, locale: Locale): string => names[locale] || names.en;
