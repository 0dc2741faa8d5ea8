import { useMemo, useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { ContractView } from '../../../isomorphic/contract/perpetual.ts';
import type { T } from '../../lib/i18n/client.ts';
import { formatAmount, formatTime } from '../../../isomorphic/format/index.ts';
import { bookLadder } from '../../../isomorphic/money/depth.ts';
import { bookStore } from '../../lib/perpetual/actions.ts';
import { quantityUnit } from '../../../isomorphic/perpetual/math.ts';
import { $settings } from '../../lib/stores/settings.ts';
import { bookSteps } from '../../lib/spot/order-math.ts';
import { pickPrice } from '../../lib/spot/picked-price.ts';
import { BookControls, BookLadder, bookRows, DepthChart, type BookView } from '../spot/index.ts';

/** A contract book's levels as pairs, the shape the ladder and the depth chart read. */
const levelPairs = (levels: ReadonlyArray<{ price: string; quantity: string }>) =>
  levels.map((l) => [l.price, l.quantity] as const);

/** The contract's depth chart, from the same live book as its order book. */
export function PerpDepth({ t, contract: c }: { t: T; contract: ContractView }) {
  const book = useStore(bookStore(c.symbol));
  const pairs = useMemo(
    () => (book ? { bids: levelPairs(book.bids), asks: levelPairs(book.asks) } : null),
    [book?.bids, book?.asks],
  );
  const scales = useMemo(() => ({ priceScale: c.priceScale, qtyScale: c.qtyScale }), [c.priceScale, c.qtyScale]);
  return (
    <DepthChart t={t} book={pairs} scales={scales} priceUnit={c.quote} qtyUnit={quantityUnit(c, t('perp.cont'))} />
  );
}

/**
 * The contract's order book: asks above, bids below (or one side), grouped in the browser from the feed's 100 best
 * prices a side, each with the running total from the best price; a click picks the price.
 */
export function PerpBook({ t, contract: c }: { t: T; contract: ContractView }) {
  const book = useStore(bookStore(c.symbol));
  const options = bookSteps(c.tickSize, c.priceScale);
  const [step, setStep] = useState(options[0]!);
  const [view, setView] = useState<BookView>('both');
  const ladder = bookLadder(
    { bids: levelPairs(book?.bids ?? []), asks: levelPairs(book?.asks ?? []) },
    c,
    step,
    bookRows(view),
  );
  const unit = quantityUnit(c, t('perp.cont'));
  const last = book?.last ?? c.last;
  const mark = book?.mark ?? c.mark;
  return (
    <section className="order-book" aria-label={t('trade.orderBook')}>
      <header className="panel-head">
        <h2>{t('trade.orderBook')}</h2>
        <BookControls t={t} view={view} onView={setView} steps={options} step={step} onStep={setStep} />
      </header>
      <BookLadder
        view={view}
        ladder={ladder}
        head={[`${t('trade.price')} (${c.quote})`, `${t('perp.size')} (${unit})`, `${t('perp.sum')} (${unit})`]}
        cells={(r) => [
          formatAmount(r.price, c.priceScale),
          formatAmount(r.qty, c.qtyScale),
          formatAmount(r.cum, c.qtyScale),
        ]}
        mid={
          <>
            <strong data-testid="perp-book-last">{last ? formatAmount(last, c.priceScale) : '--'}</strong>{' '}
            <small className="muted-inline" title={t('perp.markPrice')}>
              {mark ? formatAmount(mark, c.priceScale) : '--'}
            </small>
          </>
        }
        testIds={{ asks: 'perp-asks', bids: 'perp-bids' }}
      />
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
