import { useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { MarketEntry } from '../../../isomorphic/contract/spot.ts';
import type { T } from '../../lib/i18n/client.ts';
import { formatAmount } from '../../../isomorphic/format/index.ts';
import { $assetDecimals } from '../../lib/stores/assets.ts';
import { depthStore, tickerStore } from '../../lib/stores/market.ts';
import { bookSteps, orderTotal, quoteOf } from '../../lib/spot/order-math.ts';
import { pickPrice } from '../../lib/spot/picked-price.ts';

const ROWS = 12;

/** The order book: asks above, bids below, grouped by a chosen step, with depth bars; a click picks the price. */
export function OrderBook({ t, market }: { t: T; market: MarketEntry }) {
  const options = bookSteps(market.tickSize, market.part_cou);
  const quoteDecimals = useStore($assetDecimals)(quoteOf(market));
  const [step, setStep] = useState(options[0]!);
  const book = useStore(depthStore(market.symbol, step === options[0] ? '' : step));
  const ticker = useStore(tickerStore(market.symbol));
  const asks = (book?.asks ?? []).slice(0, ROWS).reverse();
  const bids = (book?.bids ?? []).slice(0, ROWS);
  // Only the depth bars' widths use floats: a proportion on screen, not an amount of money.
  const max = Math.max(1, ...[...asks, ...bids].map(([, q]) => Number(q)));
  const row =
    (side: 'ask' | 'bid') =>
    ([price, qty]: [string, string]) => (
      <tr key={price} className={`book-row book-row--${side}`} onClick={() => pickPrice(price)}>
        <td className={side === 'ask' ? 'is-down' : 'is-up'}>{formatAmount(price, market.part_cou)}</td>
        <td className="num">{formatAmount(qty, market.full_cou)}</td>
        {/* What taking the level costs a buyer (rounded up) or pays a seller (rounded down), in the quote asset. */}
        <td className="num">{orderTotal(market, price, qty, side === 'ask' ? 'buy' : 'sell', quoteDecimals)}</td>
        <td className="book-row__bar" aria-hidden="true" style={{ width: `${(Number(qty) / max) * 100}%` }} />
      </tr>
    );
  return (
    <section className="order-book" aria-label={t('trade.orderBook')}>
      <header className="panel-head">
        <h2>{t('trade.orderBook')}</h2>
        <label className="inline-select">
          <span className="visually-hidden">{t('trade.grouping')}</span>
          <select value={step} onChange={(e) => setStep(e.target.value)} aria-label={t('trade.grouping')}>
            {options.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
      </header>
      <table className="grid-table book-table">
        <thead>
          <tr>
            <th scope="col">{t('trade.price')}</th>
            <th scope="col" className="num">
              {t('trade.amount')}
            </th>
            <th scope="col" className="num">
              {t('trade.total')}
            </th>
          </tr>
        </thead>
        <tbody data-testid="asks">{asks.map(row('ask'))}</tbody>
        <tbody>
          <tr className="book-mid">
            <td colSpan={3}>
              <strong>{formatAmount(ticker?.close ?? market.close, market.part_cou)}</strong>
            </td>
          </tr>
        </tbody>
        <tbody data-testid="bids">{bids.map(row('bid'))}</tbody>
      </table>
    </section>
  );
}
