import type { FastifyBaseLogger } from 'fastify';
import { accountId, forgetAccountIds } from '../ledger/ledger.ts';
import type { AccountType } from '../ledger/account-types.ts';
import { insertRows, writeColumns } from '../storage/bulk.ts';
import type { Db, Queryable, SqlValue } from '../storage/db.ts';
import type { CorePart } from './command.ts';
import type { Fence } from './fence.ts';
import { markProjected, pruneJournal } from './journal/journal.repo.ts';
import type { LedgerFact } from './risk/risk-engine.ts';
import { randomUUID } from 'node:crypto';

const ACCOUNTS_MOVE = {
  head: 'UPDATE accounts SET available = accounts.available + v.column2, frozen = accounts.frozen + v.column3, updated_at = v.column4 FROM (',
  tuple: '(CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS BIGINT))',
  tail: ') AS v WHERE accounts.id = v.column1 RETURNING id, available, frozen',
  types: ['int', 'int', 'int', 'int'],
} as const;
const LEDGER_INSERT = {
  table: 'ledger_entries',
  columns: [
    ...['tx_id', 'account_id', 'owner_id', 'asset', 'delta_available', 'delta_frozen', 'available_after'],
    ...['frozen_after', 'bill_type', 'ref_type', 'ref_id', 'created_at'],
  ],
} as const;

/** What one journaled batch changed: its ledger transactions, and per product part the rows it hands its writer. */
export interface BatchRows {
  seq: number;
  ledger: LedgerFact[];
  parts: Map<string, unknown>;
  /** How many rows it writes, roughly: what bounds the backlog and sizes a transaction. */
  size: number;
}

/**
 * Where the projector's transactions run when not on the core's thread: a worker thread with its own connection
 * to the database file (server/core/projector-worker.ts), which writes them as `project` does here.
 */
export interface ProjectionThread {
  project(batches: BatchRows[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * Past this many rows waiting, the projector writes even while the core is busy, and a core whose projector has a
 * thread of its own waits for it (`room`): memory stays bounded.
 */
const MAX_BACKLOG_ROWS = 200_000;
/**
 * Rows per projector transaction, per dialect. SQLite takes one writer at a time, so the core's journal append
 * waits for the projector's open transaction: 500 rows keep that wait short (50,000 made stalls of 50–100 ms under
 * steady order entry). PostgreSQL locks rows, so appends go on beside a projector transaction, and what a
 * transaction costs beyond its rows (round trips, each a turn of an event loop the core keeps busy, and the
 * commit) is paid per transaction: at 500 rows its projections fell 3 s behind a steady 10,000 orders/s; at 20,000
 * they take 10% less server CPU than at 5,000 and catch up in half the time (persistence bench with DATABASE_URL).
 * In a thread of its own, only the core thread's other writes to the main file wait for the projector's open
 * transaction (blocking its event loop meanwhile), and each commit writes every index page it touched into the WAL,
 * much the same set whatever its size: with a steady 20,000 orders/s the tables were current 2.9 s after the last at
 * 500 rows, 1.7 s at 2,000, 0.9 s at 8,000, 0.14 s at 20,000 (one run each, load average 4–5). 10,000 rows take
 * 60–90 ms at the thread's 110,000–150,000 rows/s.
 */
const MAX_TX_ROWS: Record<Db['dialect'] | 'thread', number> = { sqlite: 500, postgres: 20_000, thread: 10_000 };

/**
 * Writes journaled batches into the tables behind the trading core: ledger entries and balances, and through
 * each product part's writer its own rows (orders, trades, …). The batches waiting go into one transaction with
 * a few multi-row statements, which also moves the projection cursor. Readers that must see their own orders and
 * balances in the tables wait for `idle()` first (a hook on the API routes). With a `thread`, the transactions run
 * there and this side keeps the queue: the order, the retries, `idle()` and the bound on memory stay the same.
 */
export class Projector {
  private readonly db: Db;
  private readonly log: FastifyBaseLogger;
  private readonly parts: readonly CorePart[];
  private queue: BatchRows[] = [];
  private queuedRows = 0;
  private running = false;
  private waiters: Array<{ resolve: () => void; reject: (err: unknown) => void; patient: boolean }> = [];
  private coreIsBusy = false;
  private wake: (() => void) | undefined;
  private pruning: Promise<void> | undefined;
  private roomWaiters: Array<() => void> = [];

  private readonly fence: Fence | undefined;
  private readonly thread: ProjectionThread | undefined;

  constructor(db: Db, log: FastifyBaseLogger, parts: readonly CorePart[], fence?: Fence, thread?: ProjectionThread) {
    this.fence = fence;
    this.thread = thread;
    this.db = db;
    this.log = log;
    this.parts = parts;
  }

  /** Rows journaled and not yet written (benchmarks watch it stay bounded under steady load). */
  get backlogRows(): number {
    return this.queuedRows;
  }

  get caughtUp(): boolean {
    return !this.running && this.queue.length === 0;
  }

  /**
   * Resolves once every batch journaled so far is in the tables. A reader (`patient` false) is refused with the
   * error when a write fails, rather than left waiting while the projector retries; the core about to rebuild
   * from the tables waits for them however long it takes.
   */
  idle(patient = false): Promise<void> {
    if (this.caughtUp) return Promise.resolve();
    // Someone is waiting to read: write now, busy runners or not.
    this.wakeUp();
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject, patient }));
  }

