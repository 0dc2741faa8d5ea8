import { useStore } from '../../lib/stores/first-frame.ts';
import type { ContractView, PerpLevel } from '../../../isomorphic/contract/perpetual.ts';
import type { T } from '../../lib/i18n/client.ts';
import { formatAmount, formatTime } from '../../../isomorphic/format/index.ts';
import { bookStore } from '../../lib/perpetual/actions.ts';
import { cumulative, quantityUnit } from '../../../isomorphic/perpetual/math.ts';
import { $settings } from '../../lib/stores/settings.ts';
import { pickPrice } from '../../lib/spot/picked-price.ts';

const ROWS = 10;

/**
 * The contract's order book: asks above, bids below, each with the running total from the best price; a click picks the
 * price.
 */
export function PerpBook({ t, contract: c }: { t: T; contract: ContractView }) {
  const book = useStore(bookStore(c.symbol));
  const asks = cumulative((book?.asks ?? []).slice(0, ROWS), c.qtyScale).reverse();
  const bids = cumulative((book?.bids ?? []).slice(0, ROWS), c.qtyScale);
  const unit = quantityUnit(c, t('perp.cont'));
  // Only the depth bars' widths use floats: a proportion on screen, not an amount of money.
  const max = Math.max(1e-12, ...[...asks, ...bids].map((l) => Number(l.total)));
  const row = (side: 'ask' | 'bid') => (l: PerpLevel & { total: string }) => (
    <tr key={l.price} className={`book-row book-row--${side}`} onClick={() => pickPrice(l.price)}>
      <td className={side === 'ask' ? 'is-down' : 'is-up'}>{formatAmount(l.price, c.priceScale)}</td>
      <td className="num">{formatAmount(l.quantity, c.qtyScale)}</td>
      <td className="num">{formatAmount(l.total, c.qtyScale)}</td>
      <td className="book-row__bar" aria-hidden="true" style={{ width: `${(Number(l.total) / max) * 100}%` }} />
    </tr>
  );
  const last = book?.last ?? c.last;
  const mark = book?.mark ?? c.mark;
  return (
    <section className="order-book" aria-label={t('trade.orderBook')}>
      <header className="panel-head">
        <h2>{t('trade.orderBook')}</h2>
      </header>
      <table className="grid-table book-table">
        <thead>
          <tr>
            <th scope="col">
              {t('trade.price')} ({c.quote})
            </th>
            <th scope="col" className="num">
              {t('perp.size')} ({unit})
            </th>
            <th scope="col" className="num">
              {t('perp.sum')} ({unit})
            </th>
          </tr>
        </thead>
        <tbody data-testid="perp-asks">{asks.map(row('ask'))}</tbody>
        <tbody>
          <tr className="book-mid">
            <td colSpan={3}>
              <strong data-testid="perp-book-last">{last ? formatAmount(last, c.priceScale) : '--'}</strong>{' '}
              <small className="muted-inline" title={t('perp.markPrice')}>
                {mark ? formatAmount(mark, c.priceScale) : '--'}
              </small>
            </td>
          </tr>
        </tbody>
        <tbody data-testid="perp-bids">{bids.map(row('bid'))}</tbody>
      </table>
      {book && book.asks.length === 0 && book.bids.length === 0 && <p className="muted">{t('perp.emptyBook')}</p>}
    </section>
  );
}

/** The contract's latest trades, newest on top, coloured by the taker's side. */
export function PerpTrades({ t, contract: c }: { t: T; contract: ContractView }) {
  const book = useStore(bookStore(c.symbol));
  const { timeZone } = useStore($settings);
  const unit = quantityUnit(c, t('perp.cont'));
  const trades = book?.trades ?? [];
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
              {t('perp.size')} ({unit})
            </th>
            <th scope="col" className="num">
              {t('trade.time')}
            </th>
          </tr>
        </thead>
        <tbody data-testid="perp-trades">
          {trades.slice(0, 30).map((tr) => (
            <tr key={tr.id} onClick={() => pickPrice(tr.price)}>
              <td className={tr.side === 'buy' ? 'is-up' : 'is-down'}>{formatAmount(tr.price, c.priceScale)}</td>
              <td className="num">{formatAmount(tr.quantity, c.qtyScale)}</td>
              <td className="num">{formatTime(tr.time, timeZone)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {trades.length === 0 && <p className="muted">{t('perp.noTrades')}</p>}
    </section>
  );
}
