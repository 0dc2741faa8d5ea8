import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../../isomorphic/i18n/locales.ts';

/**
 * The [...lang] route parameter of a locale: English lives at the bare path (undefined), the others under /{locale}.
 */
const langParam = (locale: Locale) => (locale === DEFAULT_LOCALE ? undefined : locale);

/**
 * getStaticPaths for a content page with more parameters than the locale: one path per locale and item.
 * perLocale(async (locale) => ids.map((id) => ({ params: { id }, props: {...} })))
 */
export async function perLocale<P extends Record<string, string | number>, T extends object>(
  make: (locale: Locale) => Promise<Array<{ params: P; props: T }>>,
): Promise<Array<{ params: P & { lang: string | undefined }; props: T & { locale: Locale } }>> {
  const all = await Promise.all(
    LOCALES.map(async (locale) =>
      (await make(locale)).map(({ params, props }) => ({
        params: { ...params, lang: langParam(locale) },
        props: { ...props, locale },
      })),
    ),
  );
  return all.flat();
}
