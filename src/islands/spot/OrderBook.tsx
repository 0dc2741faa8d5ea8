import { useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { MarketEntry } from '../../../isomorphic/contract/spot.ts';
import type { T } from '../../lib/i18n/client.ts';
import { formatAmount } from '../../../isomorphic/format/index.ts';
import { bookLadder } from '../../../isomorphic/money/depth.ts';
import { $assetDecimals } from '../../lib/stores/assets.ts';
import { depthStore, tickerStore } from '../../lib/stores/market.ts';
import { bookSteps, orderTotal, quoteOf } from '../../lib/spot/order-math.ts';
import { BookControls, BookLadder, bookRows, type BookView } from './BookLadder.tsx';

/**
 * The order book: asks above, bids below (or one side), grouped by a chosen step on the server (50 buckets a side),
 * shaded by the running amount from the best price; a click picks the price.
 */
export function OrderBook({ t, market }: { t: T; market: MarketEntry }) {
  const options = bookSteps(market.tickSize, market.part_cou);
  const quoteDecimals = useStore($assetDecimals)(quoteOf(market));
  const [step, setStep] = useState(options[0]!);
  const [view, setView] = useState<BookView>('both');
  const book = useStore(depthStore(market.symbol, step === options[0] ? '' : step));
  const ticker = useStore(tickerStore(market.symbol));
  const ladder = bookLadder(
    book ?? { bids: [], asks: [] },
    { priceScale: market.part_cou, qtyScale: market.full_cou },
    step,
    bookRows(view),
  );
  return (
    <section className="order-book" aria-label={t('trade.orderBook')}>
      <header className="panel-head">
        <h2>{t('trade.orderBook')}</h2>
        <BookControls t={t} view={view} onView={setView} steps={options} step={step} onStep={setStep} />
      </header>
      <BookLadder
        view={view}
        ladder={ladder}
        head={[t('trade.price'), t('trade.amount'), t('trade.total')]}
        cells={(r, side) => [
          formatAmount(r.price, market.part_cou),
          formatAmount(r.qty, market.full_cou),
          // What taking the level costs a buyer (rounded up) or pays a seller (rounded down), in the quote asset.
          orderTotal(market, r.price, r.qty, side === 'ask' ? 'buy' : 'sell', quoteDecimals),
        ]}
        mid={<strong>{formatAmount(ticker?.close ?? market.close, market.part_cou)}</strong>}
        testIds={{ asks: 'asks', bids: 'bids' }}
      />
    </section>
  );
}
