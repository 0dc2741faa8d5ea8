import { useStore } from '../../lib/stores/first-frame.ts';
import type { MarketEntry, SpotConditional } from '../../../isomorphic/contract/spot.ts';
import type { T } from '../../lib/i18n/client.ts';
import { formatAmount, formatDateTime } from '../../../isomorphic/format/index.ts';
import { $markets } from '../../lib/stores/market.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { cancelStop } from '../../lib/spot/stops.ts';
import { type Column, DataTable } from '../ui/DataTable.tsx';

/** How a conditional order's row names its kind: an OCO's or a TP/SL's stop leg, or the stop order's own type. */
function kindKey(o: SpotConditional): string {
  if (o.parentOrderId) return 'trade.tpsl';
  if (o.limitOrderId) return 'trade.oco';
  return `trade.stopType.${o.type}`;
}

/** Whether it fires when the last price rises to its trigger (a buy stop-loss, a sell take-profit): Binance's rule. */
const rising = (o: SpotConditional) => (o.side === 'buy') === o.type.startsWith('STOP_LOSS');

/**
 * The user's open conditional orders of one pair (or every pair): trigger and condition, limit price, amount,
 * state, and a cancel (an OCO's row cancels the whole OCO, its limit leg with it).
 */
export function StopOrders({ t, market, rows }: { t: T; market?: MarketEntry; rows: readonly SpotConditional[] }) {
  const dateOptions = useStore($dateOptions);
  const markets = useStore($markets).currencyList;
  const decimals = (o: SpotConditional) =>
    markets.find((m) => m.symbol === o.symbol) ?? market ?? { part_cou: 8, full_cou: 8 };
  const cancel = async (o: SpotConditional) => {
    try {
      await cancelStop(o.id, market?.symbol);
      showToast('success', t('trade.stopCancelled'));
    } catch {
      // shown by the API client
    }
  };
  if (!rows.length) return <p className="muted">{t('trade.noStops')}</p>;
  const columns: Array<Column<SpotConditional>> = [
    { key: 'time', label: t('trade.time'), cell: (o) => formatDateTime(o.createTime, dateOptions) },
    { key: 'pair', label: t('trade.pair'), cell: (o) => o.symbol_name, phone: 'title' },
    { key: 'type', label: t('trade.type'), cell: (o) => t(kindKey(o)) },
    {
      key: 'side',
      label: t('trade.side'),
      cell: (o) => t(`trade.${o.side}`),
      className: (o) => (o.side === 'buy' ? 'is-up' : 'is-down'),
    },
    {
      key: 'trigger',
      label: t('trade.trigger'),
      num: true,
      cell: (o) => `${rising(o) ? '≥ ' : '≤ '}${formatAmount(o.stopPrice, decimals(o).part_cou)}`,
    },
    {
      key: 'price',
      label: t('trade.price'),
      num: true,
      cell: (o) => (o.type.endsWith('_LIMIT') ? formatAmount(o.price, decimals(o).part_cou) : t('trade.market')),
    },
    {
      key: 'amount',
      label: t('trade.amount'),
      num: true,
      cell: (o) => (o.status === 'waiting' ? '--' : formatAmount(o.quantity, decimals(o).full_cou)),
    },
    { key: 'status', label: t('trade.status'), cell: (o) => t(`trade.stopState.${o.status}`) },
    {
      key: 'actions',
      label: '',
      className: 'orders-table__actions',
      cell: (o) => (
        <button type="button" className="link-button" onClick={() => void cancel(o)}>
          {t('trade.cancel')}
        </button>
      ),
    },
  ];
  return (
    <DataTable
      className="grid-table orders-table"
      testId="orders-stops"
      columns={columns}
      rows={rows}
      rowKey={(o) => o.id}
    />
  );
}
