import { useStore } from '../../lib/stores/first-frame.ts';
import type { MarketEntry, SpotConditional } from '../../../isomorphic/contract/spot.ts';
import type { T } from '../../lib/i18n/client.ts';
import { formatAmount, formatDateTime } from '../../../isomorphic/format/index.ts';
import { $markets } from '../../lib/stores/market.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { cancelStop } from '../../lib/spot/stops.ts';

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
  return (
    <table className="grid-table orders-table" data-testid="orders-stops">
      <thead>
        <tr>
          <th scope="col">{t('trade.time')}</th>
          <th scope="col">{t('trade.pair')}</th>
          <th scope="col">{t('trade.type')}</th>
          <th scope="col">{t('trade.side')}</th>
          <th scope="col" className="num">
            {t('trade.trigger')}
          </th>
          <th scope="col" className="num">
            {t('trade.price')}
          </th>
          <th scope="col" className="num">
            {t('trade.amount')}
          </th>
          <th scope="col">{t('trade.status')}</th>
          <th scope="col" />
        </tr>
      </thead>
      <tbody>
        {rows.map((o) => (
          <tr key={o.id}>
            <td>{formatDateTime(o.createTime, dateOptions)}</td>
            <td>{o.symbol_name}</td>
            <td>{t(kindKey(o))}</td>
            <td className={o.side === 'buy' ? 'is-up' : 'is-down'}>{t(`trade.${o.side}`)}</td>
            <td className="num">
              {rising(o) ? '≥ ' : '≤ '}
              {formatAmount(o.stopPrice, decimals(o).part_cou)}
            </td>
            <td className="num">
              {o.type.endsWith('_LIMIT') ? formatAmount(o.price, decimals(o).part_cou) : t('trade.market')}
            </td>
            <td className="num">{o.status === 'waiting' ? '--' : formatAmount(o.quantity, decimals(o).full_cou)}</td>
            <td>{t(`trade.stopState.${o.status}`)}</td>
            <td className="orders-table__actions">
              <button type="button" className="link-button" onClick={() => void cancel(o)}>
                {t('trade.cancel')}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
