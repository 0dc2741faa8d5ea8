import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../../isomorphic/i18n/locales.ts';

/** getStaticPaths for a page under src/pages/[...lang]/: English at the bare path, the others under /{locale}. */
export function localeStaticPaths() {
  return LOCALES.map((locale) => ({
    params: { lang: locale === DEFAULT_LOCALE ? undefined : locale },
    props: { locale },
  }));
}

export interface LocaleProps {
  locale: Locale;
}
