import { describe, expect, it } from 'vitest';
import { boll, ema, indicatorLines, sma } from './indicators.ts';

describe('chart indicators', () => {
  it('averages the last n values once n are there', () => {
    expect(sma([1, 2, 3, 4, 5], 3)).toEqual([null, null, 2, 3, 4]);
    expect(sma([10, 20], 3)).toEqual([null, null]);
  });

  it('seeds the exponential average with the simple one, then weighs 2/(n+1)', () => {
    // k = 0.5: seed (2+4+6)/3 = 4; then 8·0.5 + 4·0.5 = 6; then 10·0.5 + 6·0.5 = 8.
    expect(ema([2, 4, 6, 8, 10], 3)).toEqual([null, null, 4, 6, 8]);
  });

  it('draws Bollinger bands two population deviations around the average', () => {
    // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, population deviation 2, so bands 1 and 9.
    const [last] = boll([2, 4, 4, 4, 5, 5, 7, 9], 8).slice(-1);
    expect(last).toEqual({ upper: 9, middle: 5, lower: 1 });
    expect(boll([1, 2, 3], 8)).toEqual([null, null, null]);
    // A flat market has no width.
    expect(boll([3, 3, 3], 3, 2).at(-1)).toEqual({ upper: 3, middle: 3, lower: 3 });
  });

  it('gives the chosen indicators their lines, volume averages in the volume pane', () => {
    const closes = Array.from({ length: 30 }, (_, i) => i + 1);
    const lines = indicatorLines(['MA', 'VOL'], closes, closes);
    expect(lines.map((l) => [l.id, l.label, l.volumePane])).toEqual([
      ['MA7', 'MA(7)', false],
      ['MA25', 'MA(25)', false],
      ['MA99', 'MA(99)', false],
      ['VOL5', 'MA(5)', true],
      ['VOL10', 'MA(10)', true],
    ]);
    // MA(7) of 1..7 is 4.
    expect(lines[0]!.values[6]).toBe(4);
    expect(indicatorLines(['BOLL'], closes, closes).map((l) => l.id)).toEqual([
      'BOLL.upper',
      'BOLL.middle',
      'BOLL.lower',
    ]);
    expect(indicatorLines([], closes, closes)).toEqual([]);
  });
});
