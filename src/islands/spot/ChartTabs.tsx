import { useState, type ReactNode } from 'react';
import '../../styles/trade-depth.css';
import type { T } from '../../lib/i18n/client.ts';

/** The chart panel of a trade screen: the candles, or the book's depth (as Binance's "Depth" tab beside them). */
export function ChartTabs({ t, chart, depth }: { t: T; chart: ReactNode; depth: ReactNode }) {
  const [tab, setTab] = useState<'chart' | 'depth'>('chart');
  return (
    <section className="chart-tabs">
      <div className="chart-tabs__bar" role="tablist" aria-label={t('depth.tabs')}>
        {(['chart', 'depth'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            className={tab === k ? 'is-active' : ''}
            onClick={() => setTab(k)}
          >
            {t(`depth.tab.${k}`)}
          </button>
        ))}
      </div>
      {/* One at a time: the candle chart is built again from its live store when it comes back. */}
      <div role="tabpanel">{tab === 'chart' ? chart : depth}</div>
    </section>
  );
}
