/**
 * The site-search index of one language (/search-index.json, /de/search-index.json, …), written at build time
 * from the content collections, so searching works without the API (see isomorphic/content/search.ts).
 */
import type { APIRoute } from 'astro';
import { searchDocs } from '../../lib/content/catalog.ts';
import { localeStaticPaths, type LocaleProps } from '../../lib/i18n/paths.ts';

export const getStaticPaths = localeStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const { locale } = props as LocaleProps;
  return new Response(JSON.stringify(await searchDocs(locale)), {
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
};
