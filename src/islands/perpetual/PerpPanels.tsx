import { useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { ContractView, PerpOrder, PerpPosition } from '../../../isomorphic/contract/perpetual.ts';
import type { T } from '../../lib/i18n/client.ts';
import { formatAmount } from '../../../isomorphic/format/index.ts';
import {
  $liquidations,
  $perpHistory,
  $perpOpenOrders,
  $positions,
  $positionsLive,
  $stopOrders,
  $trailingStops,
  $conditionalOrders,
  cancelPerpOrder,
  cancelStopOrder,
  closeAllPositions,
  closePosition,
} from '../../lib/perpetual/actions.ts';
import {
  adlLights,
  formatSigned,
  marginRatioTone,
  quantityUnit,
  signTone,
} from '../../../isomorphic/perpetual/math.ts';
import { $assetFormat } from '../../lib/stores/assets.ts';
import { $isLogin } from '../../lib/stores/session.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { MarginDialog, StopDialog } from './PositionDialogs.tsx';
import { CloseCell } from './PositionClose.tsx';
import { TrailingList } from './TrailingList.tsx';
import { ConditionalList, activeConditionals } from './ConditionalList.tsx';
import { cancelColumn, contractColumn, contractName, type ContractOf, timeColumn } from './columns.tsx';
import { type Column, DataTable } from '../ui/DataTable.tsx';

type StopOrderRow = ReturnType<typeof $stopOrders.get>[number];

type Tab = 'positions' | 'open' | 'stops' | 'history' | 'liquidations';

interface Props {
  t: T;
  contracts: ContractView[];
  current: ContractView;
}

/** The user's positions, open orders, take-profits and stop-losses, order history and liquidations, below the chart. */
export function PerpPanels({ t, contracts, current }: Props) {
  const isLogin = useStore($isLogin);
  const positions = useStore($positions);
  const open = useStore($perpOpenOrders);
  const history = useStore($perpHistory);
  const stops = useStore($stopOrders);
  const trailing = useStore($trailingStops);
  const conditionals = useStore($conditionalOrders);
  // Keeps the marks of the positions fresh (every 2 s) while this panel is on the page.
  useStore($positionsLive);
  const [tab, setTab] = useState<Tab>('positions');
  const activeStops = stops.filter((s) => s.status === 'active');
  const counts: Partial<Record<Tab, number>> = {
    positions: positions.length,
    open: open.length + activeConditionals(conditionals).length,
    stops: activeStops.length + trailing.filter((s) => s.status === 'active').length,
  };
  const contractOf = (symbol: string) => contracts.find((c) => c.symbol === symbol) ?? current;
  return (
    <section className="user-orders perp-panels" aria-label={t('perp.positions')}>
      <div className="tabs" role="tablist">
        {(['positions', 'open', 'stops', 'history', 'liquidations'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={k === tab}
            className={`tabs__tab${k === tab ? ' is-active' : ''}`}
            onClick={() => setTab(k)}
          >
            {t(`perp.tab.${k}`)}
            {isLogin && counts[k] ? ` (${counts[k]})` : ''}
          </button>
        ))}
      </div>
      {!isLogin ? (
        <p className="muted">{t('perp.loginToSee')}</p>
      ) : tab === 'positions' ? (
        <Positions t={t} positions={positions} contractOf={contractOf} />
      ) : tab === 'open' ? (
        <>
          <Orders t={t} rows={open} open contractOf={contractOf} />
          <ConditionalList t={t} contractOf={contractOf} />
        </>
      ) : tab === 'stops' ? (
        <>
          <Stops t={t} contractOf={contractOf} />
          <TrailingList t={t} contractOf={contractOf} />
        </>
      ) : tab === 'history' ? (
        <>
          <Orders t={t} rows={history} open={false} contractOf={contractOf} />
          <ConditionalList t={t} contractOf={contractOf} ended />
        </>
      ) : (
        <Liquidations t={t} contractOf={contractOf} />
      )}
    </section>
  );
}

/** A PnL at the asset's display decimals, with a plus sign when it shows a gain. */
const signed = (fmt: (v: string, asset: string) => string, value: string, asset: string) => {
  const shown = fmt(value, asset);
  return signTone(value) === 'up' && /[1-9]/.test(shown) ? `+${shown}` : shown;
};
const name = contractName;

function Positions({ t, positions, contractOf }: { t: T; positions: PerpPosition[]; contractOf: ContractOf }) {
  const fmt = useStore($assetFormat);
  const [marginOf, setMarginOf] = useState<PerpPosition | null>(null);
  const [stopsOf, setStopsOf] = useState<PerpPosition | null>(null);
  const [closing, setClosing] = useState<PerpPosition | null>(null);
  const [closingAll, setClosingAll] = useState(false);
  const [busy, setBusy] = useState(false);

  const close = async (p: PerpPosition) => {
    setClosing(null);
    setBusy(true);
    try {
      const order = await closePosition(p.id);
      showToast('success', t('perp.closed', { contract: name(contractOf(p.symbol)), id: order.id }));
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };
  const closeAll = async () => {
    setClosingAll(false);
    setBusy(true);
    try {
      const done = await closeAllPositions([...new Set(positions.map((p) => p.symbol))]);
      showToast('success', t('perp.closedAll', { closed: done.closed, cancelled: done.cancelled }));
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };

  if (!positions.length) return <p className="muted">{t('perp.noPositions')}</p>;
  const columns: Array<Column<PerpPosition>> = [
    {
      key: 'contract',
      label: t('perp.contract'),
      phone: 'title',
      cell: (p) => (
        <>
          <strong className={p.side === 'long' ? 'is-up' : 'is-down'}>{name(contractOf(p.symbol))}</strong>
          <span className="perp-chips">
            <span className={`perp-chip ${p.side === 'long' ? 'is-up' : 'is-down'}`}>{t(`perp.side.${p.side}`)}</span>
            <span className="perp-chip" data-testid="position-mode">
              {t(`perp.mode.${p.marginMode}`)} {p.leverage}×
            </span>
          </span>
        </>
      ),
    },
    {
      key: 'size',
      label: t('perp.size'),
      num: true,
      testId: 'position-size',
      cell: (p) => {
        const c = contractOf(p.symbol);
        return `${formatAmount(p.quantity, c.qtyScale)} ${quantityUnit(c, t('perp.cont'))}`;
      },
    },
    {
      key: 'entry',
      label: t('perp.entryPrice'),
      num: true,
      testId: 'position-entry',
      cell: (p) => formatAmount(p.entryPrice, contractOf(p.symbol).priceScale),
    },
    {
      key: 'mark',
      label: t('perp.markPrice'),
      num: true,
      testId: 'position-mark',
      cell: (p) => formatAmount(p.markPrice, contractOf(p.symbol).priceScale),
    },
    {
      key: 'liq',
      label: t('perp.liqPrice'),
      num: true,
      testId: 'position-liq',
      cell: (p) => (p.liquidationPrice ? formatAmount(p.liquidationPrice, contractOf(p.symbol).priceScale) : '--'),
    },
    {
      key: 'margin',
      label: t('perp.margin'),
      num: true,
      cell: (p) => (
        <>
          <span data-testid="position-margin">{fmt(p.margin, p.marginAsset)}</span> {p.marginAsset}
          {p.marginMode === 'isolated' && (
            <button
              type="button"
              className="link-button perp-edit"
              aria-label={t('perp.margin.adjust')}
              title={t('perp.margin.adjust')}
              onClick={() => setMarginOf(p)}
            >
              ±
            </button>
          )}
        </>
      ),
    },
    {
      key: 'ratio',
      label: t('perp.marginRatio'),
      num: true,
      testId: 'position-ratio',
      className: (p) => `perp-mr perp-mr--${marginRatioTone(p.marginRatio)}`,
      cell: (p) => `${p.marginRatio}%`,
    },
    {
      key: 'upnl',
      label: t('perp.unrealizedPnl'),
      num: true,
      className: (p) => `is-${signTone(p.unrealizedPnl)}`,
      cell: (p) => (
        <>
          <span data-testid="position-upnl">{signed(fmt, p.unrealizedPnl, p.marginAsset)}</span> {p.marginAsset}
          <small className="perp-roe" data-testid="position-roe">
            ({formatSigned(p.roe, 2)}%)
          </small>
        </>
      ),
    },
    {
      key: 'rpnl',
      label: t('perp.realizedPnl'),
      num: true,
      className: (p) => `is-${signTone(p.realizedPnl)}`,
      cell: (p) => `${signed(fmt, p.realizedPnl, p.marginAsset)} ${p.marginAsset}`,
    },
    {
      key: 'funding',
      label: t('perp.fundingFee'),
      num: true,
      testId: 'position-funding',
      className: (p) => `is-${signTone(p.funding)}`,
      cell: (p) => `${signed(fmt, p.funding, p.marginAsset)} ${p.marginAsset}`,
    },
    {
      key: 'tpsl',
      label: t('perp.tpsl'),
      cell: (p) => {
        const c = contractOf(p.symbol);
        return (
          <>
            <span className="perp-stops" data-testid="position-tpsl">
              <span className="is-up">
                {p.takeProfit ? formatAmount(p.takeProfit.triggerPrice, c.priceScale) : '--'}
              </span>
              {' / '}
              <span className="is-down">{p.stopLoss ? formatAmount(p.stopLoss.triggerPrice, c.priceScale) : '--'}</span>
            </span>
            <button type="button" className="link-button perp-edit" onClick={() => setStopsOf(p)}>
              {t('perp.edit')}
            </button>
          </>
        );
      },
    },
    {
      key: 'adl',
      label: t('perp.adl'),
      cell: (p) => (
        <span
          className="perp-adl"
          role="img"
          aria-label={t('perp.adl.rank', { rank: p.adlRank })}
          title={t('perp.adl.hint')}
          data-testid="position-adl"
          data-rank={p.adlRank}
        >
          {adlLights(p.adlRank).map((on, i) => (
            <i key={i} className={on ? 'is-on' : ''} />
          ))}
        </span>
      ),
    },
    {
      key: 'close',
      label: t('perp.rowClose.col'),
      className: 'perp-positions__close',
      cell: (p) => <CloseCell t={t} position={p} contract={contractOf(p.symbol)} />,
    },
    {
      key: 'actions',
      label: '',
      className: 'orders-table__actions',
      cell: (p) => (
        <button type="button" className="link-button" disabled={busy} onClick={() => setClosing(p)}>
          {t('perp.close')}
        </button>
      ),
    },
  ];
  return (
    <>
      <div className="perp-panels__bar">
        <button
          type="button"
          className="btn btn--outline btn--small"
          disabled={busy}
          onClick={() => setClosingAll(true)}
        >
          {t('perp.closeAll')}
        </button>
      </div>
      <ConfirmDialog
        open={closingAll}
        title={t('perp.closeAll.title')}
        body={t('perp.closeAll.body')}
        confirmLabel={t('perp.closeAll')}
        cancelLabel={t('perp.keep')}
        onConfirm={() => void closeAll()}
        onCancel={() => setClosingAll(false)}
      />
      <ConfirmDialog
        open={closing !== null}
        title={t('perp.close.title')}
        body={
          closing
            ? t('perp.close.body', { contract: name(contractOf(closing.symbol)), side: t(`perp.side.${closing.side}`) })
            : ''
        }
        confirmLabel={t('perp.close')}
        cancelLabel={t('perp.keep')}
        onConfirm={() => closing && void close(closing)}
        onCancel={() => setClosing(null)}
      />
      {marginOf && (
        <MarginDialog
          t={t}
          position={marginOf}
          contract={contractOf(marginOf.symbol)}
          onClose={() => setMarginOf(null)}
        />
      )}
      {stopsOf && (
        <StopDialog t={t} position={stopsOf} contract={contractOf(stopsOf.symbol)} onClose={() => setStopsOf(null)} />
      )}
      <DataTable
        className="grid-table orders-table perp-positions"
        testId="perp-positions"
        columns={columns}
        rows={positions}
        rowKey={(p) => p.id}
        rowProps={(p) => ({ 'data-testid': `perp-position-${p.symbol}`, 'data-side': p.side })}
      />
    </>
  );
}

function Orders({ t, rows, open, contractOf }: { t: T; rows: PerpOrder[]; open: boolean; contractOf: ContractOf }) {
  const fmt = useStore($assetFormat);
  const dateOptions = useStore($dateOptions);
  const cancel = async (o: PerpOrder) => {
    try {
      await cancelPerpOrder(o.id);
      showToast('success', t('trade.orderCancelled'));
    } catch {
      // shown by the API client
    }
  };
  if (!rows.length) return <p className="muted">{t('trade.noOrders')}</p>;
  const scale = (o: PerpOrder) => contractOf(o.symbol);
  const columns: Array<Column<PerpOrder> | false> = [
    timeColumn(t, dateOptions, (o) => o.createdAt),
    {
      key: 'contract',
      label: t('perp.contract'),
      phone: 'title',
      cell: (o) => (
        <>
          {name(contractOf(o.symbol))}{' '}
          <small className="muted-inline">
            {t(`perp.mode.${o.marginMode}`)} {o.leverage}×
          </small>
        </>
      ),
    },
    {
      key: 'type',
      label: t('trade.type'),
      cell: (o) => `${t(`trade.${o.type}`)}${o.type === 'limit' ? ` · ${o.timeInForce}` : ''}`,
    },
    {
      key: 'side',
      label: t('trade.side'),
      className: (o) => (o.side === 'buy' ? 'is-up' : 'is-down'),
      cell: (o) => (
        <>
          {t(o.side === 'buy' ? 'perp.buyLong' : 'perp.sellShort')}
          {o.reduceOnly && <small className="perp-chip">{t('perp.reduceOnly')}</small>}
          {o.source !== 'user' && <small className="perp-chip">{t(`perp.source.${o.source}`)}</small>}
        </>
      ),
    },
    {
      key: 'price',
      label: t('trade.price'),
      num: true,
      cell: (o) => (o.type === 'limit' ? formatAmount(o.price, scale(o).priceScale) : t('trade.market')),
    },
    {
      key: 'quantity',
      label: t('perp.quantity'),
      num: true,
      cell: (o) => formatAmount(o.quantity, scale(o).qtyScale),
    },
    { key: 'filled', label: t('trade.filled'), num: true, cell: (o) => formatAmount(o.filledQty, scale(o).qtyScale) },
    {
      key: 'avg',
      label: t('trade.avgPrice'),
      num: true,
      cell: (o) => (o.avgPrice ? formatAmount(o.avgPrice, scale(o).priceScale) : '--'),
    },
    open && {
      key: 'margin',
      label: t('perp.margin'),
      num: true,
      cell: (o) => `${fmt(o.margin, o.marginAsset)} ${o.marginAsset}`,
    },
    !open && {
      key: 'rpnl',
      label: t('perp.realizedPnl'),
      num: true,
      className: (o) => `is-${signTone(o.realizedPnl)}`,
      cell: (o) => `${signed(fmt, o.realizedPnl, o.marginAsset)} ${o.marginAsset}`,
    },
    { key: 'fee', label: t('trade.fee'), num: true, cell: (o) => `${fmt(o.fee, o.marginAsset)} ${o.marginAsset}` },
    { key: 'status', label: t('trade.status'), cell: (o) => t(`trade.status.${o.status}`) },
    cancelColumn(
      t,
      () => open,
      (o) => void cancel(o),
    ),
  ];
  return (
    <DataTable
      className="grid-table orders-table"
      testId={open ? 'perp-open-orders' : 'perp-order-history'}
      columns={columns}
      rows={rows}
      rowKey={(o) => o.id}
    />
  );
}

function Stops({ t, contractOf }: { t: T; contractOf: ContractOf }) {
  const stops = useStore($stopOrders);
  const dateOptions = useStore($dateOptions);
  const cancel = async (id: number) => {
    try {
      await cancelStopOrder(id);
      showToast('success', t('perp.tpsl.cancelled'));
    } catch {
      // shown by the API client
    }
  };
  if (!stops.length) return <p className="muted">{t('perp.noStops')}</p>;
  const columns: Array<Column<StopOrderRow>> = [
    timeColumn(t, dateOptions, (s) => s.createdAt),
    contractColumn(t, contractOf),
    {
      key: 'kind',
      label: t('trade.type'),
      className: (s) => (s.kind === 'takeProfit' ? 'is-up' : 'is-down'),
      cell: (s) => t(`perp.${s.kind}`),
    },
    { key: 'position', label: t('perp.position'), cell: (s) => t(`perp.side.${s.positionSide}`) },
    {
      key: 'trigger',
      label: t('perp.triggerPrice'),
      num: true,
      cell: (s) => formatAmount(s.triggerPrice, contractOf(s.symbol).priceScale),
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
    <DataTable
      className="grid-table orders-table"
      testId="perp-stops"
      columns={columns}
      rows={stops}
      rowKey={(s) => s.id}
    />
  );
}

function Liquidations({ t, contractOf }: { t: T; contractOf: ContractOf }) {
  const rows = useStore($liquidations);
  const fmt = useStore($assetFormat);
  const dateOptions = useStore($dateOptions);
  if (!rows.length) return <p className="muted">{t('perp.noLiquidations')}</p>;
  const columns: Array<Column<(typeof rows)[number]>> = [
    timeColumn(t, dateOptions, (l) => l.createdAt),
    contractColumn(t, contractOf),
    {
      key: 'side',
      label: t('perp.position'),
      className: (l) => (l.side === 'long' ? 'is-up' : 'is-down'),
      cell: (l) => t(`perp.side.${l.side}`),
    },
    { key: 'kind', label: t('trade.type'), cell: (l) => t(`perp.liqKind.${l.kind}`) },
    {
      key: 'quantity',
      label: t('perp.quantity'),
      num: true,
      cell: (l) => formatAmount(l.quantity, contractOf(l.symbol).qtyScale),
    },
    {
      key: 'price',
      label: t('trade.price'),
      num: true,
      cell: (l) => formatAmount(l.price, contractOf(l.symbol).priceScale),
    },
    {
      key: 'mark',
      label: t('perp.markPrice'),
      num: true,
      cell: (l) => formatAmount(l.markPrice, contractOf(l.symbol).priceScale),
    },
    {
      key: 'fee',
      label: t('perp.liqFee'),
      num: true,
      cell: (l) => {
        const asset = contractOf(l.symbol).marginAsset;
        return `${fmt(l.fee, asset)} ${asset}`;
      },
    },
  ];
  return (
    <DataTable
      className="grid-table orders-table"
      testId="perp-liquidations"
      columns={columns}
      rows={rows}
      rowKey={(l) => l.id}
    />
  );
}
