import type { ReactNode } from 'react';
import type { T } from '../../lib/i18n/client.ts';
import type { LoadStatus } from '../../lib/perpetual-assets/remote.ts';

/**
 * What a list shows instead of its rows: loading before the first answer, the failure with a retry, or the
 * empty message; otherwise its rows (kept on screen while a later page or a reload is on its way).
 */
export function ListState({
  t,
  status,
  count,
  empty,
  onRetry,
  children,
}: {
  t: T;
  status: LoadStatus;
  count: number;
  empty: string;
  onRetry: () => void;
  children: ReactNode;
}) {
  if (count === 0 && (status === 'idle' || status === 'loading'))
    return (
      <p className="muted" aria-busy="true">
        {t('common.loading')}
      </p>
    );
  if (status === 'error') {
    return (
      <p className="perp-error" role="alert">
        {t('perpAssets.loadFailed')}{' '}
        <button type="button" className="btn btn--small btn--outline" onClick={onRetry}>
          {t('perpAssets.retry')}
        </button>
      </p>
    );
  }
  if (count === 0) return <p className="muted">{empty}</p>;
  return <>{children}</>;
}
