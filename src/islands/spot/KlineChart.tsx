import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { AutoscaleInfo, IChartApi, IPriceLine, ISeriesApi, UTCTimestamp } from 'lightweight-charts';
import { KLINE_INTERVALS, type Candle, type KlineInterval } from '../../../isomorphic/contract/kline.ts';
import type { MarketEntry } from '../../../isomorphic/contract/spot.ts';
import { formatAmount, formatCompact, zoneOffsetMs } from '../../../isomorphic/format/index.ts';
import type { T } from '../../lib/i18n/client.ts';
import { $chartIndicators, toggleIndicator } from '../../lib/chart/chosen.ts';
import { INDICATORS, indicatorLines, type IndicatorLine } from '../../lib/chart/indicators.ts';
import { afterPaint, nextTask } from '../../lib/chart/tasks.ts';
import { chartColors, onThemeChange, translucent } from '../../lib/chart/theme.ts';
import { klineStore, lastPriceStore } from '../../lib/stores/market.ts';
import { $settings } from '../../lib/stores/settings.ts';

interface ChartParts {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  overlay: ISeriesApi<'Line'>;
  /** The volume pane's bars while VOL is on. */
  volume: ISeriesApi<'Histogram'> | null;
  /** The indicators' lines by IndicatorLine id. */
  lines: Map<string, ISeriesApi<'Line'>>;
  last: IPriceLine | null;
  lib: typeof import('lightweight-charts');
  /** The candles last drawn and what else they were drawn with, to tell a live tick from a new series. */
  shown: { candles: readonly Candle[]; key: string } | null;
  /**
   * Whether the candles were drawn once: the first time, the volume and the indicators follow in a task of their own.
   */
  drawn: boolean;
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

/**
 * Whether `next` is `shown` with its last candle replaced or one candle appended (what the feed's ticks do,
 * src/lib/stores/market.ts mergeCandle): the same open times up to the last shown candle, at most one more.
 */
function extendsBy(shown: readonly Candle[], next: readonly Candle[]): boolean {
  const n = shown.length;
  if (n < 2 || (next.length !== n && next.length !== n + 1)) return false;
  return (
    next[0]!.time === shown[0]!.time &&
    next[n - 2]!.time === shown[n - 2]!.time &&
    next[n - 1]!.time === shown[n - 1]!.time
  );
}

/** Indicator line colours, one per period as on the exchanges' charts; they read on the day and the night theme. */
const LINE_COLORS: Record<string, string> = {
  MA7: '#d89614',
  MA25: '#c2338f',
  MA99: '#7b4fd6',
  EMA7: '#d89614',
  EMA25: '#c2338f',
  EMA99: '#7b4fd6',
  'BOLL.upper': '#7b4fd6',
  'BOLL.middle': '#d89614',
  'BOLL.lower': '#7b4fd6',
  VOL5: '#d89614',
  VOL10: '#c2338f',
};

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
  /** The price the page's header shows, marked on the price axis in the header's formatting. */
  lastPrice?: string | null;
  lines?: readonly ChartLine[];
  /** Said over the chart while it has no candle (a market without trades yet). */
  empty?: string;
  overlay?: ChartOverlay;
}

/** A price as the page writes it: truncated to the pair's decimals (formatAmount), on the axis as in the header. */
const priceText = (price: number | string, precision: number) =>
  formatAmount(typeof price === 'number' ? price.toFixed(precision + 2) : price, precision);

/**
 * The candle chart (lightweight-charts) with its interval buttons and indicators: candles, the indicators the user
 * switched on (MA, EMA, BOLL over the candles; VOL, the volume with its averages, in a pane below), the header's last
 * price and `lines` across it. The candles come from the caller: the spot market's stored history and feed, a
 * contract's candles. Colours are the page's CSS custom properties, read again when the theme changes.
 */
