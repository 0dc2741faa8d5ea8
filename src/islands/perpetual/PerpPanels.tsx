import { useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { ContractView, PerpOrder, PerpPosition } from '../../../isomorphic/contract/perpetual.ts';
import type { T } from '../../lib/i18n/client.ts';
import { formatAmount, formatDateTime } from '../../../isomorphic/format/index.ts';
import {
  $liquidations,
  $perpHistory,
  $perpOpenOrders,
  $positions,
  $positionsLive,
  $stopOrders,
  $trailingStops,
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
  // Keeps the marks of the positions fresh (every 2 s) while this panel is on the page.
  useStore($positionsLive);
  const [tab, setTab] = useState<Tab>('positions');
  const activeStops = stops.filter((s) => s.status === 'active');
  const counts: Partial<Record<Tab, number>> = {
    positions: positions.length,
    open: open.length,
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
        <Orders t={t} rows={open} open contractOf={contractOf} />
      ) : tab === 'stops' ? (
        <>
          <Stops t={t} contractOf={contractOf} />
          <TrailingList t={t} contractOf={contractOf} />
        </>
      ) : tab === 'history' ? (
        <Orders t={t} rows={history} open={false} contractOf={contractOf} />
      ) : (
        <Liquidations t={t} contractOf={contractOf} />
      )}
    </section>
  );
}

