import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { systemClock, type Cancel, type Clock } from '../clock/clock.ts';
import type { Db } from '../storage/db.ts';
import { abandonPeriod, claimPeriod, finishPeriod, holdLease, lastFinishedPeriod, releaseLease } from './jobs.repo.ts';

interface Logger {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** A job that runs in exactly one process: once per period, periods aligned to the epoch (`everyMs` apart). */
export interface LeasedJob {
  name: string;
  everyMs: number;
  /**
   * How many missed periods a process runs, oldest first, when it takes the job after downtime (default 1,000);
   * older ones are skipped. 0 for work that only matters now (quoting, sampling a price).
   */
  catchUp?: number;
  /** Runs the period starting at `periodStart`; it must be safe to run again for the same period (a process may
   * die between the work and the record that it is done). */
  run(period: { periodStart: number }): unknown;
}

interface SchedulerOptions {
  db: Db;
  clock?: Clock;
  log?: Logger;
  /** How long a lease lasts unrenewed: the longest a dead process keeps its jobs. Renewed every third of it. */
  leaseMs?: number;
  /** This process in the lease table; unique per process by default. */
  owner?: string;
}

const DEFAULT_CATCH_UP = 1000;
const DEFAULT_LEASE_MS = 15_000;

interface Leased {
  job: LeasedJob;
  held: boolean;
  running: Promise<void> | undefined;
  cancel: Cancel | undefined;
}

interface Local {
  name: string;
  everyMs: number;
  run: () => unknown;
  running: Promise<void> | undefined;
  cancel: Cancel | undefined;
}

/**
 * The process's jobs (docs/architecture.md, "Clock and jobs"), on an injectable clock. Local jobs run in every process,
 * every `everyMs`, skipping a beat rather than piling up when a run is slow. Leased jobs run in the one process
 * that holds the job's lease row; a process that takes a lease (at start, or when the holder died) first runs the
 * periods nobody ran, in order. A job registered after start() starts at once; the returned function removes it.
 */
export class Scheduler {
  readonly clock: Clock;
  readonly owner: string;
  private readonly db: Db;
  private readonly log: Logger | undefined;
  private readonly leaseMs: number;
  private readonly locals = new Map<string, Local>();
  private readonly leased = new Map<string, Leased>();
  private started = false;
  private leaseTimer: Cancel | undefined;
  private leaseTick: Promise<void> | undefined;

  constructor(opts: SchedulerOptions) {
    this.db = opts.db;
    this.clock = opts.clock ?? systemClock;
    this.log = opts.log;
    this.leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
    this.owner = opts.owner ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  }

  /** Runs `run` every `everyMs` in this process. */
  local(name: string, everyMs: number, run: () => unknown): Cancel {
    this.checkName(name, everyMs);
    const job: Local = { name, everyMs, run, running: undefined, cancel: undefined };
    this.locals.set(name, job);
    if (this.started) this.scheduleLocal(job);
    return () => {
      job.cancel?.();
      this.locals.delete(name);
    };
  }

  /** Runs the job once per period in whichever process holds its lease. */
  lease(job: LeasedJob): Cancel {
    this.checkName(job.name, job.everyMs);
    const entry: Leased = { job, held: false, running: undefined, cancel: undefined };
    this.leased.set(job.name, entry);
    if (this.started) {
      this.schedulePeriod(entry);
      this.ensureLeaseTimer();
      // idle() waits for this first hold (and the run it starts) as for any lease tick.
      this.leaseTick = Promise.all([this.leaseTick, this.tryHold(entry)]).then(() => undefined);
    }
    return () => {
      entry.cancel?.();
      this.leased.delete(job.name);
      if (entry.held) void releaseLease(this.db, job.name, this.owner).catch(() => undefined);
    };
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    for (const job of this.locals.values()) this.scheduleLocal(job);
    for (const entry of this.leased.values()) this.schedulePeriod(entry);
    if (this.leased.size) {
      this.ensureLeaseTimer();
      void this.renewLeases();
    }
  }

  /** Stops every timer, waits for runs in flight, and hands this process's leases back. */
  async stop(): Promise<void> {
    this.started = false;
    this.leaseTimer?.();
    this.leaseTimer = undefined;
    for (const job of this.locals.values()) job.cancel?.();
    for (const entry of this.leased.values()) entry.cancel?.();
    await this.idle();
    for (const entry of this.leased.values()) {
      if (!entry.held) continue;
      entry.held = false;
      await releaseLease(this.db, entry.job.name, this.owner).catch((err: unknown) =>
        this.log?.warn({ err, job: entry.job.name }, 'releasing a job lease failed'),
      );
    }
  }

