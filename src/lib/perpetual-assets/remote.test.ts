import { describe, expect, it } from 'vitest';
import { latest, throttle } from './remote.ts';

/** Timers the test moves by hand: no test waits for real time. */
function manualTimers() {
  let now = 0;
  let id = 0;
  const due = new Map<number, { at: number; fn: () => void }>();
  return {
    setTimeout: ((fn: () => void, ms: number) => {
      due.set(++id, { at: now + ms, fn });
      return id;
    }) as unknown as typeof setTimeout,
    clearTimeout: ((handle: number) => void due.delete(handle)) as unknown as typeof clearTimeout,
    advance(ms: number) {
      now += ms;
      for (const [key, t] of [...due].sort((a, b) => a[1].at - b[1].at)) {
        if (t.at > now) continue;
        due.delete(key);
        t.fn();
      }
    },
    pending: () => due.size,
  };
}

describe('latest', () => {
  it('keeps only the newest ticket current', () => {
    const calls = latest();
    const first = calls.next();
    expect(calls.isCurrent(first)).toBe(true);
    const second = calls.next();
    expect(calls.isCurrent(first)).toBe(false);
    expect(calls.isCurrent(second)).toBe(true);
  });
});

describe('throttle', () => {
  it('runs at once, folds a burst into one more run after the pause, then rests', () => {
    const timers = manualTimers();
    let runs = 0;
    const call = throttle(() => runs++, 1_000, timers);
    call();
    expect(runs).toBe(1);
    call();
    call();
    call();
    expect(runs).toBe(1);
    timers.advance(999);
    expect(runs).toBe(1);
    timers.advance(1);
    expect(runs).toBe(2);
    timers.advance(1_000);
    expect(runs).toBe(2);
    expect(timers.pending()).toBe(0);
    call();
    expect(runs).toBe(3);
  });

  it('forgets a waiting run when cancelled', () => {
    const timers = manualTimers();
    let runs = 0;
    const call = throttle(() => runs++, 500, timers);
    call();
    call();
    call.cancel();
    timers.advance(5_000);
    expect(runs).toBe(1);
    call();
    expect(runs).toBe(2);
  });
});