type ContractOf = (symbol: string) => ContractView;
/** A PnL at the asset's display decimals, with a plus sign when it shows a gain. */
const signed = (fmt: (v: string, asset: string) => string, value: string, asset: string) => {
  const shown = fmt(value, asset);
  return signTone(value) === 'up' && /[1-9]/.test(shown) ? `+${shown}` : shown;
};
const name = (c: ContractView) => `${c.base}${c.quote}`;

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
      <table className="grid-table orders-table perp-positions" data-testid="perp-positions">
        <thead>
          <tr>
            <th scope="col">{t('perp.contract')}</th>
            <th scope="col" className="num">
              {t('perp.size')}
            </th>
            <th scope="col" className="num">
              {t('perp.entryPrice')}
            </th>
            <th scope="col" className="num">
              {t('perp.markPrice')}
            </th>
            <th scope="col" className="num">
              {t('perp.liqPrice')}
            </th>
            <th scope="col" className="num">
              {t('perp.margin')}
            </th>
            <th scope="col" className="num">
              {t('perp.marginRatio')}
            </th>
            <th scope="col" className="num">
              {t('perp.unrealizedPnl')}
            </th>
            <th scope="col" className="num">
              {t('perp.realizedPnl')}
            </th>
            <th scope="col" className="num">
              {t('perp.fundingFee')}
            </th>
            <th scope="col">{t('perp.tpsl')}</th>
            <th scope="col">{t('perp.adl')}</th>
            <th scope="col">{t('perp.rowClose.col')}</th>
            <th scope="col" />
          </tr>
        </thead>
        <tbody>
          {positions.map((p) => {
            const c = contractOf(p.symbol);
            const unit = quantityUnit(c, t('perp.cont'));
            const asset = p.marginAsset;
            return (
              <tr key={p.id} data-testid={`perp-position-${p.symbol}`} data-side={p.side}>
                <td>
                  <strong className={p.side === 'long' ? 'is-up' : 'is-down'}>{name(c)}</strong>
                  <span className="perp-chips">
                    <span className={`perp-chip ${p.side === 'long' ? 'is-up' : 'is-down'}`}>
                      {t(`perp.side.${p.side}`)}
                    </span>
                    <span className="perp-chip" data-testid="position-mode">
                      {t(`perp.mode.${p.marginMode}`)} {p.leverage}×
                    </span>
                  </span>
                </td>
                <td className="num" data-testid="position-size">
                  {formatAmount(p.quantity, c.qtyScale)} {unit}
                </td>
                <td className="num" data-testid="position-entry">
                  {formatAmount(p.entryPrice, c.priceScale)}
                </td>
                <td className="num" data-testid="position-mark">
                  {formatAmount(p.markPrice, c.priceScale)}
                </td>
                <td className="num" data-testid="position-liq">
                  {p.liquidationPrice ? formatAmount(p.liquidationPrice, c.priceScale) : '--'}
                </td>
                <td className="num">
                  <span data-testid="position-margin">{fmt(p.margin, asset)}</span> {asset}
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
                </td>
                <td className={`num perp-mr perp-mr--${marginRatioTone(p.marginRatio)}`} data-testid="position-ratio">
                  {p.marginRatio}%
                </td>
                <td className={`num is-${signTone(p.unrealizedPnl)}`}>
                  <span data-testid="position-upnl">{signed(fmt, p.unrealizedPnl, asset)}</span> {asset}
                  <small className="perp-roe" data-testid="position-roe">
                    ({formatSigned(p.roe, 2)}%)
                  </small>
                </td>
                <td className={`num is-${signTone(p.realizedPnl)}`}>
                  {signed(fmt, p.realizedPnl, asset)} {asset}
                </td>
                <td className={`num is-${signTone(p.funding)}`} data-testid="position-funding">
                  {signed(fmt, p.funding, asset)} {asset}
                </td>
                <td>
                  <span className="perp-stops" data-testid="position-tpsl">
                    <span className="is-up">
                      {p.takeProfit ? formatAmount(p.takeProfit.triggerPrice, c.priceScale) : '--'}
                    </span>
                    {' / '}
                    <span className="is-down">
                      {p.stopLoss ? formatAmount(p.stopLoss.triggerPrice, c.priceScale) : '--'}
                    </span>
                  </span>
                  <button type="button" className="link-button perp-edit" onClick={() => setStopsOf(p)}>
                    {t('perp.edit')}
                  </button>
                </td>
                <td>
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
                </td>
                <td>
                  <CloseCell t={t} position={p} contract={c} />
                </td>
                <td className="orders-table__actions">
                  <button type="button" className="link-button" disabled={busy} onClick={() => setClosing(p)}>
                    {t('perp.close')}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
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
  return (
    <table className="grid-table orders-table" data-testid={open ? 'perp-open-orders' : 'perp-order-history'}>
      <thead>
        <tr>
          <th scope="col">{t('trade.time')}</th>
          <th scope="col">{t('perp.contract')}</th>
          <th scope="col">{t('trade.type')}</th>
          <th scope="col">{t('trade.side')}</th>
          <th scope="col" className="num">
            {t('trade.price')}
          </th>
          <th scope="col" className="num">
            {t('perp.quantity')}
          </th>
          <th scope="col" className="num">
            {t('trade.filled')}
          </th>
          <th scope="col" className="num">
            {t('trade.avgPrice')}
          </th>
          {open ? (
            <th scope="col" className="num">
              {t('perp.margin')}
            </th>
          ) : (
            <th scope="col" className="num">
              {t('perp.realizedPnl')}
            </th>
          )}
          <th scope="col" className="num">
            {t('trade.fee')}
          </th>
          <th scope="col">{t('trade.status')}</th>
          <th scope="col" />
        </tr>
      </thead>
      <tbody>
        {rows.map((o) => {
          const c = contractOf(o.symbol);
          return (
            <tr key={o.id}>
              <td>{formatDateTime(o.createdAt, dateOptions)}</td>
              <td>
                {name(c)}{' '}
                <small className="muted-inline">
                  {t(`perp.mode.${o.marginMode}`)} {o.leverage}×
                </small>
              </td>
              <td>
                {t(`trade.${o.type}`)}
                {o.type === 'limit' ? ` · ${o.timeInForce}` : ''}
              </td>
              <td className={o.side === 'buy' ? 'is-up' : 'is-down'}>
                {t(o.side === 'buy' ? 'perp.buyLong' : 'perp.sellShort')}
                {o.reduceOnly && <small className="perp-chip">{t('perp.reduceOnly')}</small>}
                {o.source !== 'user' && <small className="perp-chip">{t(`perp.source.${o.source}`)}</small>}
              </td>
              <td className="num">{o.type === 'limit' ? formatAmount(o.price, c.priceScale) : t('trade.market')}</td>
              <td className="num">{formatAmount(o.quantity, c.qtyScale)}</td>
              <td className="num">{formatAmount(o.filledQty, c.qtyScale)}</td>
              <td className="num">{o.avgPrice ? formatAmount(o.avgPrice, c.priceScale) : '--'}</td>
              {open ? (
                <td className="num">
                  {fmt(o.margin, o.marginAsset)} {o.marginAsset}
                </td>
              ) : (
                <td className={`num is-${signTone(o.realizedPnl)}`}>
                  {signed(fmt, o.realizedPnl, o.marginAsset)} {o.marginAsset}
                </td>
              )}
              <td className="num">
                {fmt(o.fee, o.marginAsset)} {o.marginAsset}
              </td>
              <td>{t(`trade.status.${o.status}`)}</td>
              <td className="orders-table__actions">
                {open && (
                  <button type="button" className="link-button" onClick={() => void cancel(o)}>
                    {t('trade.cancel')}
                  </button>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
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
  return (
    <table className="grid-table orders-table" data-testid="perp-stops">
      <thead>
        <tr>
          <th scope="col">{t('trade.time')}</th>
          <th scope="col">{t('perp.contract')}</th>
          <th scope="col">{t('trade.type')}</th>
          <th scope="col">{t('perp.position')}</th>
          <th scope="col" className="num">
            {t('perp.triggerPrice')}
          </th>
          <th scope="col">{t('perp.triggerBy')}</th>
          <th scope="col">{t('trade.status')}</th>
          <th scope="col" />
        </tr>
      </thead>
      <tbody>
        {stops.map((s) => {
          const c = contractOf(s.symbol);
          return (
            <tr key={s.id}>
              <td>{formatDateTime(s.createdAt, dateOptions)}</td>
              <td>{name(c)}</td>
              <td className={s.kind === 'takeProfit' ? 'is-up' : 'is-down'}>{t(`perp.${s.kind}`)}</td>
              <td>{t(`perp.side.${s.positionSide}`)}</td>
              <td className="num">{formatAmount(s.triggerPrice, c.priceScale)}</td>
              <td>{t(s.triggerBy === 'mark' ? 'perp.markPrice' : 'trade.lastPrice')}</td>
              <td>{t(`perp.stopStatus.${s.status}`)}</td>
              <td className="orders-table__actions">
                {s.status === 'active' && (
                  <button type="button" className="link-button" onClick={() => void cancel(s.id)}>
                    {t('trade.cancel')}
                  </button>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Liquidations({ t, contractOf }: { t: T; contractOf: ContractOf }) {
  const rows = useStore($liquidations);
  const fmt = useStore($assetFormat);
  const dateOptions = useStore($dateOptions);
  if (!rows.length) return <p className="muted">{t('perp.noLiquidations')}</p>;
  return (
    <table className="grid-table orders-table" data-testid="perp-liquidations">
      <thead>
        <tr>
          <th scope="col">{t('trade.time')}</th>
          <th scope="col">{t('perp.contract')}</th>
          <th scope="col">{t('perp.position')}</th>
          <th scope="col">{t('trade.type')}</th>
          <th scope="col" className="num">
            {t('perp.quantity')}
          </th>
          <th scope="col" className="num">
            {t('trade.price')}
          </th>
          <th scope="col" className="num">
            {t('perp.markPrice')}
          </th>
          <th scope="col" className="num">
            {t('perp.liqFee')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((l) => {
          const c = contractOf(l.symbol);
          return (
            <tr key={l.id}>
              <td>{formatDateTime(l.createdAt, dateOptions)}</td>
              <td>{name(c)}</td>
              <td className={l.side === 'long' ? 'is-up' : 'is-down'}>{t(`perp.side.${l.side}`)}</td>
              <td>{t(`perp.liqKind.${l.kind}`)}</td>
              <td className="num">{formatAmount(l.quantity, c.qtyScale)}</td>
              <td className="num">{formatAmount(l.price, c.priceScale)}</td>
              <td className="num">{formatAmount(l.markPrice, c.priceScale)}</td>
              <td className="num">
                {fmt(l.fee, c.marginAsset)} {c.marginAsset}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
