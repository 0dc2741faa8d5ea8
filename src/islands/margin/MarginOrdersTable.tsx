import { useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { MarginMode, MarginOrder } from '../../../isomorphic/contract/margin.ts';
import type { T } from '../../lib/i18n/client.ts';
import { formatAmount, formatDateTime } from '../../../isomorphic/format/index.ts';
import { cancelMarginOrder, loadMarginOrders, marginOrdersStore, PAGE_SIZE } from '../../lib/margin/orders.ts';
import { isPositive } from '../../lib/perpetual-assets/view.ts';
import { $assetFormat } from '../../lib/stores/assets.ts';
import { $markets } from '../../lib/stores/market.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { quoteOf } from '../../lib/spot/order-math.ts';
import { Pager } from '../perpetual-assets/index.ts';
import { ListState } from '../ui/ListState.tsx';
import { type Column, DataTable } from '../ui/DataTable.tsx';
import '../../styles/margin.css';

/**
 * The user's margin orders of one account kind, open (with cancel) or finished, a page at a time: one pair's under
 * the trade screen's book, every pair's in the order centre's margin-all and margin-fixed tabs.
 */
export function MarginOrdersTable({ t, mode, symbol }: { t: T; mode: MarginMode; symbol?: string }) {
  const [state, setState] = useState<'open' | 'history'>('open');
  const view = useStore(marginOrdersStore({ mode, state, symbol }));
  const markets = useStore($markets).currencyList;
  const dateOptions = useStore($dateOptions);
  const fmt = useStore($assetFormat);
  const [cancelling, setCancelling] = useState<number | null>(null);
  // Until the answer for this list arrives, the store may still hold another list.
  const mine = view.mode === mode && view.state === state && view.symbol === symbol;
  const rows = mine ? view.records : [];
  const scales = (o: MarginOrder) => markets.find((m) => m.symbol === o.symbol) ?? { part_cou: 8, full_cou: 8 };

  const cancel = async (o: MarginOrder) => {
    setCancelling(o.id);
    try {
      await cancelMarginOrder(o.id);
      showToast('success', t('trade.orderCancelled'));
    } catch {
      // shown by the API client (already filled, say); the list is loaded again by the push
    } finally {
      setCancelling(null);
    }
  };

  // What autoBorrow borrowed is of the coin the order spends: quote for a buy, base for a sell.
  const borrowedCoin = (o: MarginOrder) => (o.side === 'buy' ? quoteOf(o) : (o.symbol_name.split('/')[0] ?? ''));
  const columns: Array<Column<MarginOrder> | false> = [
    { key: 'time', label: t('trade.time'), cell: (o) => formatDateTime(o.createTime, dateOptions) },
    {
      key: 'pair',
      label: t('trade.pair'),
      phone: 'title',
      cell: (o) => (
        <>
          <strong>{o.symbol_name}</strong>
          {o.autoRepay && <span className="margin-tag">{t('margin.autoRepay')}</span>}
        </>
      ),
    },
    { key: 'type', label: t('trade.type'), cell: (o) => t(`trade.${o.type}`) },
    {
      key: 'side',
      label: t('trade.side'),
      className: (o) => (o.side === 'buy' ? 'is-up' : 'is-down'),
      cell: (o) => t(`trade.${o.side}`),
    },
    {
      key: 'price',
      label: t('trade.price'),
      num: true,
      cell: (o) => (o.type === 'limit' ? formatAmount(o.price, scales(o).part_cou) : t('trade.market')),
    },
    {
      key: 'amount',
      label: t('trade.amount'),
      num: true,
      cell: (o) =>
        o.type === 'market' && o.side === 'buy'
          ? `${fmt(o.quoteAmount, quoteOf(o))} ${quoteOf(o)}`
          : formatAmount(o.quantity, scales(o).full_cou),
    },
    {
      key: 'filled',
      label: t('trade.filled'),
      num: true,
      cell: (o) => formatAmount(o.tradedQuantity, scales(o).full_cou),
    },
    {
      key: 'avg',
      label: t('trade.avgPrice'),
      num: true,
      cell: (o) => (isPositive(o.avgPrice) ? formatAmount(o.avgPrice, scales(o).part_cou) : '--'),
    },
    {
      key: 'borrowed',
      label: t('margin.col.borrowed'),
      num: true,
      cell: (o) => (isPositive(o.borrowed) ? `${fmt(o.borrowed, borrowedCoin(o))} ${borrowedCoin(o)}` : '--'),
    },
    {
      key: 'fee',
      label: t('trade.fee'),
      num: true,
      cell: (o) => (isPositive(o.fee) ? `${fmt(o.fee, o.feeAsset)} ${o.feeAsset}` : '--'),
    },
    { key: 'status', label: t('trade.status'), cell: (o) => t(`trade.status.${o.status}`) },
    state === 'open' && {
      key: 'actions',
      label: '',
      head: <span className="visually-hidden">{t('margin.col.actions')}</span>,
      className: 'orders-table__actions',
      cell: (o) => (
        <button type="button" className="link-button" disabled={cancelling === o.id} onClick={() => void cancel(o)}>
          {t('trade.cancel')}
        </button>
      ),
    },
  ];

  return (
    <div className="margin-orders" data-testid={`margin-orders-${mode}`}>
      <div className="segmented" role="tablist">
        {(['open', 'history'] as const).map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={s === state}
            className={s === state ? 'is-active' : ''}
            onClick={() => setState(s)}
          >
            {t(s === 'open' ? 'trade.openOrders' : 'trade.orderHistory')}
          </button>
        ))}
      </div>
      <ListState
        t={t}
        status={mine ? view.status : 'loading'}
        count={rows.length}
        empty={t('trade.noOrders')}
        onRetry={() => void loadMarginOrders({ mode, state, symbol }, view.page).catch(() => {})}
      >
        <div className="margin-scroll">
          <DataTable
            className="grid-table orders-table"
            testId={`margin-orders-${state}`}
            columns={columns}
            rows={rows}
            rowKey={(o) => o.id}
            rowProps={(o) => ({ 'data-order': String(o.id) })}
          />
        </div>
        <Pager
          t={t}
          page={view.page}
          total={view.total}
          size={PAGE_SIZE}
          onPage={(p) => void loadMarginOrders({ mode, state, symbol }, p).catch(() => {})}
        />
      </ListState>
    </div>
  );
}
