/**
 * What the content islands ask for: the static search index of the page's language (a file built with the
 * site, so search works without the API), and the news and notices the API holds, which include what
 * operators published after the build.
 */
import { request } from '../api/client.ts';
import { PAGE_SIZE_ALL, type ContentDetail, type ContentSummary, type Publishable } from '../../../isomorphic/contract/content.ts';
import { detailData, getData } from '../../../isomorphic/contract/content.endpoints.ts';
import { localizePath, type Locale } from '../../../isomorphic/i18n/locales.ts';
import type { SearchDoc } from '../../../isomorphic/content/search.ts';

const indexes = new Map<Locale, Promise<SearchDoc[]>>();

/** The search index of a language, fetched once per page; a failed fetch is forgotten so a later search retries. */
export function loadSearchIndex(locale: Locale): Promise<SearchDoc[]> {
  let pending = indexes.get(locale);
  if (!pending) {
    pending = fetch(localizePath('/search-index.json', locale)).then((res) => {
      if (!res.ok) throw new Error(`search index: HTTP ${res.status}`);
      return res.json() as Promise<SearchDoc[]>;
    });
    pending.catch(() => indexes.delete(locale));
    indexes.set(locale, pending);
  }
  return pending;
}

/** Every news item or notice the API has, newest first. Quiet: the page already shows the built list. */
export async function latestItems(kind: Publishable): Promise<ContentSummary[]> {
  const page = await request(getData, { params: { formId: kind }, query: { pageSize: PAGE_SIZE_ALL }, quiet: true });
  return page.records;
}

/** One news item or notice with its text, for items that have no page of their own (published after the build). */
export function itemDetail(kind: Publishable, id: number): Promise<ContentDetail> {
  return request(detailData, { params: { formId: kind, id } });
}
