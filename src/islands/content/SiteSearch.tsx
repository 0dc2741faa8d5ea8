import { useEffect, useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import { askSearchIndex, searchIndexStore } from '../../lib/content/actions.ts';
import { $idle } from '../../lib/stores/remote.ts';
import { search, type SearchHit } from '../../../isomorphic/content/search.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages } from '../../lib/i18n/client.ts';
import { href } from '../../lib/navigation.ts';

interface Props {
  locale: Locale;
  messages: Messages;
}

/**
 * Search over everything the site publishes in the page's language: news, notices, rules, help articles,
 * terms and the white paper. The index is a static file of the build, fetched on first use, so search works
 * without the API. `?q=` in the address searches at once (the form also works before hydration).
 */
export default function SiteSearch({ locale, messages }: Props) {
  const t = useMessages(locale, messages);
  const [query, setQuery] = useState('');
  // The index is asked for on first use (focus, typing, ?q=), and asked again on typing after a failure.
  const [wanted, setWanted] = useState(false);
  const index = useStore(wanted ? searchIndexStore(locale) : $idle);
  const docs = index.status === 'success' ? index.value : null;
  const failed = index.status === 'error';
  const ensureIndex = () => {
    setWanted(true);
    askSearchIndex(locale);
  };

  useEffect(() => {
    const q = new URLSearchParams(location.search).get('q');
    if (q) {
      setQuery(q);
      ensureIndex();
    }
  }, []);

  const hits: SearchHit[] = docs && query.trim() ? search(docs, query) : [];
  const active = query.trim().length > 0;
  return (
    <div className="site-search">
      <form role="search" className="search-box search-box--large" onSubmit={(e) => e.preventDefault()}>
        <label className="visually-hidden" htmlFor="site-search">
          {t('content.search.label')}
        </label>
        <input
          id="site-search"
          name="q"
          type="search"
          value={query}
          placeholder={t('content.search.placeholder')}
          onFocus={ensureIndex}
          onChange={(e) => {
            setQuery(e.target.value);
            ensureIndex();
          }}
          autoComplete="off"
        />
      </form>
      {active && (
        <div className="search-results" aria-live="polite">
          {failed ? (
            <p className="empty-note">{t('content.search.failed')}</p>
          ) : !docs ? (
            <p className="empty-note">{t('common.loading')}</p>
          ) : hits.length === 0 ? (
            <p className="empty-note">{t('content.search.none')}</p>
          ) : (
            <>
              <p className="search-results__count">{t('content.search.results', { count: hits.length })}</p>
              <ul className="doc-list">
                {hits.map(({ doc, snippet }) => (
                  <li className="doc-list__item" key={`${doc.kind}:${doc.id}`}>
                    <span className="doc-list__kind">{t(`content.kind.${doc.kind}`)}</span>
                    <a className="doc-list__title" href={href(doc.path, locale)}>
                      {doc.title}
                    </a>
                    <p className="doc-list__summary">{snippet}</p>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </div>
  );
}
