/** The 13 locales of the product; English is the default and is served without a path prefix. */
export const LOCALES = ['en', 'zh-CN', 'zh-TW', 'ko', 'ja', 'pt', 'vi', 'th', 'es', 'fr', 'ru', 'de', 'lt'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each locale's own name for itself, as shown in the language picker. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  ko: '한국어',
  ja: '日本語',
  pt: 'Português',
  vi: 'Tiếng Việt',
  th: 'ไทย',
  es: 'Español',
  fr: 'Français',
  ru: 'Русский',
  de: 'Deutsch',
  lt: 'Lietuvių',
};

/** isLocale('de') → true; narrows arbitrary header or path text to a Locale. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Best locale for a header value such as `lang: zh-cn` or `Accept-Language: de-DE,de;q=0.9`; falls back to English. */
export function pickLocale(...candidates: Array<string | undefined | null>): Locale {
  for (const raw of candidates) {
    if (!raw) continue;
    for (const part of raw.split(',')) {
      const tag = part.split(';')[0]!.trim();
      if (!tag) continue;
      const exact = LOCALES.find((l) => l.toLowerCase() === tag.toLowerCase());
      if (exact) return exact;
      const lower = tag.toLowerCase();
      if (lower.startsWith('zh')) return /tw|hk|mo|hant/.test(lower) ? 'zh-TW' : 'zh-CN';
      const base = LOCALES.find((l) => l === lower.split('-')[0]);
      if (base) return base;
    }
  }
  return DEFAULT_LOCALE;
}

/** The first path segment when it names a non-default locale: localeOfPath('/de/user/login') → 'de'. */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split('/')[1] ?? '';
  return isLocale(first) && first !== DEFAULT_LOCALE ? first : DEFAULT_LOCALE;
}

/** The path without its locale prefix: stripLocale('/de/user/login') → '/user/login'. */
export function stripLocale(pathname: string): string {
  const locale = localeOfPath(pathname);
  if (locale === DEFAULT_LOCALE) return pathname || '/';
  const rest = pathname.slice(locale.length + 1);
  return rest === '' ? '/' : rest;
}

/** The same page in another locale: localizePath('/user/login', 'ja') → '/ja/user/login'. */
export function localizePath(pathname: string, locale: Locale): string {
  const bare = stripLocale(pathname);
  if (locale === DEFAULT_LOCALE) return bare;
  return bare === '/' ? `/${locale}` : `/${locale}${bare}`;
}
