import { DEFAULT_LOCALE, LOCALES, localizePath } from '../../../isomorphic/i18n/locales.ts';

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * sitemap.xml for pages that exist in every language: one <url> per page and language, each listing all
 * languages as hreflang alternates (and English as x-default), as search engines expect.
 * sitemapXml('https://x.example', ['/news/index']) → 13 <url> entries with 14 alternates each.
 */
export function sitemapXml(origin: string, paths: readonly string[]): string {
  const base = origin.replace(/\/$/, '');
  const abs = (path: string) => escape(base + path);
  const urls = paths.flatMap((path) =>
    LOCALES.map((locale) => {
      const alternates = LOCALES.map(
        (l) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${abs(localizePath(path, l))}"/>`,
      );
      alternates.push(
        `    <xhtml:link rel="alternate" hreflang="x-default" href="${abs(localizePath(path, DEFAULT_LOCALE))}"/>`,
      );
      return `  <url>\n    <loc>${abs(localizePath(path, locale))}</loc>\n${alternates.join('\n')}\n  </url>`;
    }),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * Where the site is served, for the absolute addresses a sitemap needs: Astro's `site` (PUBLIC_SITE_URL, see
 * astro.config.mjs).
 */
export function siteOrigin(site: URL | undefined): string {
  return site?.origin ?? 'http://localhost:4321';
}
