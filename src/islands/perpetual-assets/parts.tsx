import type { ReactNode } from 'react';
import type { T } from '../../lib/i18n/client.ts';
import type { LoadStatus } from '../../lib/perpetual-assets/remote.ts';

/**
 * What a list shows instead of its rows: loading before the first answer, the failure with a retry, or the
 * empty message; otherwise its rows (kept on screen while a later page or a reload is on its way).
 */
export function ListState({ t, status, count, empty, onRetry, children }: { t: T; status: LoadStatus; count: number; empty: string; onRetry: () => void; children: ReactNode }) {
  if (count === 0 && (status === 'idle' || status === 'loading')) return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
  if (status === 'error') {
    return (
      <p className="perp-error" role="alert">
        {t('perpAssets.loadFailed')} <button type="button" className="btn btn--small btn--outline" onClick={onRetry}>{t('perpAssets.retry')}</button>
      </p>
    );
  }
  if (count === 0) return <p className="muted">{empty}</p>;
  return <>{children}</>;
}

/** Previous and next page under a list, with where the user is; nothing when everything fits one page. */
export function Pager({ t, page, total, size, onPage }: { t: T; page: number; total: number; size: number; onPage: (p: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  return (
    <nav className="perp-pager" aria-label={t('perpAssets.pages')}>
      <button type="button" className="btn btn--small btn--outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>{t('perpAssets.prev')}</button>
      <span>{t('perpAssets.pageOf', { page, pages })}</span>
      <button type="button" className="btn btn--small btn--outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>{t('perpAssets.next')}</button>
    </nav>
  );
}
