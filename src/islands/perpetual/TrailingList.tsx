import type { ContractView } from '../../../isomorphic/contract/perpetual.ts';
import { formatAmount } from '../../../isomorphic/format/index.ts';
import type { T } from '../../lib/i18n/client.ts';
import { $trailingStops, cancelTrailingStop } from '../../lib/perpetual/actions.ts';
import { useStore } from '../../lib/stores/first-frame.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { type Column, DataTable } from '../ui/DataTable.tsx';
import { cancelColumn, contractColumn, timeColumn } from './columns.tsx';

type Row = ReturnType<typeof $trailingStops.get>[number];

/** The user's trailing stops beside the take-profits and stop-losses: where each would fire now, cancellable. */
export function TrailingList({ t, contractOf }: { t: T; contractOf: (symbol: string) => ContractView }) {
  const rows = useStore($trailingStops);
  const dateOptions = useStore($dateOptions);
  const cancel = async (id: number) => {
    try {
      await cancelTrailingStop(id);
      showToast('success', t('perp.trail.cancelled'));
    } catch {
      // shown by the API client
    }
  };
  const scale = (s: Row) => contractOf(s.symbol).priceScale;
  const columns: Array<Column<Row>> = [
    timeColumn(t, dateOptions, (s) => s.createdAt),
    contractColumn(t, contractOf),
    {
      key: 'position',
      label: t('perp.position'),
      // A trailing stop sells to close a long and buys to close a short.
      className: (s) => (s.side === 'sell' ? 'is-up' : 'is-down'),
      cell: (s) => t(`perp.side.${s.side === 'sell' ? 'long' : 'short'}`),
    },
    {
      key: 'quantity',
      label: t('perp.quantity'),
      num: true,
      cell: (s) => formatAmount(s.quantity, contractOf(s.symbol).qtyScale),
    },
    { key: 'callback', label: t('perp.trail.col.callback'), num: true, cell: (s) => `${s.callbackRate}%` },
    {
      key: 'activation',
      label: t('perp.trail.col.activation'),
      num: true,
      cell: (s) => (s.activationPrice ? formatAmount(s.activationPrice, scale(s)) : '--'),
    },
    {
      key: 'best',
      label: t('perp.trail.col.best'),
      num: true,
      cell: (s) => (s.bestPrice ? formatAmount(s.bestPrice, scale(s)) : '--'),
    },
    {
      key: 'working',
      label: t('perp.trail.col.working'),
      num: true,
      testId: 'trailing-working',
      cell: (s) => (s.workingPrice ? formatAmount(s.workingPrice, scale(s)) : t('perp.trail.waiting')),
    },
    {
      key: 'by',
      label: t('perp.triggerBy'),
      cell: (s) => t(s.triggerBy === 'mark' ? 'perp.markPrice' : 'trade.lastPrice'),
    },
    { key: 'status', label: t('trade.status'), cell: (s) => t(`perp.stopStatus.${s.status}`) },
    cancelColumn(
      t,
      (s) => s.status === 'active',
      (s) => void cancel(s.id),
    ),
  ];
  return (
    <div className="perp-trailing">
      <h3 className="perp-trailing__title">{t('perp.trail.list')}</h3>
      {!rows.length ? (
        <p className="muted">{t('perp.trail.none')}</p>
      ) : (
        <DataTable
          className="grid-table orders-table"
          testId="perp-trailing"
          columns={columns}
          rows={rows}
          rowKey={(s) => s.id}
          rowProps={(s) => ({ 'data-testid': `perp-trailing-${s.id}` })}
        />
      )}
    </div>
  );
}
