import { useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import { ORDERS_PAGE_SIZE } from '../../lib/earn/actions.ts';
import { incomeStore } from '../../lib/earn/stores.ts';
import { formatDateTime } from '../../../isomorphic/format/date-time.ts';
import type { T } from '../../lib/i18n/client.ts';
import { $assetFormat } from '../../lib/stores/assets.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { Pager } from './parts.tsx';

/**
 * What each ended order paid (/api/financial/personalIncome), newest first: staking, finance and mining alike; again
 * after a redemption.
 */
export function Income({ t }: { t: T }) {
  const fmt = useStore($assetFormat);
  const dates = useStore($dateOptions);
  const [page, setPage] = useState(1);
  const income = useStore(incomeStore(page));
  if (income.status === 'error')
    return (
      <p className="earn-note earn-note--error" role="alert">
        {income.error.message}
      </p>
    );
  if (income.status !== 'success') return <p className="earn-muted">{t('common.loading')}</p>;
  const list = income.value;
  if (!list.records.length) return <p className="earn-muted">{t('earn.income.none')}</p>;
  return (
    <div className="earn-scroll">
      <table className="earn-table" data-testid="earn-income">
        <thead>
          <tr>
            {[
              'earn.income.time',
              'earn.income.order',
              'earn.income.how',
              'earn.income.principal',
              'earn.income.interest',
            ].map((k) => (
              <th key={k} scope="col">
                {t(k)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {list.records.map((r) => (
            <tr key={r.orderId}>
              <td>{formatDateTime(r.time, dates)}</td>
              <td>
                #{r.orderId} {r.name}
              </td>
              <td>{t(`earn.income.kind.${r.kind}`)}</td>
              <td>
                {fmt(r.principal, r.coin)} {r.coin}
              </td>
              <td>
                {fmt(r.interest, r.coin)} {r.coin}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager t={t} page={page} pages={Math.max(1, Math.ceil(list.total / ORDERS_PAGE_SIZE))} onPage={setPage} />
    </div>
  );
}
