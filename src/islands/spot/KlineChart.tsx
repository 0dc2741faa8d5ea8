import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { AutoscaleInfo, IChartApi, IPriceLine, ISeriesApi, UTCTimestamp } from 'lightweight-charts';
import { KLINE_INTERVALS, type Candle, type KlineInterval } from '../../../isomorphic/contract/kline.ts';
import type { MarketEntry } from '../../../isomorphic/contract/spot.ts';
import { zoneOffsetMs } from '../../../isomorphic/format/index.ts';
import type { T } from '../../lib/i18n/client.ts';
import { klineStore } from '../../lib/stores/market.ts';
import { $settings } from '../../lib/stores/settings.ts';

interface ChartParts {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  volume: ISeriesApi<'Histogram'>;
  overlay: ISeriesApi<'Line'>;
}

/** A second price drawn as a line over the candles (a contract's mark price): ms times and values. */
export interface ChartOverlay {
  color: string;
  points: ReadonlyArray<{ time: number; value: number }>;
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

/** A horizontal line across the chart: an open second-contract order's entry price, a contract's mark price. */
export interface ChartLine {
  price: number;
  up: boolean;
  title: string;
  /** A colour of its own instead of the up or down one (the mark price's). */
  color?: string;
  /** Solid instead of dashed. */
  solid?: boolean;
  /** Kept inside the price axis's range even when the candles are not near it (the mark price). */
  inScale?: boolean;
}

interface CandleChartProps<I extends string> {
  t: T;
  candles: readonly Candle[];
  /** Price decimals of the axis. */
  precision: number;
  intervals: readonly I[];
  interval: I;
  onInterval: (interval: I) => void;
  lines?: readonly ChartLine[];
  /** Said over the chart while it has no candle (a market without trades yet). */
  empty?: string;
  overlay?: ChartOverlay;
}

/**
 * The candle chart (lightweight-charts) with its interval buttons: candles and volume, `lines` across it. The data
 * comes from the caller: the spot market's feed, a contract's candles.
 */
export function CandleChart<I extends string>({
  t,
  candles,
  precision,
  intervals,
  interval,
  onInterval,
  lines = [],
  empty,
  overlay,
}: CandleChartProps<I>) {
  const box = useRef<HTMLDivElement>(null);
  const parts = useRef<ChartParts | null>(null);
  const [ready, setReady] = useState(false);
  const { timeZone } = useStore($settings);

  // The chart library touches the DOM, so it loads in the browser only, once.
  useEffect(() => {
    let disposed = false;
    void import('lightweight-charts').then(({ createChart, CandlestickSeries, HistogramSeries, LineSeries }) => {
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
      const candles = chart.addSeries(CandlestickSeries, {
        upColor: UP,
        downColor: DOWN,
        wickUpColor: UP,
        wickDownColor: DOWN,
        borderVisible: false,
      });
      const volume = chart.addSeries(HistogramSeries, {
        priceScaleId: 'volume',
        priceFormat: { type: 'volume' },
        lastValueVisible: false,
        priceLineVisible: false,
      });
      chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
      const overlay = chart.addSeries(LineSeries, {
        lineWidth: 1,
        lastValueVisible: false,
        priceLineVisible: false,
        crosshairMarkerVisible: false,
      });
      parts.current = { chart, candles, volume, overlay };
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
    p.candles.applyOptions({ priceFormat: { type: 'price', precision, minMove: 10 ** -precision } });
    p.candles.setData(
      rising(
        candles.map((c) => ({
          time: chartTime(c.time, timeZone),
          open: +c.open,
          high: +c.high,
          low: +c.low,
          close: +c.close,
        })),
      ),
    );
    p.volume.setData(
      rising(
        candles.map((c) => ({
          time: chartTime(c.time, timeZone),
          value: +c.volume,
          color: +c.close >= +c.open ? `${UP}66` : `${DOWN}66`,
        })),
      ),
    );
  }, [candles, ready, precision, timeZone]);

  useEffect(() => {
    const p = parts.current;
    if (!p) return;
    p.overlay.applyOptions({
      color: overlay?.color ?? UP,
      priceFormat: { type: 'price', precision, minMove: 10 ** -precision },
    });
    p.overlay.setData(
      rising((overlay?.points ?? []).map((x) => ({ time: chartTime(x.time, timeZone), value: x.value }))),
    );
  }, [overlay, ready, precision, timeZone]);

  const drawn = useRef<IPriceLine[]>([]);
  useEffect(() => {
    const p = parts.current;
    if (!p) return;
    for (const line of drawn.current) p.candles.removePriceLine(line);
    const kept = lines.filter((l) => l.inScale).map((l) => l.price);
    p.candles.applyOptions({
      autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => {
        const info = original();
        if (!info?.priceRange || !kept.length) return info;
        return {
          ...info,
          priceRange: {
            minValue: Math.min(info.priceRange.minValue, ...kept),
            maxValue: Math.max(info.priceRange.maxValue, ...kept),
          },
        };
      },
    });
    drawn.current = lines.map((l) =>
      p.candles.createPriceLine({
        price: l.price,
        color: l.color ?? (l.up ? UP : DOWN),
        lineWidth: 1,
        lineStyle: l.solid ? 0 : 2,
        axisLabelVisible: true,
        title: l.title,
      }),
    );
  }, [lines, ready]);

  return (
    <section className="kline" aria-label={t('trade.chart')}>
      <div className="kline__intervals" role="tablist" aria-label={t('trade.chart')}>
        {intervals.map((i) => (
          <button
            key={i}
            type="button"
            role="tab"
            aria-selected={i === interval}
            className={i === interval ? 'is-active' : ''}
            onClick={() => onInterval(i)}
          >
            {t(`trade.interval.${i}`)}
          </button>
        ))}
      </div>
      <div className="kline__chart" ref={box} data-testid="kline-chart" data-candles={candles.length}>
        {empty && candles.length === 0 && <p className="kline__empty">{empty}</p>}
      </div>
    </section>
  );
}

/**
 * The K-line chart of a spot market: candles and volume at nine intervals, the last candle live; `lines` mark prices.
 */
export function KlineChart({ t, market, lines = [] }: { t: T; market: MarketEntry; lines?: readonly ChartLine[] }) {
  const [interval, setInterval] = useState<KlineInterval>('15m');
  const series = useStore(klineStore(market.symbol, interval));
  const candles = useMemo(
    () => series.map(([time, open, high, low, close, volume]) => ({ time, open, high, low, close, volume })),
    [series],
  );
  return (
    <CandleChart
      t={t}
      candles={candles}
      precision={market.part_cou}
      intervals={KLINE_INTERVALS}
      interval={interval}
      onInterval={setInterval}
      lines={lines}
    />
  );
}
