import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { MarketEntry } from '../../lib/contract/spot.ts';
import type { T } from '../../lib/i18n/client.ts';
import { formatAmount } from '../../lib/format/index.ts';
import { depthStore, tickerStore } from '../../lib/stores/market.ts';
import { $pickedPrice } from './picked-price.ts';

/** Grouping steps a book offers: the tick and its multiples by 10 up to 1000. */
function steps(tick: string, priceDecimals: number): string[] {
  const base = Number(tick);
  return [1, 10, 100, 1000].map((k) => (base * k).toFixed(Math.max(0, priceDecimals - Math.round(Math.log10(k)))));
}

const ROWS = 12;

/** The order book: asks above, bids below, grouped by a chosen step, with depth bars; a click picks the price. */
export function OrderBook({ t, market }: { t: T; market: MarketEntry }) {
  const options = steps(market.tickSize, market.part_cou);
  const [step, setStep] = useState(options[0]!);
  const book = useStore(depthStore(market.symbol, step === options[0] ? '' : step));
  const ticker = useStore(tickerStore(market.symbol));
  const asks = (book?.asks ?? []).slice(0, ROWS).reverse();
  const bids = (book?.bids ?? []).slice(0, ROWS);
  const max = Math.max(1, ...[...asks, ...bids].map(([, q]) => Number(q)));
  const row = (side: 'ask' | 'bid') => ([price, qty]: [string, string]) => (
    <tr key={price} className={`book-row book-row--${side}`} onClick={() => $pickedPrice.set(price)}>
      <td className={side === 'ask' ? 'is-down' : 'is-up'}>{formatAmount(price, market.part_cou)}</td>
      <td className="num">{formatAmount(qty, market.full_cou)}</td>
      <td className="num">{formatAmount(String(Number(price) * Number(qty)), 2)}</td>
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
            {options.map((s) => <option key={s} value={s}>{s}</option>)}
          </select>
        </label>
      </header>
      <table className="grid-table book-table">
        <thead><tr><th scope="col">{t('trade.price')}</th><th scope="col" className="num">{t('trade.amount')}</th><th scope="col" className="num">{t('trade.total')}</th></tr></thead>
        <tbody data-testid="asks">{asks.map(row('ask'))}</tbody>
        <tbody>
          <tr className="book-mid"><td colSpan={3}><strong>{formatAmount(ticker?.close ?? market.close, market.part_cou)}</strong></td></tr>
        </tbody>
        <tbody data-testid="bids">{bids.map(row('bid'))}</tbody>
      </table>
    </section>
  );
}
