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

  return (
    <ListState
      t={t}
      status={mine ? view.status : 'loading'}
      count={rows.length}
      empty={t(state === 'open' ? 'perpAssets.noOpen' : 'perpAssets.noHistory')}
      onRetry={() => void loadPerpOrders(kind, state, view.page).catch(() => {})}
    >
      <div className="perp-scroll">
        <table className="grid-table perp-table" data-testid={`perp-${state}`}>
          <thead>
            <tr>
              <th scope="col">{t('perpAssets.col.time')}</th>
              <th scope="col">{t('perpAssets.col.contract')}</th>
              <th scope="col">{t('perpAssets.col.type')}</th>
              <th scope="col">{t('perpAssets.col.side')}</th>
              <th scope="col" className="num">
                {t('perpAssets.col.price')}
              </th>
              <th scope="col" className="num">
                {t('perpAssets.col.quantity')}
              </th>
              <th scope="col" className="num">
                {t('perpAssets.col.filled')}
              </th>
              <th scope="col" className="num">
                {t('perpAssets.col.avgPrice')}
              </th>
              {state === 'open' ? (
                <th scope="col" className="num">
                  {t('perpAssets.col.margin')}
                </th>
              ) : (
                <th scope="col" className="num">
                  {t('perpAssets.col.realizedPnl')}
                </th>
              )}
              <th scope="col" className="num">
                {t('perpAssets.col.fee')}
              </th>
              <th scope="col">{t('perpAssets.col.status')}</th>
              {state === 'open' && (
                <th scope="col">
                  <span className="visually-hidden">{t('perpAssets.col.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((o) => {
              const c = contractOf(contracts, o.symbol);
              const money = (v: string) => `${fmt(v, o.marginAsset)} ${o.marginAsset}`;
              return (
                <tr key={o.id} data-order={o.id}>
                  <td className="perp-time">{formatDateTime(o.createdAt, dateOptions)}</td>
                  <td>
                    <strong>{t('perpAssets.contractName', { pair: pairOf(o.symbol) })}</strong>
                    <div className="perp-sub">
                      {t(`perpAssets.mode.${o.marginMode}`)} · {o.leverage}×
                    </div>
                  </td>
                  <td>
                    {t(`perpAssets.type.${o.type}`)}
                    {o.type === 'limit' && o.timeInForce !== 'GTC' && (
                      <span className="perp-tag">{t(`perpAssets.tif.${o.timeInForce}`)}</span>
                    )}
                    {o.source !== 'user' && <div className="perp-sub">{t(`perpAssets.source.${o.source}`)}</div>}
                  </td>
                  <td className={o.side === 'buy' ? 'is-up' : 'is-down'}>
                    {t(`perpAssets.side.${o.side}`)}
                    {o.reduceOnly && <span className="perp-tag">{t('perpAssets.reduceOnly')}</span>}
                  </td>
                  <td className="num">
                    {o.type === 'limit' ? atScale(o.price, c?.priceScale) : t('perpAssets.type.market')}
                  </td>
                  <td className="num">{quantityText(t, o.quantity, c)}</td>
                  <td className="num">{atScale(o.filledQty, c?.qtyScale)}</td>
                  <td className="num">{isPositive(o.avgPrice) ? atScale(o.avgPrice, c?.priceScale) : '--'}</td>
                  {state === 'open' ? (
                    <td className="num">{money(o.margin)}</td>
                  ) : (
                    <td className={`num is-${pnlTone(o.realizedPnl, money(o.realizedPnl))}`}>
                      {signed(money(o.realizedPnl), o.realizedPnl)}
                    </td>
                  )}
                  <td className="num">{isPositive(o.fee) ? money(o.fee) : '--'}</td>
                  <td>{t(`perpAssets.status.${o.status}`)}</td>
                  {state === 'open' && (
                    <td className="perp-actions">
                      {isCancellable(o) && (
                        <button
                          type="button"
                          className="link-button"
                          disabled={cancelling === o.id}
                          onClick={() => void cancel(o)}
                        >
                          {t('perpAssets.cancel')}
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
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
