/** /sitemap.xml: every public page in every language, with hreflang alternates (src/lib/content/sitemap.ts). */
import type { APIRoute } from 'astro';
import { contentPaths } from '../lib/content/catalog.ts';
import { siteOrigin, sitemapXml } from '../lib/content/sitemap.ts';

/** Public pages outside the content collections; pages of later slices join this list. */
const SITE_PAGES = ['/home/index', '/user/login', '/user/register'];

export const GET: APIRoute = async ({ site }) =>
  new Response(sitemapXml(siteOrigin(site), [...SITE_PAGES, ...(await contentPaths())]), {
    headers: { 'content-type': 'application/xml; charset=utf-8' },
  });
