import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { EarnIncome } from '../../../isomorphic/contract/earn.ts';
import { incomeOf, ORDERS_PAGE_SIZE } from '../../lib/earn/actions.ts';
import { formatDateTime } from '../../../isomorphic/format/date-time.ts';
import type { T } from '../../lib/i18n/client.ts';
import { $assetFormat } from '../../lib/stores/assets.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { errorText, Pager } from './parts.tsx';

/** What each ended order paid (/api/financial/personalIncome), newest first: staking, finance and mining alike. */
export function Income({ t, version }: { t: T; version: number }) {
  const fmt = useStore($assetFormat);
  const dates = useStore($dateOptions);
  const [page, setPage] = useState(1);
  const [list, setList] = useState<{ records: EarnIncome[]; total: number } | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    incomeOf(page).then(setList, (e: unknown) => setError(errorText(e)));
  }, [page, version]);
  if (error) return <p className="earn-note earn-note--error" role="alert">{error}</p>;
  if (!list) return <p className="earn-muted">{t('common.loading')}</p>;
  if (!list.records.length) return <p className="earn-muted">{t('earn.income.none')}</p>;
  return (
    <div className="earn-scroll">
      <table className="earn-table" data-testid="earn-income">
        <thead>
          <tr>
            {['earn.income.time', 'earn.income.order', 'earn.income.how', 'earn.income.principal', 'earn.income.interest'].map((k) => <th key={k} scope="col">{t(k)}</th>)}
          </tr>
        </thead>
        <tbody>
          {list.records.map((r) => (
            <tr key={r.orderId}>
              <td>{formatDateTime(r.time, dates)}</td>
              <td>#{r.orderId} {r.name}</td>
              <td>{t(`earn.income.kind.${r.kind}`)}</td>
              <td>{fmt(r.principal, r.coin)} {r.coin}</td>
              <td>{fmt(r.interest, r.coin)} {r.coin}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager t={t} page={page} pages={Math.max(1, Math.ceil(list.total / ORDERS_PAGE_SIZE))} onPage={setPage} />
    </div>
  );
}
