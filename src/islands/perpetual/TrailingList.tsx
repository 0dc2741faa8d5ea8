import type { ContractView } from '../../../isomorphic/contract/perpetual.ts';
import { formatAmount, formatDateTime } from '../../../isomorphic/format/index.ts';
import type { T } from '../../lib/i18n/client.ts';
import { $trailingStops, cancelTrailingStop } from '../../lib/perpetual/actions.ts';
import { useStore } from '../../lib/stores/first-frame.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { showToast } from '../../lib/stores/toast.ts';

/** The user's trailing stops beside the take-profits and stop-losses: where each would fire now, cancellable. */
export function TrailingList({ t, contractOf }: { t: T; contractOf: (symbol: string) => ContractView }) {
  const rows = useStore($trailingStops);
  const dateOptions = useStore($dateOptions);
  const cancel = async (id: number) => {
    try {
      await cancelTrailingStop(id);
      showToast('success', t('perp.trail.cancelled'));
    } catch {
      // shown by the API client
    }
  };
  return (
    <div className="perp-trailing">
      <h3 className="perp-trailing__title">{t('perp.trail.list')}</h3>
      {!rows.length ? (
        <p className="muted">{t('perp.trail.none')}</p>
      ) : (
        <table className="grid-table orders-table" data-testid="perp-trailing">
          <thead>
            <tr>
              <th scope="col">{t('trade.time')}</th>
              <th scope="col">{t('perp.contract')}</th>
              <th scope="col">{t('perp.position')}</th>
              <th scope="col" className="num">
                {t('perp.quantity')}
              </th>
              <th scope="col" className="num">
                {t('perp.trail.col.callback')}
              </th>
              <th scope="col" className="num">
                {t('perp.trail.col.activation')}
              </th>
              <th scope="col" className="num">
                {t('perp.trail.col.best')}
              </th>
              <th scope="col" className="num">
                {t('perp.trail.col.working')}
              </th>
              <th scope="col">{t('perp.triggerBy')}</th>
              <th scope="col">{t('trade.status')}</th>
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {rows.map((s) => {
              const c = contractOf(s.symbol);
              const side = s.side === 'sell' ? 'long' : 'short';
              return (
                <tr key={s.id} data-testid={`perp-trailing-${s.id}`}>
                  <td>{formatDateTime(s.createdAt, dateOptions)}</td>
                  <td>
                    {c.base}
                    {c.quote}
                  </td>
                  <td className={side === 'long' ? 'is-up' : 'is-down'}>{t(`perp.side.${side}`)}</td>
                  <td className="num">{formatAmount(s.quantity, c.qtyScale)}</td>
                  <td className="num">{s.callbackRate}%</td>
                  <td className="num">{s.activationPrice ? formatAmount(s.activationPrice, c.priceScale) : '--'}</td>
                  <td className="num">{s.bestPrice ? formatAmount(s.bestPrice, c.priceScale) : '--'}</td>
                  <td className="num" data-testid="trailing-working">
                    {s.workingPrice ? formatAmount(s.workingPrice, c.priceScale) : t('perp.trail.waiting')}
                  </td>
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
      )}
    </div>
  );
}
