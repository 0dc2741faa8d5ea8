/**
 * The chart's indicators as pure functions of the candles' closes and volumes: each answers one value per candle,
 * null while there are not yet enough candles for the period (the line then starts at its first full window).
 */

/** Simple moving average: the mean of the last `period` values. */
export function sma(values: readonly number[], period: number): (number | null)[] {
  const out: (number | null)[] = [];
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    sum += values[i]!;
    if (i >= period) sum -= values[i - period]!;
    out.push(i >= period - 1 ? sum / period : null);
  }
  return out;
}

/**
 * Exponential moving average with weight 2 / (period + 1), seeded with the simple average of the first `period`
 * values, as the exchanges' charts draw it.
 */
export function ema(values: readonly number[], period: number): (number | null)[] {
  const k = 2 / (period + 1);
  const out: (number | null)[] = [];
  let prev: number | null = null;
  let seed = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (prev === null) {
      seed += v;
      if (i === period - 1) prev = seed / period;
    } else prev = v * k + prev * (1 - k);
    out.push(prev);
  }
  return out;
}

export interface BollPoint {
  upper: number;
  middle: number;
  lower: number;
}

/**
 * Bollinger bands: the simple average of `period` closes, and that average plus and minus `width` population standard
 * deviations of the same closes.
 */
export function boll(values: readonly number[], period = 20, width = 2): (BollPoint | null)[] {
  return sma(values, period).map((middle, i) => {
    if (middle === null) return null;
    let squares = 0;
    for (let j = i - period + 1; j <= i; j++) squares += (values[j]! - middle) ** 2;
    const sd = Math.sqrt(squares / period);
    return { upper: middle + width * sd, middle, lower: middle - width * sd };
  });
}

export const INDICATORS = ['MA', 'EMA', 'BOLL', 'VOL'] as const;
export type Indicator = (typeof INDICATORS)[number];

/** The periods drawn, as on Binance's chart: MA and EMA 7/25/99, BOLL 20 at 2 deviations, volume with MA 5/10. */
export const PERIODS = { MA: [7, 25, 99], EMA: [7, 25, 99], BOLL: [20], VOL: [5, 10] } as const;

/** One line an indicator draws: its legend name, its values by candle, and whether it sits in the volume pane. */
export interface IndicatorLine {
  id: string;
  indicator: Indicator;
  label: string;
  values: (number | null)[];
  volumePane: boolean;
}

/** The lines of the chosen indicators over candles' closes and volumes (VOL's bars themselves are drawn apart). */
export function indicatorLines(
  chosen: readonly Indicator[],
  closes: readonly number[],
  volumes: readonly number[],
): IndicatorLine[] {
  const lines: IndicatorLine[] = [];
  const averages = (indicator: 'MA' | 'EMA' | 'VOL', of: readonly number[], f: typeof sma) => {
    for (const p of PERIODS[indicator])
      lines.push({
        id: `${indicator}${p}`,
        indicator,
        label: `${indicator === 'VOL' ? 'MA' : indicator}(${p})`,
        values: f(of, p),
        volumePane: indicator === 'VOL',
      });
  };
  if (chosen.includes('MA')) averages('MA', closes, sma);
  if (chosen.includes('EMA')) averages('EMA', closes, ema);
  if (chosen.includes('BOLL')) {
    const bands = boll(closes, PERIODS.BOLL[0]);
    for (const part of ['upper', 'middle', 'lower'] as const)
      lines.push({
        id: `BOLL.${part}`,
        indicator: 'BOLL',
        label: `BOLL ${part === 'middle' ? 'MID' : part === 'upper' ? 'UB' : 'LB'}`,
        values: bands.map((b) => (b ? b[part] : null)),
        volumePane: false,
      });
  }
  if (chosen.includes('VOL')) averages('VOL', volumes, sma);
  return lines;
}
