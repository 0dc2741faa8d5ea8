/**
 * The time every timer-driven part of the server reads (docs/architecture.md, "Clock and jobs"): injectable, so tests
 * move time by hand and never sleep. `after` is the one timer primitive; repeating work is built on it (server/jobs).
 */
export type Cancel = () => void;

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Calls fn once, `ms` from now; the returned function cancels it. Timers never keep a process alive. */
  after(ms: number, fn: () => unknown): Cancel;
}

/** The machine's clock. */
export const systemClock: Clock = {
  now: () => Date.now(),
  after(ms, fn) {
    const timer = setTimeout(() => void fn(), Math.max(0, ms));
    timer.unref();
    return () => clearTimeout(timer);
  },
};

interface Timer {
  at: number;
  seq: number;
  fn: () => unknown;
}

/**
 * A clock that moves only when a test says so: `await clock.advance(60_000)` fires every timer that falls due in
 * that minute in order of due time (ties in the order they were set), each with `now()` at its own due time, and
 * waits for the work a timer returns (a job's run) before the next, so a test sees the outcome deterministically.
 * Timers set while advancing fire in the same call when they fall due within it.
 */
export class ManualClock implements Clock {
  private time: number;
  private timers: Timer[] = [];
  private seq = 0;

  constructor(start = Date.UTC(2026, 0, 1)) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  after(ms: number, fn: () => unknown): Cancel {
    const timer: Timer = { at: this.time + Math.max(0, ms), seq: this.seq++, fn };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  /** How many timers are set (a test can check that a stopped scheduler left none behind). */
  get pending(): number {
    return this.timers.length;
  }

  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      let next: Timer | undefined;
      for (const t of this.timers)
        if (t.at <= end && (!next || t.at < next.at || (t.at === next.at && t.seq < next.seq))) next = t;
      if (!next) break;
      this.timers = this.timers.filter((t) => t !== next);
      this.time = Math.max(this.time, next.at);
      await next.fn();
    }
    this.time = end;
  }

  /**
   * Moves time forward as a machine that slept through it would see it: the timers that fell due fire once each,
   * late, with `now()` already at the end (repeating work then catches up by itself, as after downtime).
   */
  async jump(ms: number): Promise<void> {
    this.time += ms;
    await this.advance(0);
  }
}
