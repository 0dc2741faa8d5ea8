import type { T } from '../../lib/i18n/client.ts';

export const PANES = ['chart', 'book', 'trades'] as const;
export type Pane = (typeof PANES)[number];

const LABEL: Record<Pane, string> = { chart: 'trade.chart', book: 'trade.orderBook', trades: 'tradeChart.trades' };

/**
 * The phone's "Chart | Order book | Trades" tabs over the trade screen's middle: the grid shows the chosen pane
 * (its data-pane, styles/trade.css) and the order form below it. Hidden where the screen is wide enough for all three.
 */
export function PaneTabs({ t, pane, onPane }: { t: T; pane: Pane; onPane: (pane: Pane) => void }) {
  return (
    <div className="pane-tabs" role="tablist" aria-label={t('tradeChart.panes')}>
      {PANES.map((p) => (
        <button
          key={p}
          type="button"
          role="tab"
          aria-selected={p === pane}
          className={p === pane ? 'is-active' : ''}
          data-pane={p}
          onClick={() => onPane(p)}
        >
          {t(LABEL[p])}
        </button>
      ))}
    </div>
  );
}
