import { useStore } from '../../lib/stores/first-frame.ts';
import type { EarnKind, EarnOrder } from '../../../isomorphic/contract/earn.ts';
import { $earnHoldings } from '../../lib/earn/stores.ts';
import { formatDateTime } from '../../../isomorphic/format/date-time.ts';
import type { T } from '../../lib/i18n/client.ts';
import { href } from '../../lib/navigation.ts';
import { $assetFormat } from '../../lib/stores/assets.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { productTitle } from './parts.tsx';
import { type Column, DataTable } from '../ui/DataTable.tsx';

/** Where each kind's orders are managed. */
const MANAGE: Record<EarnKind, (o: EarnOrder) => string> = {
  pledge: () => '/pledge/order',
  fixed: () => '/finance/investment?tab=mine',
  flexible: () => '/finance/investment?tab=mine',
  mining: (o) => `/defis/details?id=${o.productId}`,
};

/**
 * The finance account's holdings (the requirements' finance assets, /assets/index?key=finance): every open staking,
 * finance and mining order, whose principal the finance account holds as frozen, with its interest so far and its end.
 */
export function EarnHoldings({ t }: { t: T }) {
  const fmt = useStore($assetFormat);
  const dates = useStore($dateOptions);
  // Live: loaded again whenever the private feed says a balance moved.
  const holdings = useStore($earnHoldings);
  if (holdings.status === 'error')
    return (
      <p className="earn-note earn-note--error" role="alert">
        {holdings.error.message}
      </p>
    );
  const list = holdings.status === 'success' ? holdings.value : null;
  const columns: Array<Column<EarnOrder>> = [
    {
      key: 'product',
      label: t('earn.orders.product'),
      phone: 'title',
      cell: (o) => <span title={o.name}>{productTitle(t, o)}</span>,
    },
    { key: 'kind', label: t('earn.holdings.kind'), cell: (o) => t(`earn.kind.${o.kind}`) },
    { key: 'amount', label: t('earn.orders.amount'), num: true, cell: (o) => `${fmt(o.amount, o.coin)} ${o.coin}` },
    { key: 'accrued', label: t('earn.orders.accrued'), num: true, cell: (o) => `${fmt(o.accrued, o.coin)} ${o.coin}` },
    { key: 'ends', label: t('earn.holdings.ends'), num: true, cell: (o) => formatDateTime(o.endAt, dates) },
    {
      key: 'actions',
      // A link needs no label on a phone's card; the wide table still heads the column.
      label: '',
      head: t('assets.actions'),
      num: true,
      cell: (o) => <a href={href(MANAGE[o.kind](o))}>{t('earn.holdings.manage')}</a>,
    },
  ];
  return (
    <section className="earn-holdings" aria-labelledby="earn-holdings-title" data-testid="earn-holdings">
      <h2 id="earn-holdings-title" className="panel__subtitle">
        {t('earn.holdings.title')}
      </h2>
      {!list ? (
        <p className="earn-muted">{t('common.loading')}</p>
      ) : !list.records.length ? (
        <p className="earn-muted">
          {t('earn.holdings.none')} <a href={href('/pledge/index')}>{t('earn.holdings.staking')}</a> ·{' '}
          <a href={href('/finance/investment')}>{t('earn.holdings.finance')}</a>
        </p>
      ) : (
        <DataTable
          className="wallet-table"
          columns={columns}
          rows={list.records}
          rowKey={(o) => o.id}
          rowProps={(o) => ({ 'data-testid': `earn-holding-${o.id}` })}
        />
      )}
      {list && list.total > list.records.length && (
        <p className="earn-muted">{t('earn.holdings.more', { n: list.total - list.records.length })}</p>
      )}
    </section>
  );
}
