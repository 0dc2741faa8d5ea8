import { describe, expect, it } from 'vitest';
import { checkSchedule, DEFAULT_SCHEDULE, levelFor, levelInRates, usdt } from './schedule.ts';

describe('the fee schedule', () => {
  it('ranks by either volume: the higher level the spot or the perpetual volume reaches', () => {
    expect(levelFor(DEFAULT_SCHEDULE, 0n, 0n)).toBe(0);
    expect(levelFor(DEFAULT_SCHEDULE, usdt(1_000_000) - 1n, 0n)).toBe(0);
    expect(levelFor(DEFAULT_SCHEDULE, usdt(1_000_000), 0n)).toBe(1);
    expect(levelFor(DEFAULT_SCHEDULE, 0n, usdt(50_000_000))).toBe(2);
    expect(levelFor(DEFAULT_SCHEDULE, usdt(20_000_000), usdt(15_000_000))).toBe(3);
    expect(levelFor(DEFAULT_SCHEDULE, usdt(10 ** 12), 0n)).toBe(5);
  });

  it('takes the default and refuses rising rates, flat or non-zero first thresholds and gaps', () => {
    expect(checkSchedule(DEFAULT_SCHEDULE)).toBeNull();
    const at = (i: number, change: object) => DEFAULT_SCHEDULE.map((l) => (l.level === i ? { ...l, ...change } : l));
    expect(checkSchedule(at(3, { perpTakerRate: 500 }))).toBe('rates');
    expect(checkSchedule(at(0, { spotMakerRate: 10_001 }))).toBe('rates');
    expect(checkSchedule(at(2, { perpVolume: 15_000_000 }))).toBe('thresholds');
    expect(checkSchedule(at(0, { spotVolume: 1 }))).toBe('thresholds');
    expect(checkSchedule(at(4, { level: 7 }))).toBe('count');
    expect(checkSchedule([])).toBe('count');
    expect(checkSchedule([DEFAULT_SCHEDULE[0]!])).toBeNull();
  });

  it('takes rates between whole basis points, and reads old whole-bps levels exactly', () => {
    const binance = DEFAULT_SCHEDULE.map((l) => (l.level === 2 ? { ...l, spotMakerRate: 750, spotTakerRate: 750 } : l));
    expect(checkSchedule(binance)).toBeNull();
    expect(checkSchedule(binance.map((l) => ({ ...l, spotMakerRate: l.spotMakerRate + 0.5 })))).toBe('rates');
    const old = {
      level: 0,
      spotMakerBps: 10,
      spotTakerBps: 10,
      perpMakerBps: 2,
      perpTakerBps: 5,
      spotVolume: 0,
      perpVolume: 0,
    };
    expect(levelInRates(old)).toEqual(DEFAULT_SCHEDULE[0]);
    expect(levelInRates(DEFAULT_SCHEDULE[3]!)).toEqual(DEFAULT_SCHEDULE[3]);
  });
});
