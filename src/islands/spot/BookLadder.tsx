import type { ReactNode } from 'react';
import '../../styles/trade-depth.css';
import type { BookSide, LadderRow } from '../../../isomorphic/money/depth.ts';
import type { T } from '../../lib/i18n/client.ts';
import { pickPrice } from '../../lib/spot/picked-price.ts';

/** What the book shows: both sides around the last price, or one side at twice the depth. */
export type BookView = 'both' | 'bids' | 'asks';
const VIEWS: readonly BookView[] = ['both', 'bids', 'asks'];

/** Levels a side: at least 20 with both sides shown, 40 when one side has the whole height. */
export const bookRows = (view: BookView) => (view === 'both' ? 20 : 40);

/** The book's header controls: the three views (as Binance draws them: red over green, green, red) and grouping. */
export function BookControls({
  t,
  view,
  onView,
  steps,
  step,
  onStep,
}: {
  t: T;
  view: BookView;
  onView: (v: BookView) => void;
  steps: readonly string[];
  step: string;
  onStep: (s: string) => void;
}) {
  return (
    <div className="book-controls">
      <div className="book-views" role="group" aria-label={t('depth.views')}>
        {VIEWS.map((v) => (
          <button
            key={v}
            type="button"
            className={`book-view book-view--${v}${view === v ? ' is-active' : ''}`}
            aria-pressed={view === v}
            title={t(`depth.view.${v}`)}
            onClick={() => onView(v)}
          >
            <span className="visually-hidden">{t(`depth.view.${v}`)}</span>
          </button>
        ))}
      </div>
      <select
        className="book-step"
        value={step}
        onChange={(e) => onStep(e.target.value)}
        aria-label={t('trade.grouping')}
      >
        {steps.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The ladder both trade screens draw: a header, the asks (worst on top, scrolled to the best), the middle line, the
 * bids; each row shaded by its running total's share of the deepest. `cells` gives a row's three cells; a click on a
 * row picks its price for the order form.
 */
export function BookLadder({
  view,
  ladder,
  head,
  cells,
  mid,
  testIds,
}: {
  view: BookView;
  ladder: { bids: LadderRow[]; asks: LadderRow[] };
  head: [ReactNode, ReactNode, ReactNode];
  cells: (row: LadderRow, side: BookSide) => [ReactNode, ReactNode, ReactNode];
  mid: ReactNode;
  testIds: { asks: string; bids: string };
}) {
  const side = (which: BookSide, rows: LadderRow[]) => (
    <div className={`book-side book-side--${which}`}>
      <table className="grid-table book-table">
        <tbody data-testid={which === 'ask' ? testIds.asks : testIds.bids}>
          {rows.map((r) => {
            const [a, b, c] = cells(r, which);
            return (
              <tr key={r.price} className={`book-row book-row--${which}`} onClick={() => pickPrice(r.price)}>
                <td className={which === 'ask' ? 'is-down' : 'is-up'}>{a}</td>
                <td className="num">{b}</td>
                <td className="num">{c}</td>
                <td className="book-row__bar" aria-hidden="true" style={{ width: `${r.share * 100}%` }} />
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
  return (
    <div className={`book-ladder book-ladder--${view}`}>
      <table className="grid-table book-table">
        <thead>
          <tr>
            <th scope="col">{head[0]}</th>
            <th scope="col" className="num">
              {head[1]}
            </th>
            <th scope="col" className="num">
              {head[2]}
            </th>
          </tr>
        </thead>
      </table>
      {view !== 'bids' && side('ask', [...ladder.asks].reverse())}
      <div className="book-mid">{mid}</div>
      {view !== 'asks' && side('bid', ladder.bids)}
    </div>
  );
}
