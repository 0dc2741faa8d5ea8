import type { Db, Queryable } from '../storage/db.ts';
import { FencedError } from '../core/fence.ts';
import { createLeaseTable, currentToken, releaseLease, renewLease, tryAcquire } from './lease.repo.ts';

const CORE = 'core';

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

interface LeaseOptions {
  /** Who asks: unique per process, so a restarted process never mistakes the old one's lease for its own. */
  holder: string;
  /** CORE_LEASE_MS: how long the lease lasts unrenewed, so how long a dead core goes unnoticed. */
  ttlMs: number;
  log: Logger;
  /** Called once when the lease turns out to be somebody else's: the process must stop deciding at once. */
  onLost: () => void;
}

/**
 * One active trading core in a cluster (docs/architecture.md, "Scale-out"): the core that holds this lease decides; a
 * standby polls until the lease lapses and takes it with the next fencing token. The holder renews it three
 * times per lease time; every transaction the core writes checks the token (`fence`), so a core that stalled past
 * its lease (a pause, a partition) and wakes up cannot write once its successor has taken over.
 */
export class CoreLease {
  token: number | undefined;
  private readonly db: Db;
  private readonly o: LeaseOptions;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(db: Db, o: LeaseOptions) {
    this.db = db;
    this.o = o;
  }

  /** Takes the lease if it is free; true when this process holds it now. */
  async tryAcquire(): Promise<boolean> {
    await createLeaseTable(this.db);
    const token = await tryAcquire(this.db, CORE, this.o.holder, this.o.ttlMs);
    if (token === undefined) return false;
    this.token = token;
    this.o.log.info({ token, holder: this.o.holder }, 'holding the trading core lease');
    this.renewSoon();
    return true;
  }

  /** Waits until this process holds the lease, polling five times per lease time. */
  async acquire(): Promise<number> {
    for (;;) {
      if (this.stopped) throw new Error('the lease was given up while waiting for it');
      if (await this.tryAcquire()) return this.token!;
      await new Promise((r) => setTimeout(r, Math.max(50, Math.floor(this.o.ttlMs / 5))));
    }
  }

  /** Throws FencedError inside a transaction unless this process still holds the lease. */
  readonly fence = async (q: Queryable): Promise<void> => {
    const current = await currentToken(q, CORE);
    if (this.token === undefined || current !== this.token) {
      const error = new FencedError(this.token ?? 0, current);
      this.lost(error);
      throw error;
    }
  };

  /** Gives the lease up so a standby takes over at once (a core stopping on purpose). */
  async release(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.token !== undefined) await releaseLease(this.db, CORE, this.token);
  }

  private renewSoon(): void {
    this.timer = setTimeout(() => void this.renew(), Math.max(20, Math.floor(this.o.ttlMs / 3)));
  }

  private async renew(): Promise<void> {
    if (this.stopped || this.token === undefined) return;
    try {
      if (!(await renewLease(this.db, CORE, this.token, this.o.ttlMs)))
        return this.lost(new FencedError(this.token, undefined));
    } catch (err) {
      // The database is out of reach: nobody can take over or write without it, so keep trying.
      this.o.log.warn({ err }, 'renewing the trading core lease failed; retrying');
    }
    this.renewSoon();
  }

  private lost(error: FencedError): void {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.timer);
    this.o.log.error({ err: error }, 'the trading core lease was taken over: stopping');
    this.o.onLost();
  }
}