export function CandleChart<I extends string>({
  t,
  candles,
  precision,
  intervals,
  interval,
  onInterval,
  lastPrice,
  lines = [],
  empty,
  overlay,
}: CandleChartProps<I>) {
  const box = useRef<HTMLDivElement>(null);
  const parts = useRef<ChartParts | null>(null);
  const [ready, setReady] = useState(false);
  // Bumped when html[data-theme] changes, so every effect that paints reads the colours again.
  const [theme, setTheme] = useState(0);
  const { timeZone } = useStore($settings);
  const chosen = useStore($chartIndicators);

  // The chart library touches the DOM, so it loads in the browser only, once, after the page is up: after the grid
  // (header, book, form) painted, then in three tasks (the library's evaluation, the chart, its data) rather than
  // one, so a phone's main thread is never held for long (src/lib/chart/tasks.ts).
  useEffect(() => {
    let disposed = false;
    void (async () => {
      await afterPaint();
      if (disposed) return;
      const lib = await import('lightweight-charts');
      await nextTask();
      if (disposed || !box.current) return;
      const chart = lib.createChart(box.current, {
        autoSize: true,
        layout: { fontFamily: 'inherit', attributionLogo: false },
        // Empty bars to the right of the last candle, so a young market's only candle (and its time label) is not
        // pressed against the price scale, where the label would be cut ("18:3").
        timeScale: { timeVisible: true, secondsVisible: false, rightOffset: 8 },
      });
      // The header's price is marked by its own line (parts.last), so the series' own label would be a second one.
      const candles = chart.addSeries(lib.CandlestickSeries, {
        borderVisible: false,
        lastValueVisible: false,
        priceLineVisible: false,
      });
      const overlay = chart.addSeries(lib.LineSeries, {
        lineWidth: 1,
        lastValueVisible: false,
        priceLineVisible: false,
        crosshairMarkerVisible: false,
      });
      parts.current = {
        chart,
        candles,
        overlay,
        volume: null,
        lines: new Map(),
        last: null,
        lib,
        drawn: false,
        shown: null,
      };
      await nextTask();
      if (!disposed) setReady(true);
    })();
    const stop = onThemeChange(() => setTheme((n) => n + 1));
    return () => {
      disposed = true;
      stop();
      parts.current?.chart.remove();
      parts.current = null;
    };
  }, []);

  useEffect(() => {
    const p = parts.current;
    if (!p) return;
    const c = chartColors();
    p.chart.applyOptions({
      layout: { background: { color: c.background }, textColor: c.text, panes: { separatorColor: c.line } },
      grid: { vertLines: { color: translucent(c.line, 0.5) }, horzLines: { color: translucent(c.line, 0.5) } },
      timeScale: { borderColor: c.line },
      rightPriceScale: { borderColor: c.line },
    });
    p.candles.applyOptions({ upColor: c.up, downColor: c.down, wickUpColor: c.up, wickDownColor: c.down });
  }, [ready, theme]);

  const indicators = useMemo(
    () =>
      indicatorLines(
        chosen,
        candles.map((c) => +c.close),
        candles.map((c) => +c.volume),
      ),
    [chosen, candles],
  );

  useEffect(() => {
    const p = parts.current;
    if (!p) return;
    const c = chartColors();
    const format = {
      type: 'custom' as const,
      minMove: 10 ** -precision,
      formatter: (v: number) => priceText(v, precision),
    };
    // A live tick replaces the last candle or appends one: only those points are updated, not the 500 candles and
    // every line set again, which on a phone took a long task on each tick of the feed (issue 30).
    const key = `${chosen.join()}|${precision}|${timeZone}|${theme}`;
    const shown = p.shown;
    p.shown = { candles, key };
    if (shown && shown.key === key && extendsBy(shown.candles, candles))
      return updateFrom(p, c, shown.candles.length - 1, candles);
    const times = candles.map((k) => chartTime(k.time, timeZone));
    p.candles.applyOptions({ priceFormat: format });
    p.candles.setData(
      rising(candles.map((k, i) => ({ time: times[i]!, open: +k.open, high: +k.high, low: +k.low, close: +k.close }))),
    );
    const rest = () => volumeAndIndicators(p, c, format, times);
    if (p.drawn || !candles.length) return rest();
    // The first candles only: those first, the volume pane and the lines over them in the next task.
    p.drawn = true;
    let done = false;
    const timer = setTimeout(() => {
      done = true;
      rest();
    }, 0);
    return () => {
      clearTimeout(timer);
      // Cancelled before the lines were set: the next run draws everything again rather than only a tick.
      if (!done) p.shown = null;
    };
  }, [candles, indicators, chosen, ready, precision, timeZone, theme]);

  /** Updates the candles from index `from` on (the last shown one and any new ones), their volume and lines. */
  function updateFrom(p: ChartParts, c: ReturnType<typeof chartColors>, from: number, all: readonly Candle[]) {
    for (let i = Math.max(0, from); i < all.length; i++) {
      const k = all[i]!;
      const time = chartTime(k.time, timeZone);
      // As rising(): a time the hour repeated (daylight saving's end) is not drawn, the chart needs rising times.
      if (i > 0 && time <= chartTime(all[i - 1]!.time, timeZone)) continue;
      p.candles.update({ time, open: +k.open, high: +k.high, low: +k.low, close: +k.close });
      p.volume?.update({ time, value: +k.volume, color: translucent(+k.close >= +k.open ? c.up : c.down, 0.45) });
      for (const line of indicators) {
        const value = line.values[i];
        if (value !== null && value !== undefined) p.lines.get(line.id)?.update({ time, value });
      }
    }
  }

  function volumeAndIndicators(
    p: ChartParts,
    c: ReturnType<typeof chartColors>,
    format: { type: 'custom'; minMove: number; formatter: (v: number) => string },
    times: UTCTimestamp[],
  ) {
    const withVolume = chosen.includes('VOL');
    if (withVolume && !p.volume) {
      p.volume = p.chart.addSeries(
        p.lib.HistogramSeries,
        { priceFormat: { type: 'volume' }, lastValueVisible: false, priceLineVisible: false },
        1,
      );
      p.chart.panes()[1]?.setStretchFactor(0.3);
    } else if (!withVolume && p.volume) {
      p.chart.removeSeries(p.volume);
      p.volume = null;
    }
    p.volume?.setData(
      rising(
        candles.map((k, i) => ({
          time: times[i]!,
          value: +k.volume,
          color: translucent(+k.close >= +k.open ? c.up : c.down, 0.45),
        })),
      ),
    );
    const wanted = new Set(indicators.map((l) => l.id));
    for (const [id, series] of p.lines)
      if (!wanted.has(id)) {
        p.chart.removeSeries(series);
        p.lines.delete(id);
      }
    for (const line of indicators) {
      let series = p.lines.get(line.id);
      if (!series) {
        series = p.chart.addSeries(
          p.lib.LineSeries,
          {
            color: LINE_COLORS[line.id],
            lineWidth: 1,
            lastValueVisible: false,
            priceLineVisible: false,
            crosshairMarkerVisible: false,
            priceFormat: line.volumePane ? { type: 'volume' } : format,
          },
          line.volumePane ? 1 : 0,
        );
        p.lines.set(line.id, series);
      } else if (!line.volumePane) series.applyOptions({ priceFormat: format });
      series.setData(
        rising(times.map((time, i) => ({ time, value: line.values[i] }))).flatMap((x) =>
          x.value === null || x.value === undefined ? [] : [{ time: x.time, value: x.value }],
        ),
      );
    }
  }

  // The header's number, as the header writes it; the line's price is that text's value, so the axis label the
  // chart formats from it reads the same.
  const lastText = lastPrice ? priceText(lastPrice, precision) : null;
  const lastCandle = candles.at(-1);
  useEffect(() => {
    const p = parts.current;
    if (!p) return;
    if (p.last) p.candles.removePriceLine(p.last);
    p.last = null;
    if (!lastText || !lastCandle) return;
    const c = chartColors();
    p.last = p.candles.createPriceLine({
      price: Number(lastText),
      color: Number(lastText) >= +lastCandle.open ? c.up : c.down,
      lineWidth: 1,
      lineStyle: 2,
      axisLabelVisible: true,
    });
  }, [lastText, lastCandle, ready, theme]);

  useEffect(() => {
    const p = parts.current;
    if (!p) return;
    p.overlay.applyOptions({
      color: overlay?.color ?? chartColors().up,
      priceFormat: { type: 'price', precision, minMove: 10 ** -precision },
    });
    p.overlay.setData(
      rising((overlay?.points ?? []).map((x) => ({ time: chartTime(x.time, timeZone), value: x.value }))),
    );
  }, [overlay, ready, precision, timeZone, theme]);

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
    const c = chartColors();
    drawn.current = lines.map((l) =>
      p.candles.createPriceLine({
        price: l.price,
        color: l.color ?? (l.up ? c.up : c.down),
        lineWidth: 1,
        lineStyle: l.solid ? 0 : 2,
        axisLabelVisible: true,
        title: l.title,
      }),
    );
  }, [lines, ready, theme]);

  const legend = (line: IndicatorLine) => {
    const v = line.values.at(-1);
    if (v === null || v === undefined) return '--';
    return line.volumePane ? formatCompact(String(v)) : priceText(v, precision);
  };

  return (
    <section className="kline" aria-label={t('trade.chart')}>
      <div className="kline__bar">
        <div className="kline__intervals" role="tablist" aria-label={t('tradeChart.interval')}>
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
        <div className="kline__indicators" role="group" aria-label={t('tradeChart.indicators')}>
          {INDICATORS.map((i) => (
            <button
              key={i}
              type="button"
              aria-pressed={chosen.includes(i)}
              title={t(`tradeChart.indicator.${i}`)}
              data-indicator={i}
              onClick={() => toggleIndicator(i)}
            >
              {i}
            </button>
          ))}
        </div>
      </div>
      <ul className="kline__legend" data-testid="kline-legend">
        {indicators.map((line) => (
          <li key={line.id} data-line={line.id}>
            <span className="kline__swatch" style={{ background: LINE_COLORS[line.id] }} aria-hidden="true" />
            {line.label} {legend(line)}
          </li>
        ))}
      </ul>
      <div
        className="kline__chart"
        ref={box}
        data-testid="kline-chart"
        data-candles={candles.length}
        data-series={ready ? 1 + (chosen.includes('VOL') ? 1 : 0) + indicators.length : 0}
        data-last-price={lastText ?? ''}
        data-ready={ready}
      >
        {empty && candles.length === 0 && <p className="kline__empty">{empty}</p>}
      </div>
    </section>
  );
}

/**
 * The K-line chart of a spot market: its stored candles at nine intervals (loaded on opening and on each change of
 * interval), the last candle live from the feed; the header's last price marked; `lines` mark prices.
 */
export function KlineChart({ t, market, lines = [] }: { t: T; market: MarketEntry; lines?: readonly ChartLine[] }) {
  const [interval, setInterval] = useState<KlineInterval>('15m');
  const series = useStore(klineStore(market.symbol, interval));
  const last = useStore(lastPriceStore(market.symbol)) ?? market.close;
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
      lastPrice={last}
      lines={lines}
    />
  );
}
