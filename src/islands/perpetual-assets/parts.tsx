import type { T } from '../../lib/i18n/client.ts';

/** Previous and next page under a list, with where the user is; nothing when everything fits one page. */
export function Pager({
  t,
  page,
  total,
  size,
  onPage,
}: {
  t: T;
  page: number;
  total: number;
  size: number;
  onPage: (p: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  return (
    <nav className="perp-pager" aria-label={t('perpAssets.pages')}>
      <button
        type="button"
        className="btn btn--small btn--outline"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('perpAssets.prev')}
      </button>
      <span>{t('perpAssets.pageOf', { page, pages })}</span>
      <button
        type="button"
        className="btn btn--small btn--outline"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('perpAssets.next')}
      </button>
    </nav>
  );
}
