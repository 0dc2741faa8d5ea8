import { describe, expect, it } from 'vitest';
import { ManualClock, systemClock } from './clock.ts';

describe('the manual clock', () => {
  it('fires due timers in order of due time, each at its own time, including timers set while advancing', async () => {
    const clock = new ManualClock(1_000);
    const fired: Array<[string, number]> = [];
    clock.after(300, () => fired.push(['c', clock.now()]));
    clock.after(100, () => {
      fired.push(['a', clock.now()]);
      clock.after(50, () => fired.push(['a+50', clock.now()]));
    });
    clock.after(100, () => fired.push(['b', clock.now()]));
    const cancelled = clock.after(200, () => fired.push(['cancelled', clock.now()]));
    cancelled();
    clock.after(500, () => fired.push(['later', clock.now()]));
    await clock.advance(300);
    expect(fired).toEqual([
      ['a', 1_100],
      ['b', 1_100],
      ['a+50', 1_150],
      ['c', 1_300],
    ]);
    expect(clock.now()).toBe(1_300);
    expect(clock.pending).toBe(1);
  });

  it('waits for the work a timer returns before firing the next', async () => {
    const clock = new ManualClock(0);
    const log: string[] = [];
    clock.after(10, async () => {
      log.push('first starts');
      await Promise.resolve();
      await Promise.resolve();
      log.push('first ends');
    });
    clock.after(20, () => log.push('second'));
    await clock.advance(20);
    expect(log).toEqual(['first starts', 'first ends', 'second']);
  });
});

describe('the system clock', () => {
  it('reads the machine time and cancels timers', () => {
    const before = Date.now();
    expect(systemClock.now()).toBeGreaterThanOrEqual(before);
    let fired = false;
    systemClock.after(0, () => (fired = true))();
    expect(fired).toBe(false);
  });
});
