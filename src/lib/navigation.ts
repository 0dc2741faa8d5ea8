import { DEFAULT_LOCALE, isLocale, localizePath, type Locale } from './i18n/locales.ts';

/** The locale of the page being shown, from <html lang>. */
export function currentLocale(): Locale {
  const lang = typeof document === 'undefined' ? DEFAULT_LOCALE : document.documentElement.lang;
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

/** A site path in the page's locale: href('/user/login') on a German page → '/de/user/login'. */
export function href(path: string, locale: Locale = currentLocale()): string {
  const [bare, query] = path.split('?');
  return localizePath(bare!, locale) + (query ? `?${query}` : '');
}

/** Loads another page of the site in the current locale; a new page starts at the top (spec §2). */
export function goTo(path: string): void {
  window.location.assign(href(path));
}

/** A post-login destination from a query value, kept on this site: safeRedirect('//evil.example') → '/home/index'. */
export function safeRedirect(target: string | null, locale: Locale = currentLocale()): string {
  if (target && /^\/(?![/\\])/.test(target)) return target;
  return href('/home/index', locale);
}
