import { useEffect } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { SpotOrder } from '../../../isomorphic/contract/spot.ts';
import type { T } from '../../lib/i18n/client.ts';
import { formatAmount, formatDateTime } from '../../../isomorphic/format/index.ts';
import { $assetFormat } from '../../lib/stores/assets.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { loadMoreFills, orderFillsStore } from '../../lib/spot/spot-reads.ts';
import { quoteOf } from '../../lib/spot/order-math.ts';
import { useModal } from '../ui/use-modal.ts';

interface Props {
  t: T;
  order: SpotOrder;
  /** The pair's price and quantity decimals. */
  decimals: { part_cou: number; full_cou: number };
  onClose: () => void;
}

/** The fills of one order (transaction/details), oldest first, in a modal; more load on request. */
export function OrderFillsDialog({ t, order, decimals, onClose }: Props) {
  const { titleId, dialog } = useModal(onClose);
  const dateOptions = useStore($dateOptions);
  const fmt = useStore($assetFormat);
  const loaded = useStore(orderFillsStore(order.id));
  // A page that failed closes the dialog; the API client has shown why.
  useEffect(() => {
    if (loaded.status === 'error') onClose();
  }, [loaded.status]);
  const fills = loaded.status === 'success' ? loaded.value.records : [];
  const total = loaded.status === 'success' ? loaded.value.total : null;

  const quote = quoteOf(order);
  return (
    <dialog {...dialog} className="confirm-dialog fills-dialog" data-testid="fills-dialog">
      <h2 id={titleId}>{t('trade.fills.title', { id: order.id })}</h2>
      <p>
        <span className={order.side === 'buy' ? 'is-up' : 'is-down'}>{t(`trade.${order.side}`)}</span>{' '}
        {order.symbol_name} ·{' '}
        {t('trade.fills.summary', {
          filled: formatAmount(order.tradedQuantity, decimals.full_cou),
          avg: /[1-9]/.test(order.avgPrice) ? formatAmount(order.avgPrice, decimals.part_cou) : '--',
        })}
      </p>
      {total === null ? (
        <p className="muted" aria-busy="true">
          {t('common.loading')}
        </p>
      ) : fills.length === 0 ? (
        <p className="muted">{t('trade.fills.none')}</p>
      ) : (
        <table className="grid-table fills-table">
          <thead>
            <tr>
              <th scope="col">{t('trade.time')}</th>
              <th scope="col">{t('trade.fills.role')}</th>
              <th scope="col" className="num">
                {t('trade.price')}
              </th>
              <th scope="col" className="num">
                {t('trade.amount')}
              </th>
              <th scope="col" className="num">
                {t('trade.total')} ({quote})
              </th>
              <th scope="col" className="num">
                {t('trade.fee')}
              </th>
            </tr>
          </thead>
          <tbody>
            {fills.map((f) => (
              <tr key={f.id}>
                <td>{formatDateTime(f.time, dateOptions)}</td>
                <td>{t(`trade.fills.${f.role}`)}</td>
                <td className="num">{formatAmount(f.price, decimals.part_cou)}</td>
                <td className="num">{formatAmount(f.quantity, decimals.full_cou)}</td>
                <td className="num">{fmt(f.amount, quote)}</td>
                <td className="num">{`${fmt(f.fee, f.feeAsset)} ${f.feeAsset}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="confirm-dialog__actions">
        {total !== null && fills.length < total && (
          <button type="button" className="btn btn--outline" onClick={() => void loadMoreFills(order.id)}>
            {t('trade.fills.more')}
          </button>
        )}
        <button type="button" className="btn btn--primary" autoFocus onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </dialog>
  );
}
