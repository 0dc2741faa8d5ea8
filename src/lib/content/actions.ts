/**
 * The content islands' stores: the static search index of the page's language (a file built with the
 * site, so search works without the API), and the news and notices the API holds, which include what
 * operators published after the build.
 */
import { request } from '../api/client.ts';
import { PAGE_SIZE_ALL, type Publishable } from '../../../isomorphic/contract/content.ts';
import { detailData, getData } from '../../../isomorphic/contract/content.endpoints.ts';
import { localizePath, type Locale } from '../../../isomorphic/i18n/locales.ts';
import type { SearchDoc } from '../../../isomorphic/content/search.ts';
import { keyed, remote } from '../stores/remote.ts';

const searchIndex = keyed((locale: Locale) =>
  remote(
    async () => {
      const res = await fetch(localizePath('/search-index.json', locale));
      if (!res.ok) throw new Error(`search index: HTTP ${res.status}`);
      return (await res.json()) as SearchDoc[];
    },
    { once: true },
  ),
);
/** The search index of a language, fetched once per page; a failed fetch is not kept, so a later search retries. */
export const searchIndexStore = (locale: Locale) => searchIndex(locale).$value;
/** Asks for the search index when the user starts searching (again after a failure); once there, it stays. */
export function askSearchIndex(locale: Locale): void {
  searchIndex(locale)
    .ensure()
    .catch(() => {});
}

/** Every news item or notice the API has, newest first, once per page. Quiet: the page already shows the built list. */
export const latestItemsStore = keyed(
  (kind: Publishable) =>
    remote(
      async () =>
        (await request(getData, { params: { formId: kind }, query: { pageSize: PAGE_SIZE_ALL }, quiet: true })).records,
      { once: true },
    ).$value,
);

/** One news item or notice with its text, for items that have no page of their own (published after the build). */
export const itemDetailStore = keyed(
  (kind: Publishable, id: number) =>
    remote(() => request(detailData, { params: { formId: kind, id } }), { once: true }).$value,
);
