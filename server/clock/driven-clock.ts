import { systemClock, type Clock } from './clock.ts';

/**
 * DRIVEN_CLOCK=1 (never in production; server/config.ts refuses it there): the machine's clock plus an offset that an
 * operator moves ahead over the API (POST /api/admin/clock/advance), so a staging install, a person's own checks and
 * the end-to-end journeys can pass an hour, a day or a loan's term without waiting for it. Timers keep running on real
 * time; every job reads now() at each check, so work that fell due in the jump runs at its next check, as after a
 * downtime (jobs catch up: docs/architecture.md, "Clock and jobs"). The offset only grows: time never runs back.
 */
export class DrivenClock implements Clock {
  private offset = 0;

  now(): number {
    return Date.now() + this.offset;
  }

  after(ms: number, fn: () => unknown) {
    return systemClock.after(ms, fn);
  }

  /** Moves the clock `ms` ahead; answers the new time and the whole offset. */
  advance(ms: number): { now: number; offsetMs: number } {
    this.offset += ms;
    return { now: this.now(), offsetMs: this.offset };
  }

  get offsetMs(): number {
    return this.offset;
  }
}
