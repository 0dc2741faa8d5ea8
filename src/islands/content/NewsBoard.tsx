import { useEffect, useMemo, useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { Publishable } from '../../../isomorphic/contract/content.ts';
import { itemDetailStore, latestItemsStore, searchIndexStore } from '../../lib/content/actions.ts';
import { $idle } from '../../lib/stores/remote.ts';
import { formatDay } from '../../lib/content/day.ts';
import { documentPath, isPublished } from '../../lib/content/paths.ts';
import { score, terms, type SearchDoc } from '../../../isomorphic/content/search.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages } from '../../lib/i18n/client.ts';
import { href } from '../../lib/navigation.ts';
import { Tabs } from '../ui/Tabs.tsx';
import { Markdown } from './Markdown.tsx';

export interface BoardItem {
  id: number;
  title: string;
  summary: string;
  date: string;
}

interface Props {
  locale: Locale;
  messages: Messages;
  /** The items of the build, newest first; the API adds what operators published since. */
  news: BoardItem[];
  notices: BoardItem[];
  pageSize?: number;
}

/** Items per "load more" step. Smaller than the requirements' 15 so that a page of news stays short. */
export const NEWS_PAGE_SIZE = 4;

const TABS: Publishable[] = ['news', 'notice'];
const newestFirst = (a: BoardItem, b: BoardItem) => b.date.localeCompare(a.date) || b.id - a.id;

/** Adds the API's items to the built ones (same id: the built one stays). */
function merge(built: BoardItem[], fetched: BoardItem[]): BoardItem[] {
  const ids = new Set(built.map((i) => i.id));
  return [
    ...built,
    ...fetched.filter((i) => !ids.has(i.id)).map(({ id, title, summary, date }) => ({ id, title, summary, date })),
  ].sort(newestFirst);
}

/**
 * docs/requirements.md §2 /news/index: news and announcements (notices) as two tabs, with search and "load more". The
 * list is rendered at build time; once hydrated, the island merges in items published through the API, searches the
 * static index of the page's language, and opens published items (which have no page of their own) in place.
 */
export default function NewsBoard({ locale, messages, news, notices, pageSize = NEWS_PAGE_SIZE }: Props) {
  const t = useMessages(locale, messages);
  const [tab, setTab] = useState<Publishable>('news');
  const [query, setQuery] = useState('');
  const [pages, setPages] = useState(1);
  const [reader, setReader] = useState<{ kind: Publishable; id: number } | null>(null);
  // Without the API (a CDN copy, or offline) the built list is the whole list.
  const latestNews = useStore(latestItemsStore('news'));
  const latestNotices = useStore(latestItemsStore('notice'));
  const lists = useMemo<Record<Publishable, BoardItem[]>>(
    () => ({
      news: latestNews.status === 'success' ? merge(news, latestNews.value) : news,
      notice: latestNotices.status === 'success' ? merge(notices, latestNotices.value) : notices,
    }),
    [news, notices, latestNews, latestNotices],
  );
  // The search index is asked for once the user first searches; without it, titles and summaries are still searched.
  const [searching, setSearching] = useState(false);
  const index = useStore(searching ? searchIndexStore(locale) : $idle);
  const docs = useMemo(() => {
    if (index.status === 'error') return new Map<string, SearchDoc>();
    if (index.status !== 'success') return null;
    return new Map(
      index.value.filter((d) => d.kind === 'news' || d.kind === 'notice').map((d) => [`${d.kind}:${d.id}`, d]),
    );
  }, [index]);
  const detail = useStore(reader ? itemDetailStore(reader.kind, reader.id) : $idle);
  const doc = detail.status === 'success' ? detail.value : undefined;
  const missing = detail.status === 'error';

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const wanted = params.get('tab') === 'notice' ? 'notice' : 'news';
    setTab(wanted);
    const id = Number(params.get('id'));
    if (Number.isInteger(id) && isPublished(id)) setReader({ kind: wanted, id });
  }, []);

  const closeReader = () => {
    setReader(null);
    history.replaceState(null, '', `${location.pathname}?tab=${tab}`);
  };

  const chooseTab = (next: Publishable) => {
    setTab(next);
    setPages(1);
    history.replaceState(null, '', `${location.pathname}?tab=${next}`);
  };

  const search = (value: string) => {
    setQuery(value);
    setPages(1);
    if (value.trim()) setSearching(true);
  };

  const found = useMemo(() => {
    const words = terms(query);
    const list = lists[tab];
    if (words.length === 0) return list;
    return list.filter((item) => score(docs?.get(`${tab}:${item.id}`) ?? { ...item, text: '' }, words) > 0);
  }, [lists, tab, query, docs]);
  const shown = found.slice(0, pages * pageSize);

  if (reader) {
    return (
      <article className="reader" aria-busy={!doc && !missing}>
        <button type="button" className="link-button reader__back" onClick={closeReader}>
          ← {t('content.news.backList')}
        </button>
        {missing && <p className="content-note">{t('content.news.notFound')}</p>}
        {!doc && !missing && <p>{t('common.loading')}</p>}
        {doc && (
          <>
            <h2 className="reader__title">{doc.title}</h2>
            <p className="content-head__meta">{t('content.news.published', { date: formatDay(doc.date) })}</p>
            {doc.fallback && <p className="content-note">{t('content.fallback')}</p>}
            <Markdown source={doc.content} />
          </>
        )}
      </article>
    );
  }

  return (
    <div className="news-board">
      <div className="news-board__bar">
        <Tabs
          tabs={TABS.map((key) => ({ key, label: t(`content.news.tab.${key}`) }))}
          active={tab}
          onChange={chooseTab}
          label={t('content.news.tabs')}
        />
        <form role="search" className="search-box" onSubmit={(e) => e.preventDefault()}>
          <label className="visually-hidden" htmlFor="news-search">
            {t('content.news.search')}
          </label>
          <input
            id="news-search"
            type="search"
            value={query}
            placeholder={t('content.news.searchPlaceholder')}
            onChange={(e) => search(e.target.value)}
            autoComplete="off"
          />
        </form>
      </div>
      <div role="tabpanel" aria-label={t(`content.news.tab.${tab}`)}>
        {shown.length > 0 ? (
          <ul className="doc-list" data-kind={tab}>
            {shown.map((item) => (
              <li className="doc-list__item" key={item.id}>
                <a className="doc-list__title" href={href(documentPath(tab, item.id), locale)}>
                  {item.title}
                </a>
                <time className="doc-list__date" dateTime={item.date}>
                  {formatDay(item.date)}
                </time>
                <p className="doc-list__summary">{item.summary}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="empty-note">{t('content.news.empty')}</p>
        )}
        <div className="news-board__foot">
          <p className="news-board__count" aria-live="polite">
            {t('content.news.count', { shown: shown.length, total: found.length })}
          </p>
          {shown.length < found.length && (
            <button type="button" className="btn btn--light load-more" onClick={() => setPages(pages + 1)}>
              {t('content.news.loadMore')}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