  /**
   * The core has commands waiting (true) or none any more: the projector leaves the CPU to acknowledgements. Its
   * thread has a CPU of its own: posting a batch costs the core's thread a copy, not the writes.
   */
  coreBusy(busy: boolean): void {
    this.coreIsBusy = busy;
    if (!busy) this.wakeUp();
  }

  /**
   * Nothing while the backlog is under MAX_BACKLOG_ROWS; else, with a thread, a promise of when it is again. A
   * projector on the core's thread slows the core down by taking its CPU; one in a thread of its own does not, so
   * the core waits here before its next batch.
   */
  room(): Promise<void> | undefined {
    if (!this.thread || this.queuedRows < MAX_BACKLOG_ROWS) return undefined;
    return new Promise((resolve) => this.roomWaiters.push(resolve));
  }

  enqueue(batch: BatchRows): void {
    this.queue.push(batch);
    this.queuedRows += batch.size;
    if (this.queuedRows >= MAX_BACKLOG_ROWS) this.wakeUp();
    if (!this.running) {
      this.running = true;
      setImmediate(() => void this.drain());
    }
  }

  private wakeUp(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  /**
   * Acknowledgements come first: while the core has commands waiting, the projector waits too, unless its
   * backlog has grown past MAX_BACKLOG_ROWS or a reader waits for it. Each transaction takes at most
   * MAX_TX_ROWS of its dialect, so the core's next journal append never waits long behind one.
   */
  private async drain(): Promise<void> {
    for (;;) {
      if (!this.queue.length) {
        // Caught up: one prune that starts after the last commit, so what is projected is pruned once idle()
        // resolves; batches journaled meanwhile go round again. A thread prunes after each of its transactions.
        if (!this.thread) {
          await this.pruning;
          await this.prune();
        }
        if (!this.queue.length) break;
      }
      if (this.coreIsBusy && !this.thread && this.queuedRows < MAX_BACKLOG_ROWS && !this.waiters.length) {
        await new Promise<void>((resolve) => (this.wake = resolve));
        continue;
      }
      let rows = 0;
      let n = 0;
      const max = MAX_TX_ROWS[this.thread ? 'thread' : this.db.dialect];
      while (n < this.queue.length && (n === 0 || rows + this.queue[n]!.size <= max)) rows += this.queue[n++]!.size;
      const batches = this.queue.splice(0, n);
      this.queuedRows -= rows;
      try {
        if (this.thread) {
          await this.thread.project(batches);
        } else {
          await this.write(batches);
          // The prune runs beside the next transaction (another connection on PostgreSQL), not before it.
          void this.prune();
        }
        if (this.queuedRows < MAX_BACKLOG_ROWS) for (const resolve of this.roomWaiters.splice(0)) resolve();
        // Requests that arrived meanwhile go first: the core's next batch need not wait for the whole backlog.
        await new Promise((resolve) => setImmediate(resolve));
      } catch (err) {
        // The journal still has these batches; put them back and try again shortly rather than lose them.
        this.log.error({ err }, 'projecting the core journal failed; retrying');
        forgetAccountIds(this.db.scope);
        this.waiters = this.waiters.filter((w) => w.patient || void w.reject(err));
        this.queue.unshift(...batches);
        this.queuedRows += rows;
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
    this.running = false;
    for (const w of this.waiters.splice(0)) w.resolve();
  }

  /** Writes batches in one transaction (also what a restart regenerates from the journal beyond the cursor). */
  async project(batches: BatchRows[]): Promise<void> {
    if (this.thread) return this.thread.project(batches);
    await this.write(batches);
    await this.prune();
  }

  /**
   * The writers run side by side in the transaction: on PostgreSQL their statements share its connection and go
   * down it one after another without waiting for each other's answers (postgres.js pipelines them), so a
   * transaction costs a few round trips, not one per statement; each writer still runs its own statements in order.
   * Every writer ends, failed or not, before the first failure rolls the transaction back: none may send a
   * statement after the ROLLBACK, where it would run on its own. The ledger entries go last, alone: a COPY holds
   * the connection until it ends.
   */
  private async write(batches: BatchRows[]): Promise<void> {
    await this.db.tx(async (q) => {
      await this.fence?.(q);
      const ledger = this.moveBalances(q, batches, Date.now());
      const writes: Promise<unknown>[] = [ledger];
      for (const part of this.parts) {
        if (!part.write) continue;
        const rows = batches.flatMap((b) => (b.parts.has(part.name) ? [b.parts.get(part.name)] : []));
        if (rows.length) writes.push(part.write(q, rows));
      }
      writes.push(markProjected(q, batches.at(-1)!.seq));
      const failed = (await Promise.allSettled(writes)).find((w) => w.status === 'rejected');
      if (failed) throw failed.reason;
      await insertRows(q, LEDGER_INSERT, await ledger);
    });
  }

  /**
   * Drops the journal's projected batches, one prune at a time: a call while one runs gets that one. These
   * batches are written, so a failed prune must not send them round again; it only leaves rows for the next.
   */
  private prune(): Promise<void> {
    this.pruning ??= pruneJournal(this.db)
      .catch((err: unknown) => this.log.warn({ err }, 'pruning the core journal failed'))
      .finally(() => (this.pruning = undefined));
    return this.pruning;
  }

  /** Ends the projector's thread connection (the core has stopped: nothing is queued). */
  async close(): Promise<void> {
    await this.thread?.close();
  }

  /**
   * Balances move once per account by the sum of the batches' lines; each line's balance-after is worked back
   * from the final balance the update returns. The accounts table's CHECK refuses a negative user balance, and
   * a line's balance-after shows any other change to the account (a deposit) at the start of the write. Gives
   * the ledger entries' rows.
   */
  private async moveBalances(q: Queryable, batches: BatchRows[], now: number): Promise<SqlValue[][]> {
    const lines: Array<{
      account: number;
      owner: number | null;
      type: AccountType;
      asset: string;
      da: bigint;
      df: bigint;
      bill: string;
      txId: string;
      refType: string;
      refId: string;
      at: number;
    }> = [];
    const deltas = new Map<number, { da: bigint; df: bigint }>();
    for (const b of batches) {
      for (const l of b.ledger) {
        const txId = randomUUID();
        for (const p of l.lines) {
          const da = p.available ?? 0n;
          const df = p.frozen ?? 0n;
          if (da === 0n && df === 0n) continue;
          const account = await accountId(q, p.owner, p.type, p.asset, now);
          lines.push({
            account,
            owner: p.owner,
            type: p.type,
            asset: p.asset,
            da,
            df,
            bill: p.billType ?? l.billType,
            txId,
            refType: l.refType,
            refId: l.refId,
            at: l.at,
          });
          const d = deltas.get(account) ?? { da: 0n, df: 0n };
          d.da += da;
          d.df += df;
          deltas.set(account, d);
        }
      }
    }
    if (!lines.length) return [];
    const finals = await writeColumns(
      q,
      ACCOUNTS_MOVE,
      [...deltas].map(([id, d]): SqlValue[] => [id, d.da, d.df, now]),
    );
    const running = new Map<number, { a: bigint; f: bigint }>();
    for (const r of finals)
      running.set(Number(r.id), { a: BigInt(r.available as bigint), f: BigInt(r.frozen as bigint) });
    if (running.size !== deltas.size) throw new Error('an account the journal names is missing');
    const after: Array<[bigint, bigint]> = new Array(lines.length);
    for (let i = lines.length - 1; i >= 0; i--) {
      const l = lines[i]!;
      const r = running.get(l.account)!;
      after[i] = [r.a, r.f];
      r.a -= l.da;
      r.f -= l.df;
    }
    return lines.map((l, i) => [
      l.txId,
      l.account,
      l.owner,
      l.asset,
      l.da,
      l.df,
      after[i]![0],
      after[i]![1],
      l.bill,
      l.refType,
      l.refId,
      l.at,
    ]);
  }
}
