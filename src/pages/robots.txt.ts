/** /robots.txt: everything may be crawled; the sitemap lists every page in every language. */
import type { APIRoute } from 'astro';
import { siteOrigin } from '../lib/content/sitemap.ts';

export const GET: APIRoute = ({ site }) =>
  new Response(`User-agent: *\nAllow: /\n\nSitemap: ${siteOrigin(site)}/sitemap.xml\n`, {
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
