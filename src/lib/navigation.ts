import { DEFAULT_LOCALE, isLocale, localizePath, type Locale } from '../../isomorphic/i18n/locales.ts';

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

/** Loads another page of the site in the current locale; a new page starts at the top (docs/requirements.md §2). */
export function goTo(path: string): void {
  window.location.assign(href(path));
}

/** A stand-in origin: what a target resolves to against it tells whether it stays on whichever site we are. */
const HERE = 'https://here.invalid';

/** The same-origin path a target leads to, or null when it leads anywhere else. */
function sameOriginPath(target: string): string | null {
  if (!target.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(target, HERE);
  } catch {
    return null;
  }
  if (url.origin !== HERE) return null;
  const path = url.pathname + url.search + url.hash;
  // A normalised '//host' path would itself read as another site's address when assigned.
  return path.startsWith('//') || new URL(path, HERE).origin !== HERE ? null : path;
}

/**
 * A post-login destination from a query value, kept on this site: resolved with the URL parser as the browser
 * would (tabs and newlines dropped, backslashes read as slashes), and refused unless it stays on our origin.
 * safeRedirect('/trade/index?symbol=btcusdt') → itself; safeRedirect('/\t/evil.example') → '/home/index'.
 */
export function safeRedirect(target: string | null, locale: Locale = currentLocale()): string {
  return (target && sameOriginPath(target)) || href('/home/index', locale);
}