  /** Resolves when no job is running. */
  async idle(): Promise<void> {
    await this.leaseTick;
    await Promise.all([...this.locals.values(), ...this.leased.values()].map((j) => j.running));
  }

  /** Whether this process holds the job's lease. */
  holds(name: string): boolean {
    return this.leased.get(name)?.held ?? false;
  }

  private checkName(name: string, everyMs: number): void {
    if (this.locals.has(name) || this.leased.has(name)) throw new Error(`job ${name} is registered twice`);
    if (!(everyMs > 0)) throw new Error(`job ${name} needs a positive period, got ${everyMs}`);
  }

  private scheduleLocal(job: Local): void {
    job.cancel = this.clock.after(job.everyMs, () => {
      this.scheduleLocal(job);
      if (job.running) return; // still busy with the last turn: skip this one
      job.running = (async () => {
        try {
          await job.run();
        } catch (err) {
          this.log?.warn({ err, job: job.name }, 'job failed');
        } finally {
          job.running = undefined;
        }
      })();
      return job.running;
    });
  }

  private schedulePeriod(entry: Leased): void {
    const { everyMs } = entry.job;
    const now = this.clock.now();
    entry.cancel = this.clock.after(Math.floor(now / everyMs) * everyMs + everyMs - now, () => {
      this.schedulePeriod(entry);
      return this.runDue(entry);
    });
  }

  private ensureLeaseTimer(): void {
    if (this.leaseTimer) return;
    this.leaseTimer = this.clock.after(Math.floor(this.leaseMs / 3), () => {
      this.leaseTimer = undefined;
      if (!this.started) return;
      this.ensureLeaseTimer();
      return this.renewLeases();
    });
  }

  private renewLeases(): Promise<void> {
    this.leaseTick = Promise.all([...this.leased.values()].map((e) => this.tryHold(e))).then(() => undefined);
    return this.leaseTick;
  }

  /** Takes or renews the job's lease; a lease just taken runs what is due at once (catching up after downtime). */
  private async tryHold(entry: Leased): Promise<void> {
    const now = this.clock.now();
    let held: boolean;
    try {
      held = await holdLease(this.db, entry.job.name, this.owner, now, now + this.leaseMs);
    } catch (err) {
      this.log?.warn({ err, job: entry.job.name }, 'renewing a job lease failed');
      held = false;
    }
    const was = entry.held;
    entry.held = held;
    if (held && !was) {
      this.log?.info({ job: entry.job.name, owner: this.owner }, 'job lease taken');
      await this.runDue(entry);
    } else if (!held && was) {
      this.log?.info({ job: entry.job.name, owner: this.owner }, 'job lease lost');
    }
  }

  private runDue(entry: Leased): Promise<void> | undefined {
    if (!entry.held || entry.running) return entry.running;
    entry.running = this.runPeriods(entry).finally(() => (entry.running = undefined));
    return entry.running;
  }

  /** Every period from the one after the last finished (at most `catchUp` back) to the current, oldest first;
   * stops at a failure so that the next turn retries from there. */
  private async runPeriods(entry: Leased): Promise<void> {
    const { name, everyMs, catchUp = DEFAULT_CATCH_UP } = entry.job;
    try {
      const current = Math.floor(this.clock.now() / everyMs) * everyMs;
      const earliest = current - catchUp * everyMs;
      const last = await lastFinishedPeriod(this.db, name);
      let from = last === undefined ? current : last + everyMs;
      if (from < earliest) {
        this.log?.warn(
          { job: name, skipped: (earliest - from) / everyMs },
          'job missed more periods than it catches up: the oldest are skipped',
        );
        from = earliest;
      }
      for (let p = from; p <= current; p += everyMs) {
        if (!(await claimPeriod(this.db, name, p, this.owner, this.clock.now()))) continue;
        try {
          await entry.job.run({ periodStart: p });
        } catch (err) {
          this.log?.warn({ err, job: name, periodStart: p }, 'job failed; its period is retried on the next turn');
          await abandonPeriod(this.db, name, p, this.owner);
          return;
        }
        await finishPeriod(this.db, name, p, this.owner, this.clock.now(), p - Math.max(catchUp, 1) * everyMs);
      }
    } catch (err) {
      this.log?.warn({ err, job: name }, 'running a leased job failed');
    }
  }
}
