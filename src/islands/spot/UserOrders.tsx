import { useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { MarketEntry, SpotOrder } from '../../../isomorphic/contract/spot.ts';
import type { T } from '../../lib/i18n/client.ts';
import { formatAmount, formatDateTime } from '../../../isomorphic/format/index.ts';
import { $assetFormat } from '../../lib/stores/assets.ts';
import { $markets } from '../../lib/stores/market.ts';
import { $isLogin } from '../../lib/stores/session.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { cancelAllOrders, cancelOrder, spotOrdersStore } from '../../lib/spot/actions.ts';
import { quoteOf } from '../../lib/spot/order-math.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { type Column, DataTable } from '../ui/DataTable.tsx';
import { OrderFillsDialog } from './OrderFillsDialog.tsx';
import { StopOrders } from './StopOrders.tsx';
import { stopOrdersStore } from '../../lib/spot/stops.ts';

/**
 * The user's open orders (with cancel and cancel all) and order history: of one pair, or of all (order centre).
 * They follow the private feed: a fill or a cancel on any screen, by this user or a counterparty.
 */
export function UserOrders({ t, market }: { t: T; market?: MarketEntry }) {
  const [tab, setTab] = useState<'open' | 'stops' | 'history'>('open');
  const isLogin = useStore($isLogin);
  const { open, history } = useStore(spotOrdersStore(market?.symbol));
  const stops = useStore(stopOrdersStore(market?.symbol));
  const dateOptions = useStore($dateOptions);
  const fmt = useStore($assetFormat);
  const [confirming, setConfirming] = useState(false);
  const [fillsOf, setFillsOf] = useState<SpotOrder | null>(null);
  const rows = tab === 'open' ? open : history;
  const markets = useStore($markets).currencyList;
  // Each row shows its own pair's precision; the order centre lists every pair.
  const decimals = (o: SpotOrder) =>
    markets.find((m) => m.symbol === o.symbol) ?? market ?? { part_cou: 8, full_cou: 8 };

  const cancel = async (o: SpotOrder) => {
    try {
      await cancelOrder(o.id, market?.symbol);
      showToast('success', t('trade.orderCancelled'));
    } catch {
      // shown by the API client
    }
  };
  const cancelAll = async () => {
    setConfirming(false);
    try {
      const n = await cancelAllOrders(market?.symbol);
      showToast('success', t('trade.cancelledCount', { count: n }));
    } catch {
      // shown by the API client
    }
  };

  const columns: Array<Column<SpotOrder>> = [
    { key: 'time', label: t('trade.time'), cell: (o) => formatDateTime(o.createTime, dateOptions) },
    { key: 'pair', label: t('trade.pair'), cell: (o) => o.symbol_name, phone: 'title' },
    { key: 'type', label: t('trade.type'), cell: (o) => t(`trade.${o.type}`) },
    {
      key: 'side',
      label: t('trade.side'),
      cell: (o) => t(`trade.${o.side}`),
      className: (o) => (o.side === 'buy' ? 'is-up' : 'is-down'),
    },
    {
      key: 'price',
      label: t('trade.price'),
      num: true,
      cell: (o) => (o.type === 'limit' ? formatAmount(o.price, decimals(o).part_cou) : t('trade.market')),
    },
    {
      key: 'amount',
      label: t('trade.amount'),
      num: true,
      cell: (o) =>
        o.type === 'market' && o.side === 'buy'
          ? `${fmt(o.quoteAmount, quoteOf(o))} ${quoteOf(o)}`
          : formatAmount(o.quantity, decimals(o).full_cou),
    },
    {
      key: 'filled',
      label: t('trade.filled'),
      num: true,
      cell: (o) => formatAmount(o.tradedQuantity, decimals(o).full_cou),
    },
    {
      key: 'avg',
      label: t('trade.avgPrice'),
      num: true,
      cell: (o) => (Number(o.avgPrice) > 0 ? formatAmount(o.avgPrice, decimals(o).part_cou) : '--'),
    },
    {
      key: 'fee',
      label: t('trade.fee'),
      num: true,
      cell: (o) => (Number(o.fee) > 0 ? `${fmt(o.fee, o.feeAsset)} ${o.feeAsset}` : '--'),
    },
    { key: 'status', label: t('trade.status'), cell: (o) => t(`trade.status.${o.status}`) },
    {
      key: 'actions',
      label: '',
      className: 'orders-table__actions',
      cell: (o) => (
        <>
          {/[1-9]/.test(o.tradedQuantity) && (
            <button type="button" className="link-button" onClick={() => setFillsOf(o)}>
              {t('trade.fills.open')}
            </button>
          )}
          {tab === 'open' && (
            <button type="button" className="link-button" onClick={() => void cancel(o)}>
              {t('trade.cancel')}
            </button>
          )}
        </>
      ),
    },
  ];

  return (
    <section className="user-orders" aria-label={t('trade.openOrders')}>
      <header className="panel-head">
        <div className="segmented" role="tablist">
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'open'}
            className={tab === 'open' ? 'is-active' : ''}
            onClick={() => setTab('open')}
          >
            {t('trade.openOrders')} ({open.length})
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'stops'}
            className={tab === 'stops' ? 'is-active' : ''}
            onClick={() => setTab('stops')}
          >
            {t('trade.stopOrders')} ({stops.length})
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'history'}
            className={tab === 'history' ? 'is-active' : ''}
            onClick={() => setTab('history')}
          >
            {t('trade.orderHistory')}
          </button>
        </div>
        {tab === 'open' && open.length > 0 && (
          <button type="button" className="btn btn--outline btn--small" onClick={() => setConfirming(true)}>
            {t('trade.cancelAll')}
          </button>
        )}
      </header>
      <ConfirmDialog
        open={confirming}
        title={t('trade.cancelAllConfirm.title')}
        body={market ? t('trade.cancelAllConfirm.pair', { pair: market.symbol_name }) : t('trade.cancelAllConfirm.all')}
        confirmLabel={t('trade.cancelAllConfirm.confirm')}
        cancelLabel={t('trade.cancelAllConfirm.keep')}
        onConfirm={() => void cancelAll()}
        onCancel={() => setConfirming(false)}
      />
      {fillsOf && (
        <OrderFillsDialog t={t} order={fillsOf} decimals={decimals(fillsOf)} onClose={() => setFillsOf(null)} />
      )}
      {tab === 'stops' ? (
        isLogin && <StopOrders t={t} market={market} rows={stops} />
      ) : !isLogin || rows.length === 0 ? (
        <p className="muted">{t('trade.noOrders')}</p>
      ) : (
        <DataTable
          className="grid-table orders-table"
          testId={`orders-${tab}`}
          columns={columns}
          rows={rows}
          rowKey={(o) => o.id}
        />
      )}
    </section>
  );
}
