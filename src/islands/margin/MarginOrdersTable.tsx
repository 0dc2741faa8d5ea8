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
          <table className="grid-table orders-table" data-testid={`margin-orders-${state}`}>
            <thead>
              <tr>
                <th scope="col">{t('trade.time')}</th>
                <th scope="col">{t('trade.pair')}</th>
                <th scope="col">{t('trade.type')}</th>
                <th scope="col">{t('trade.side')}</th>
                <th scope="col" className="num">
                  {t('trade.price')}
                </th>
                <th scope="col" className="num">
                  {t('trade.amount')}
                </th>
                <th scope="col" className="num">
                  {t('trade.filled')}
                </th>
                <th scope="col" className="num">
                  {t('trade.avgPrice')}
                </th>
                <th scope="col" className="num">
                  {t('margin.col.borrowed')}
                </th>
                <th scope="col" className="num">
                  {t('trade.fee')}
                </th>
                <th scope="col">{t('trade.status')}</th>
                {state === 'open' && (
                  <th scope="col">
                    <span className="visually-hidden">{t('margin.col.actions')}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {rows.map((o) => {
                const sc = scales(o);
                const quote = quoteOf(o);
                // What autoBorrow borrowed is of the coin the order spends: quote for a buy, base for a sell.
                const borrowedCoin = o.side === 'buy' ? quote : (o.symbol_name.split('/')[0] ?? '');
                return (
                  <tr key={o.id} data-order={o.id}>
                    <td>{formatDateTime(o.createTime, dateOptions)}</td>
                    <td>
                      <strong>{o.symbol_name}</strong>
                      {o.autoRepay && <span className="margin-tag">{t('margin.autoRepay')}</span>}
                    </td>
                    <td>{t(`trade.${o.type}`)}</td>
                    <td className={o.side === 'buy' ? 'is-up' : 'is-down'}>{t(`trade.${o.side}`)}</td>
                    <td className="num">
                      {o.type === 'limit' ? formatAmount(o.price, sc.part_cou) : t('trade.market')}
                    </td>
                    <td className="num">
                      {o.type === 'market' && o.side === 'buy'
                        ? `${fmt(o.quoteAmount, quote)} ${quote}`
                        : formatAmount(o.quantity, sc.full_cou)}
                    </td>
                    <td className="num">{formatAmount(o.tradedQuantity, sc.full_cou)}</td>
                    <td className="num">{isPositive(o.avgPrice) ? formatAmount(o.avgPrice, sc.part_cou) : '--'}</td>
                    <td className="num">
                      {isPositive(o.borrowed) ? `${fmt(o.borrowed, borrowedCoin)} ${borrowedCoin}` : '--'}
                    </td>
                    <td className="num">{isPositive(o.fee) ? `${fmt(o.fee, o.feeAsset)} ${o.feeAsset}` : '--'}</td>
                    <td>{t(`trade.status.${o.status}`)}</td>
                    {state === 'open' && (
                      <td className="orders-table__actions">
                        <button
                          type="button"
                          className="link-button"
                          disabled={cancelling === o.id}
                          onClick={() => void cancel(o)}
                        >
                          {t('trade.cancel')}
                        </button>
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
          onPage={(p) => void loadMarginOrders({ mode, state, symbol }, p).catch(() => {})}
        />
      </ListState>
    </div>
  );
}
