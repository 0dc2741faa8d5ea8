import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { IChartApi, IPriceLine, ISeriesApi, UTCTimestamp } from 'lightweight-charts';
import { KLINE_INTERVALS, type KlineInterval } from '../../lib/contract/kline.ts';
import type { MarketEntry } from '../../lib/contract/spot.ts';
import { zoneOffsetMs } from '../../lib/format/index.ts';
import type { T } from '../../lib/i18n/client.ts';
import { klineStore } from '../../lib/stores/market.ts';
import { $settings } from '../../lib/stores/settings.ts';

interface ChartParts {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  volume: ISeriesApi<'Histogram'>;
}

/**
 * The chart labels its axis in UTC; moving each candle by the display zone's offset makes the axis, the crosshair
 * and day boundaries read in the time zone of the settings, like every other time on the page.
 */
const chartTime = (ms: number, timeZone: string) => ((ms + zoneOffsetMs(ms, timeZone)) / 1000) as UTCTimestamp;

/** Drops points that the hour repeated when a zone leaves daylight saving: the chart needs rising times. */
function rising<P extends { time: UTCTimestamp }>(points: P[]): P[] {
  return points.filter((p, i) => i === 0 || p.time > points[i - 1]!.time);
}

const UP = '#067a4b';
const DOWN = '#d9304f';

/** A horizontal line across the chart: an open second-contract order's entry price, say. */
export interface ChartLine {
  price: number;
  up: boolean;
  title: string;
}

/** The K-line chart (lightweight-charts): candles and volume at nine intervals, the last candle live; `lines` mark prices. */
export function KlineChart({ t, market, lines = [] }: { t: T; market: MarketEntry; lines?: readonly ChartLine[] }) {
  const [interval, setInterval] = useState<KlineInterval>('15m');
  const box = useRef<HTMLDivElement>(null);
  const parts = useRef<ChartParts | null>(null);
  const [ready, setReady] = useState(false);
  const series = useStore(klineStore(market.symbol, interval));
  const { timeZone } = useStore($settings);

  // The chart library touches the DOM, so it loads in the browser only, once.
  useEffect(() => {
    let disposed = false;
    void import('lightweight-charts').then(({ createChart, CandlestickSeries, HistogramSeries }) => {
      if (disposed || !box.current) return;
      const chart = createChart(box.current, {
        autoSize: true,
        layout: { background: { color: '#ffffff' }, textColor: '#3d4658', fontFamily: 'inherit' },
        grid: { vertLines: { color: '#f0f2f5' }, horzLines: { color: '#f0f2f5' } },
        // Empty bars to the right of the last candle, so a young market's only candle (and its time label) is not
        // pressed against the price scale, where the label would be cut ("18:3").
        timeScale: { timeVisible: true, secondsVisible: false, borderColor: '#dfe3ea', rightOffset: 8 },
        rightPriceScale: { borderColor: '#dfe3ea' },
      });
      const candles = chart.addSeries(CandlestickSeries, { upColor: UP, downColor: DOWN, wickUpColor: UP, wickDownColor: DOWN, borderVisible: false });
      const volume = chart.addSeries(HistogramSeries, { priceScaleId: 'volume', priceFormat: { type: 'volume' }, lastValueVisible: false, priceLineVisible: false });
      chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
      parts.current = { chart, candles, volume };
      setReady(true);
    });
    return () => {
      disposed = true;
      parts.current?.chart.remove();
      parts.current = null;
    };
  }, []);

  useEffect(() => {
    const p = parts.current;
    if (!p) return;
    p.candles.applyOptions({ priceFormat: { type: 'price', precision: market.part_cou, minMove: 10 ** -market.part_cou } });
    p.candles.setData(rising(series.map(([time, open, high, low, close]) => ({ time: chartTime(time, timeZone), open: +open, high: +high, low: +low, close: +close }))));
    p.volume.setData(rising(series.map(([time, open, , , close, volume]) => ({ time: chartTime(time, timeZone), value: +volume, color: +close >= +open ? `${UP}66` : `${DOWN}66` }))));
  }, [series, ready, market.part_cou, timeZone]);

  const drawn = useRef<IPriceLine[]>([]);
  useEffect(() => {
    const p = parts.current;
    if (!p) return;
    for (const line of drawn.current) p.candles.removePriceLine(line);
    drawn.current = lines.map((l) => p.candles.createPriceLine({ price: l.price, color: l.up ? UP : DOWN, lineWidth: 1, lineStyle: 2, axisLabelVisible: true, title: l.title }));
  }, [lines, ready]);

  return (
    <section className="kline" aria-label={t('trade.chart')}>
      <div className="kline__intervals" role="tablist" aria-label={t('trade.chart')}>
        {KLINE_INTERVALS.map((i) => (
          <button key={i} type="button" role="tab" aria-selected={i === interval} className={i === interval ? 'is-active' : ''} onClick={() => setInterval(i)}>
            {t(`trade.interval.${i}`)}
          </button>
        ))}
      </div>
      <div className="kline__chart" ref={box} data-testid="kline-chart" data-candles={series.length} />
    </section>
  );
}
