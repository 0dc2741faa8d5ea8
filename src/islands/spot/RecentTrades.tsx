import { useStore } from '../../lib/stores/first-frame.ts';
import type { MarketEntry } from '../../../isomorphic/contract/spot.ts';
import type { T } from '../../lib/i18n/client.ts';
import { formatAmount, formatTime } from '../../../isomorphic/format/index.ts';
import { tradesStore } from '../../lib/stores/market.ts';
import { $settings } from '../../lib/stores/settings.ts';
import { pickPrice } from '../../lib/spot/picked-price.ts';

/** The market's latest trades, newest on top, coloured by the taker's side. */
export function RecentTrades({ t, market }: { t: T; market: MarketEntry }) {
  const trades = useStore(tradesStore(market.symbol));
  // The display time zone of the settings, like every other time on the page, never the browser's own.
  const { timeZone } = useStore($settings);
  return (
    <section className="recent-trades" aria-label={t('trade.recentTrades')}>
      <header className="panel-head">
        <h2>{t('trade.recentTrades')}</h2>
      </header>
      <table className="grid-table">
        <thead>
          <tr>
            <th scope="col">{t('trade.price')}</th>
            <th scope="col" className="num">
              {t('trade.amount')}
            </th>
            <th scope="col" className="num">
              {t('trade.time')}
            </th>
          </tr>
        </thead>
        <tbody data-testid="recent-trades">
          {trades.slice(0, 30).map((tr) => (
            <tr key={tr.id} onClick={() => pickPrice(tr.price)}>
              <td className={tr.side === 'buy' ? 'is-up' : 'is-down'}>{formatAmount(tr.price, market.part_cou)}</td>
              <td className="num">{formatAmount(tr.quantity, market.full_cou)}</td>
              <td className="num">{formatTime(tr.time, timeZone)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
