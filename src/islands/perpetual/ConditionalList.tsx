import type { PerpConditional } from '../../../isomorphic/contract/perpetual.ts';
import { formatAmount } from '../../../isomorphic/format/index.ts';
import type { T } from '../../lib/i18n/client.ts';
import { $conditionalOrders, cancelConditionalOrder } from '../../lib/perpetual/actions.ts';
import { useStore } from '../../lib/stores/first-frame.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { type Column, DataTable } from '../ui/DataTable.tsx';
import { cancelColumn, type ContractOf, contractColumn, timeColumn } from './columns.tsx';

/** The conditional orders still waiting for their trigger: only an active one can fire or be cancelled. */
export const activeConditionals = (rows: PerpConditional[]) => rows.filter((c) => c.status === 'active');

/**
 * The user's conditional orders with a quantity: under the open orders those still waiting (what fires at which price
 * of which feed, mark or last, at a limit or at market, and a cancel; a failed cancel, the order fired meanwhile, is
 * shown translated by the API client), and with `ended` under the order history those that fired, were cancelled or
 * expired, with the order each placed or why it was refused when it fired (Binance lists them in its order history).
 */
export function ConditionalList({ t, contractOf, ended = false }: { t: T; contractOf: ContractOf; ended?: boolean }) {
  const all = useStore($conditionalOrders);
  const rows = ended ? all.filter((c) => c.status !== 'active') : activeConditionals(all);
  const dateOptions = useStore($dateOptions);
  const cancel = async (id: number) => {
    try {
      await cancelConditionalOrder(id);
      showToast('success', t('perp.cond.cancelled'));
    } catch {
      // shown by the API client
    }
  };
  const scale = (c: PerpConditional) => contractOf(c.symbol).priceScale;
  const columns: Array<Column<PerpConditional>> = [
    timeColumn(t, dateOptions, (c) => c.createdAt),
    contractColumn(t, contractOf),
    {
      key: 'side',
      label: t('trade.side'),
      className: (c) => (c.side === 'buy' ? 'is-up' : 'is-down'),
      cell: (c) => (
        <>
          {t(c.side === 'buy' ? 'perp.buyLong' : 'perp.sellShort')}
          {c.reduceOnly && <small className="perp-chip">{t('perp.reduceOnly')}</small>}
        </>
      ),
    },
    { key: 'type', label: t('trade.type'), testId: 'conditional-type', cell: (c) => t(`perp.cond.type.${c.type}`) },
    {
      key: 'trigger',
      label: t('perp.triggerPrice'),
      num: true,
      testId: 'conditional-trigger',
      cell: (c) => formatAmount(c.stopPrice, scale(c)),
    },
    {
      key: 'by',
      label: t('perp.triggerBy'),
      cell: (c) => t(c.triggerBy === 'mark' ? 'perp.markPrice' : 'trade.lastPrice'),
    },
    {
      key: 'price',
      label: t('perp.cond.limit'),
      num: true,
      cell: (c) => (c.price ? `${formatAmount(c.price, scale(c))} · ${c.timeInForce}` : t('trade.market')),
    },
    {
      key: 'quantity',
      label: t('perp.quantity'),
      num: true,
      cell: (c) => formatAmount(c.quantity, contractOf(c.symbol).qtyScale),
    },
    ...(ended
      ? [
          timeColumn<PerpConditional>(t, dateOptions, (c) => c.updatedAt, 'perp.cond.endedAt'),
          {
            key: 'status',
            label: t('trade.status'),
            testId: 'conditional-status',
            cell: (c: PerpConditional) => (
              <>
                {t(`perp.cond.status.${c.status}`)}
                {c.status === 'expired' && c.reason && <small className="perp-chip">{refusal(t, c.reason)}</small>}
                {c.orderId !== null && <small className="perp-chip">{t('perp.cond.order', { id: c.orderId })}</small>}
              </>
            ),
          },
        ]
      : [
          cancelColumn(
            t,
            () => true,
            (c: PerpConditional) => void cancel(c.id),
          ),
        ]),
  ];
  return (
    <div className="perp-trailing">
      <h3 className="perp-trailing__title">{t(ended ? 'perp.cond.history' : 'perp.cond.list')}</h3>
      {!rows.length ? (
        <p className="muted">{t(ended ? 'perp.cond.noneEnded' : 'perp.cond.none')}</p>
      ) : (
        <DataTable
          className="grid-table orders-table"
          testId={ended ? 'perp-conditional-history' : 'perp-conditionals'}
          columns={columns}
          rows={rows}
          rowKey={(c) => c.id}
          rowProps={(c) => ({ 'data-testid': `perp-conditional-${c.id}` })}
        />
      )}
    </div>
  );
}

/**
 * Why a fired order was refused, in the page's words for that error (the page brings every error message); one whose
 * message needs the figures of the moment it fired (a price band's limits) reads as a plain refusal.
 */
function refusal(t: T, reason: string): string {
  const text = t(`error.${reason}`);
  return text === `error.${reason}` || text.includes('{{') ? t('perp.cond.refused') : text;
}
