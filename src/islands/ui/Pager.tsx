import type { T } from '../../lib/i18n/client.ts';

/** A small pager under a table; nothing when everything fits one page. */
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
    <div className="wallet-pager">
      <button type="button" className="btn" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('assets.prev')}
      </button>
      <span>{t('assets.pageOf', { page, pages })}</span>
      <button type="button" className="btn" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('assets.next')}
      </button>
    </div>
  );
}
