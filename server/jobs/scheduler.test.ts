import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { ManualClock } from '../clock/clock.ts';
import { Scheduler } from './scheduler.ts';

const T0 = Date.UTC(2026, 0, 1); // a period boundary for every period below

describe('local jobs', () => {
  it('run every period in every process, waiting for each run, and stop leaving no timer', async () => {
    const clock = new ManualClock(T0);
    // Local jobs never touch the database.
    const jobs = new Scheduler({ db: undefined as never, clock });
    const at: number[] = [];
    jobs.local('flush', 1000, async () => {
      await Promise.resolve();
      at.push(clock.now() - T0);
    });
    expect(() => jobs.local('flush', 10, () => {})).toThrow(/registered twice/);
    await clock.advance(5_000);
    expect(at).toEqual([]); // nothing runs before start()
    jobs.start();
    await clock.advance(3_500);
    expect(at).toEqual([6000, 7000, 8000]);
    const late: number[] = [];
    const cancel = jobs.local('late', 250, () => late.push(clock.now() - T0));
    await clock.advance(500);
    cancel();
    await clock.advance(1_000);
    expect(late).toEqual([8750, 9000]);
    await jobs.stop();
    expect(clock.pending).toBe(0);
  });
});

describe.each(DIALECTS)('leased jobs on %s', (_name, open) => {
  let t: TestDatabase;
  const schedulers: Scheduler[] = [];
  afterEach(async () => {
    await Promise.all(schedulers.splice(0).map((s) => s.stop()));
    await t.drop();
  });

  /** A process: its own scheduler on its own clock (all clocks show the same time unless a test stops one). */
  function process_(
    name: string,
    clock: ManualClock,
    ran: Array<[string, number]>,
    opts: { catchUp?: number; fail?: (p: number) => boolean } = {},
  ) {
    const jobs = new Scheduler({ db: t.db, clock, owner: name, leaseMs: 3_000 });
    schedulers.push(jobs);
    jobs.lease({
      name: 'settle',
      everyMs: 1_000,
      catchUp: opts.catchUp,
      run: ({ periodStart }) => {
        if (opts.fail?.(periodStart)) throw new Error('the job failed');
        ran.push([name, (periodStart - T0) / 1000]);
      },
    });
    return jobs;
  }

  /** A fresh database with two "processes" on it, started one after the other: a takes the lease first. */
  async function twoProcesses() {
    t = await open();
    const ran: Array<[string, number]> = [];
    const [ca, cb] = [new ManualClock(T0), new ManualClock(T0)];
    const a = process_('a', ca, ran);
    const b = process_('b', cb, ran);
    a.start();
    await a.idle();
    b.start();
    await b.idle();
    return { ran, ca, cb, a, b };
  }

  /** Moves every running process's clock forward together, a tenth of a second at a time. */
  async function advance(clocks: ManualClock[], ms: number) {
    for (let done = 0; done < ms; done += 100) for (const c of clocks) await c.advance(100);
  }

  it('run each period once between two processes on one database, in the one that holds the lease', async () => {
    const { ran, ca, cb, a, b } = await twoProcesses();
    await advance([ca, cb], 10_000);
    expect(ran).toEqual(Array.from({ length: 11 }, (_, i) => ['a', i]));
    expect([a.holds('settle'), b.holds('settle')]).toEqual([true, false]);
    expect(await t.db.get('SELECT owner FROM job_leases')).toEqual({ owner: 'a' });
  });

  it('move to another process when the holder dies, which first runs the periods nobody ran, in order', async () => {
    t = await open();
    const ran: Array<[string, number]> = [];
    const [ca, cb] = [new ManualClock(T0), new ManualClock(T0)];
    process_('a', ca, ran).start();
    await schedulers[0]!.idle();
    const b = process_('b', cb, ran);
    b.start();
    await b.idle();
    await advance([ca, cb], 2_000);
    // a dies: its clock stops, so it neither renews its lease nor runs anything again.
    await advance([cb], 8_000);
    const periods = ran.map(([, p]) => p);
    expect(periods).toEqual(Array.from({ length: 11 }, (_, i) => i));
    expect(ran.slice(0, 3).every(([who]) => who === 'a')).toBe(true);
    expect(ran.slice(3).every(([who]) => who === 'b')).toBe(true);
    expect(b.holds('settle')).toBe(true);
  });

  it('catch up after downtime: the missed periods run in order when a process starts again, at most catchUp of them', async () => {
    t = await open();
    const ran: Array<[string, number]> = [];
    const first = new ManualClock(T0);
    const a = process_('a', first, ran);
    a.start();
    await a.idle();
    await advance([first], 2_000);
    await a.stop();
    // Down for five periods, then a restart.
    const restarted = process_('a2', new ManualClock(T0 + 7_500), ran);
    restarted.start();
    await restarted.idle();
    expect(ran.map(([, p]) => p)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    await restarted.stop();
    // Down for far longer than the horizon: only the last catchUp periods (and the current one) run.
    ran.length = 0;
    const late = process_('a3', new ManualClock(T0 + 1_000_000), ran, { catchUp: 5 });
    late.start();
    await late.idle();
    expect(ran.map(([, p]) => p)).toEqual([995, 996, 997, 998, 999, 1000]);
  });

  it('retry a period whose run failed on the next turn, and run nothing past it before it succeeds', async () => {
    t = await open();
    const ran: Array<[string, number]> = [];
    let attempts = 0;
    const clock = new ManualClock(T0);
    const a = process_('a', clock, ran, { fail: (p) => p === T0 + 2_000 && ++attempts <= 2 });
    a.start();
    await a.idle();
    await advance([clock], 5_000);
    expect(ran.map(([, p]) => p)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(attempts).toBe(3);
  });

  it('hand the lease back on a clean stop, so another process takes the job at once', async () => {
    const { ran, ca, cb, a, b } = await twoProcesses();
    await advance([ca, cb], 1_000);
    await a.stop();
    // b's next renewal (every second here) finds the lease free, well before it would have expired.
    await advance([cb], 1_000);
    expect(b.holds('settle')).toBe(true);
    expect(ran.map(([, p]) => p)).toEqual([0, 1, 2]);
  });

  it('take the lease of a job registered after start at once, and let idle() wait for its first run', async () => {
    t = await open();
    const clock = new ManualClock(T0 + 500);
    const jobs = new Scheduler({ db: t.db, clock, owner: 'a', leaseMs: 3_000 });
    schedulers.push(jobs);
    jobs.start();
    const ran: number[] = [];
    jobs.lease({ name: 'late', everyMs: 1_000, catchUp: 0, run: ({ periodStart }) => void ran.push(periodStart - T0) });
    await jobs.idle();
    expect(ran).toEqual([0]);
    await clock.advance(1_000);
    expect(ran).toEqual([0, 1_000]);
  });
});
