import { useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import { ORDERS_PAGE_SIZE } from '../../lib/earn/actions.ts';
import { incomeStore } from '../../lib/earn/stores.ts';
import { formatDateTime } from '../../../isomorphic/format/date-time.ts';
import type { T } from '../../lib/i18n/client.ts';
import { $assetFormat } from '../../lib/stores/assets.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { Pager } from './parts.tsx';
import { DataTable } from '../ui/DataTable.tsx';

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
      <DataTable
        className="earn-table"
        testId="earn-income"
        rows={list.records}
        rowKey={(r) => r.orderId}
        columns={[
          { key: 'time', label: t('earn.income.time'), cell: (r) => formatDateTime(r.time, dates) },
          { key: 'order', label: t('earn.income.order'), phone: 'title', cell: (r) => `#${r.orderId} ${r.name}` },
          { key: 'how', label: t('earn.income.how'), cell: (r) => t(`earn.income.kind.${r.kind}`) },
          { key: 'principal', label: t('earn.income.principal'), cell: (r) => `${fmt(r.principal, r.coin)} ${r.coin}` },
          { key: 'interest', label: t('earn.income.interest'), cell: (r) => `${fmt(r.interest, r.coin)} ${r.coin}` },
        ]}
      />
      <Pager t={t} page={page} pages={Math.max(1, Math.ceil(list.total / ORDERS_PAGE_SIZE))} onPage={setPage} />
    </div>
  );
}
