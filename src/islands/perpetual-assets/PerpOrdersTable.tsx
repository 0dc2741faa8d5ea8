import { useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { ContractKindName, ContractView, PerpOrder } from '../../../isomorphic/contract/perpetual.ts';
import type { T } from '../../lib/i18n/client.ts';
import { formatDateTime } from '../../../isomorphic/format/index.ts';
import {
  $perpContracts,
  cancelPerpOrder,
  loadPerpOrders,
  PAGE_SIZE,
  perpOrdersStore,
} from '../../lib/perpetual-assets/orders.ts';
import {
  atScale,
  contractOf,
  isCancellable,
  isPositive,
  pairOf,
  pnlTone,
  quantityUnit,
  signed,
} from '../../lib/perpetual-assets/view.ts';
import { $assetFormat } from '../../lib/stores/assets.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { Pager } from './parts.tsx';
import { ListState } from '../ui/ListState.tsx';
import { type Column, DataTable } from '../ui/DataTable.tsx';

/** A quantity with its unit: "0.010 BTC" on a USDT-margined contract, "5 Cont" on a coin-margined one. */
export function quantityText(t: T, value: string, contract: ContractView | undefined): string {
  const unit = quantityUnit(contract);
  const n = atScale(value, contract?.qtyScale);
  return unit === null ? n : unit === 'contracts' ? t('perpAssets.contracts', { n }) : `${n} ${unit.coin}`;
}

/** The user's contract orders of one kind, open (with cancel) or finished, a page at a time. */
export function PerpOrdersTable({ t, kind, state }: { t: T; kind: ContractKindName; state: 'open' | 'history' }) {
  const view = useStore(perpOrdersStore(kind, state));
  const contracts = useStore($perpContracts);
  const dateOptions = useStore($dateOptions);
  const fmt = useStore($assetFormat);
  const [cancelling, setCancelling] = useState<number | null>(null);
  // Until the answer for this tab arrives, the store may still hold the other tab's list.
  const mine = view.kind === kind && view.state === state;
  const rows = mine ? view.records : [];

  const cancel = async (o: PerpOrder) => {
    setCancelling(o.id);
    try {
      await cancelPerpOrder(o.id);
      showToast('success', t('perpAssets.cancelled', { id: o.id }));
    } catch {
      // the API client has shown why (already filled, say); the list is loaded again by the push
    } finally {
      setCancelling(null);
    }
  };

  const c = (o: PerpOrder) => contractOf(contracts, o.symbol);
  const money = (o: PerpOrder, v: string) => `${fmt(v, o.marginAsset)} ${o.marginAsset}`;
  const columns: Array<Column<PerpOrder> | false> = [
    {
      key: 'time',
      label: t('perpAssets.col.time'),
      className: 'perp-time',
      cell: (o) => formatDateTime(o.createdAt, dateOptions),
    },
    {
      key: 'contract',
      label: t('perpAssets.col.contract'),
      phone: 'title',
      cell: (o) => (
        <>
          <strong>{t('perpAssets.contractName', { pair: pairOf(o.symbol) })}</strong>
          <div className="perp-sub">
            {t(`perpAssets.mode.${o.marginMode}`)} · {o.leverage}×
          </div>
        </>
      ),
    },
    {
      key: 'type',
      label: t('perpAssets.col.type'),
      cell: (o) => (
        <>
          {t(`perpAssets.type.${o.type}`)}
          {o.type === 'limit' && o.timeInForce !== 'GTC' && (
            <span className="perp-tag">{t(`perpAssets.tif.${o.timeInForce}`)}</span>
          )}
          {o.source !== 'user' && <div className="perp-sub">{t(`perpAssets.source.${o.source}`)}</div>}
        </>
      ),
    },
    {
      key: 'side',
      label: t('perpAssets.col.side'),
      className: (o) => (o.side === 'buy' ? 'is-up' : 'is-down'),
      cell: (o) => (
        <>
          {t(`perpAssets.side.${o.side}`)}
          {o.reduceOnly && <span className="perp-tag">{t('perpAssets.reduceOnly')}</span>}
        </>
      ),
    },
    {
      key: 'price',
      label: t('perpAssets.col.price'),
      num: true,
      cell: (o) => (o.type === 'limit' ? atScale(o.price, c(o)?.priceScale) : t('perpAssets.type.market')),
    },
    { key: 'quantity', label: t('perpAssets.col.quantity'), num: true, cell: (o) => quantityText(t, o.quantity, c(o)) },
    { key: 'filled', label: t('perpAssets.col.filled'), num: true, cell: (o) => atScale(o.filledQty, c(o)?.qtyScale) },
    {
      key: 'avg',
      label: t('perpAssets.col.avgPrice'),
      num: true,
      cell: (o) => (isPositive(o.avgPrice) ? atScale(o.avgPrice, c(o)?.priceScale) : '--'),
    },
    state === 'open'
      ? { key: 'margin', label: t('perpAssets.col.margin'), num: true, cell: (o) => money(o, o.margin) }
      : {
          key: 'pnl',
          label: t('perpAssets.col.realizedPnl'),
          num: true,
          className: (o) => `is-${pnlTone(o.realizedPnl, money(o, o.realizedPnl))}`,
          cell: (o) => signed(money(o, o.realizedPnl), o.realizedPnl),
        },
    {
      key: 'fee',
      label: t('perpAssets.col.fee'),
      num: true,
      cell: (o) => (isPositive(o.fee) ? money(o, o.fee) : '--'),
    },
    { key: 'status', label: t('perpAssets.col.status'), cell: (o) => t(`perpAssets.status.${o.status}`) },
    state === 'open' && {
      key: 'actions',
      label: '',
      head: <span className="visually-hidden">{t('perpAssets.col.actions')}</span>,
      className: 'perp-actions',
      cell: (o) =>
        isCancellable(o) && (
          <button type="button" className="link-button" disabled={cancelling === o.id} onClick={() => void cancel(o)}>
            {t('perpAssets.cancel')}
          </button>
        ),
    },
  ];

  return (
    <ListState
      t={t}
      status={mine ? view.status : 'loading'}
      count={rows.length}
      empty={t(state === 'open' ? 'perpAssets.noOpen' : 'perpAssets.noHistory')}
      onRetry={() => void loadPerpOrders(kind, state, view.page).catch(() => {})}
    >
      <div className="perp-scroll">
        <DataTable
          className="grid-table perp-table"
          testId={`perp-${state}`}
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
        onPage={(p) => void loadPerpOrders(kind, state, p).catch(() => {})}
      />
    </ListState>
  );
}
