import type { FastifyBaseLogger } from 'fastify';
import { accountId, forgetAccountIds, type Balance } from '../../ledger/ledger.ts';
import { accountKey, addPending } from '../../ledger/pending.ts';
import { writeRows } from '../../storage/bulk.ts';
import type { Db, Queryable, SqlValue } from '../../storage/db.ts';
import type { OrderRow } from '../order.repo.ts';
import { decodeFacts, type BatchFacts, type JournalRow } from './facts.ts';

const ORDERS_UPSERT = {
  head: 'INSERT INTO orders (id, symbol, user_id, side, kind, tif, price, quantity, quote_budget, filled_qty, filled_quote, fee, frozen, seq, status, done_reason, created_at, updated_at)',
  tail: `ON CONFLICT (id) DO UPDATE SET filled_qty = excluded.filled_qty, filled_quote = excluded.filled_quote, fee = excluded.fee,
         frozen = excluded.frozen, status = excluded.status, done_reason = excluded.done_reason, updated_at = excluded.updated_at`,
};
const TRADES_INSERT = {
  head: 'INSERT INTO trades (id, symbol, price, quantity, quote_qty, taker_side, maker_order_id, taker_order_id, maker_user_id, taker_user_id, maker_fee, taker_fee, created_at)',
};
/** An UPDATE from a VALUES list, not an upsert: the CHECK on balances would judge an upsert's delta row as a balance. */
const ACCOUNTS_MOVE = {
  head: 'UPDATE accounts SET available = accounts.available + v.column2, frozen = accounts.frozen + v.column3, updated_at = v.column4 FROM (',
  tuple: '(CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS BIGINT))',
  tail: ') AS v WHERE accounts.id = v.column1 RETURNING id, available, frozen',
};
const LEDGER_INSERT = {
  head: 'INSERT INTO ledger_entries (tx_id, account_id, owner_id, asset, delta_available, delta_frozen, available_after, frozen_after, bill_type, ref_type, ref_id, created_at)',
};

/** Past this many rows waiting, the projector writes even while runners are busy: memory stays bounded. */
const MAX_BACKLOG_ROWS = 200_000;
/**
 * Rows per projector transaction. SQLite takes one writer at a time, so a runner's journal append waits for the
 * projector's open transaction: 500 rows keep that wait short (50,000 made stalls of 50–100 ms under steady
 * order entry); the persistence bench wrote its tables as fast with 300 rows a transaction as with 50,000.
 */
const MAX_TX_ROWS = 500;

const rowsOf = (f: BatchFacts) => f.orders.length + f.trades.length + f.ledger.length;

interface Journaled {
  facts: BatchFacts;
  /** The last journal seq of this batch in its market. */
  seq: number;
  /** Its balance changes (balanceChanges), added to `pending` when it was journaled. */
  changes: Map<string, Balance>;
}

/** Every balance change of some facts, per account key: what the journal adds to `pending` and the projector takes back. */
export function balanceChanges(batches: readonly BatchFacts[]): Map<string, Balance> {
  const changes = new Map<string, Balance>();
  for (const f of batches) {
    for (const l of f.ledger) {
      for (const p of l.lines) {
        const key = accountKey(p.owner, p.type, p.asset);
        const c = changes.get(key) ?? { available: 0n, frozen: 0n };
        c.available += p.available ?? 0n;
        c.frozen += p.frozen ?? 0n;
        changes.set(key, c);
      }
    }
  }
  return changes;
}

/**
 * Writes journaled batches into orders, trades, ledger entries and balances, behind the runners: all batches
 * waiting go into one transaction with a few multi-row statements, which also moves each market's cursor
 * and drops the journal rows it has written. Readers that must see their own orders and balances wait for
 * `idle()` first (a hook on the API routes).
 */
export class Projector {
  private readonly db: Db;
  private readonly log: FastifyBaseLogger;
  private queue: Journaled[] = [];
  private queuedRows = 0;
  private running = false;
  private waiters: Array<{ resolve: () => void; reject: (err: unknown) => void; patient: boolean }> = [];
  private busyRunners = 0;
  private wake: (() => void) | undefined;

  constructor(db: Db, log: FastifyBaseLogger) {
    this.db = db;
    this.log = log;
  }

  get caughtUp(): boolean {
    return !this.running && this.queue.length === 0;
  }

  /**
   * Resolves once every batch journaled so far is in the tables. A reader (`patient` false) is refused with the
   * error when a write fails, rather than left waiting while the projector retries; a runner about to rebuild its
   * book from the tables waits for them however long it takes.
   */
  idle(patient = false): Promise<void> {
    if (this.caughtUp) return Promise.resolve();
    // Someone is waiting to read: write now, busy runners or not.
    this.wakeUp();
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject, patient }));
  }

  /** A runner has commands waiting (1) or none any more (-1): the projector leaves the CPU to busy runners. */
  runnerBusy(change: 1 | -1): void {
    this.busyRunners += change;
    if (this.busyRunners === 0) this.wakeUp();
  }

  enqueue(facts: BatchFacts, seq: number, changes: Map<string, Balance>): void {
    this.queue.push({ facts, seq, changes });
    this.queuedRows += rowsOf(facts);
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
   * Acknowledgements come first: while a runner has commands waiting, the projector waits too, unless its
   * backlog has grown past MAX_BACKLOG_ROWS or a reader waits for it. Each transaction takes at most
   * MAX_TX_ROWS, so a runner's next batch never waits long behind one.
   */
  private async drain(): Promise<void> {
    while (this.queue.length) {
      if (this.busyRunners > 0 && this.queuedRows < MAX_BACKLOG_ROWS && !this.waiters.length) {
        await new Promise<void>((resolve) => (this.wake = resolve));
        continue;
      }
      let rows = 0;
      let n = 0;
      while (n < this.queue.length && (n === 0 || rows + rowsOf(this.queue[n]!.facts) <= MAX_TX_ROWS)) rows += rowsOf(this.queue[n++]!.facts);
      const batches = this.queue.splice(0, n);
      this.queuedRows -= rows;
      try {
        await this.project(batches);
        // Requests that arrived meanwhile go first: a runner's next batch need not wait for the whole backlog.
        await new Promise((resolve) => setImmediate(resolve));
      } catch (err) {
        // The journal still has these batches; put them back and try again shortly rather than lose them.
        this.log.error({ err }, 'projecting the matching journal failed; retrying');
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

  /** Writes the journal rows of a market that are past its cursor: what a crash left unwritten. */
  async recover(symbol: string): Promise<number> {
    const cursor = await this.db.get<{ seq: bigint }>('SELECT seq FROM journal_cursor WHERE symbol = ?', [symbol]);
    const from = Number(cursor?.seq ?? 0);
    const rows = await this.db.all<JournalRow & { seq: bigint }>('SELECT seq, kind, body FROM journal WHERE symbol = ? AND seq > ? ORDER BY seq', [symbol, from]);
    if (!rows.length) return from;
    const seq = Number(rows.at(-1)!.seq);
    const facts = decodeFacts(symbol, rows);
    const changes = balanceChanges([facts]);
    // These changes were never added to `pending` in this process, so they are added here for project() to take back.
    addPending(this.db.scope, changes, 1n);
    await this.project([{ facts, seq, changes }]);
    return seq;
  }

  /**
   * One transaction of batches. Their pending changes are taken back inside it: on SQLite nothing else runs until
   * it commits, and on PostgreSQL a reader of these balances waits on the rows it holds. Should the commit itself
   * fail, they are put back.
   */
  private async project(batches: Journaled[]): Promise<void> {
    let takenBack = false;
    try {
      await this.db.tx(async (q) => {
        await this.write(q, batches);
        for (const b of batches) addPending(q.scope, b.changes, -1n);
        takenBack = true;
      });
    } catch (err) {
      if (takenBack) for (const b of batches) addPending(this.db.scope, b.changes, 1n);
      throw err;
    }
  }

  private async write(q: Queryable, batches: Journaled[]): Promise<void> {
    const now = Date.now();
    const orders = new Map<number, OrderRow>();
    for (const b of batches) for (const o of b.facts.orders) orders.set(o.id, o);
    await writeRows(q, ORDERS_UPSERT, [...orders.values()].map((o) => [o.id, o.symbol, o.userId, o.side, o.kind, o.tif, o.price, o.quantity, o.quoteBudget, o.filledQty, o.filledQuote, o.fee, o.frozen, 0, o.status, o.doneReason, o.createdAt, o.updatedAt]));
    await writeRows(q, TRADES_INSERT, batches.flatMap((b) => b.facts.trades.map((t) => [t.id, t.symbol, t.price, t.quantity, t.quoteQty, t.takerSide, t.makerOrderId, t.takerOrderId, t.makerUserId, t.takerUserId, t.makerFee, t.takerFee, t.createdAt])));
    await this.writeLedger(q, batches, now);
    const cursors = new Map<string, number>();
    for (const b of batches) cursors.set(b.facts.symbol, b.seq);
    for (const [symbol, seq] of cursors) {
      await q.run('INSERT INTO journal_cursor (symbol, seq) VALUES (?, ?) ON CONFLICT (symbol) DO UPDATE SET seq = excluded.seq', [symbol, seq]);
      await q.run('DELETE FROM journal WHERE symbol = ? AND seq <= ?', [symbol, seq]);
    }
  }

  /**
   * Balances move once per account by the sum of the batches' lines; each line's balance-after is worked back
   * from the final balance the update returns. The accounts table's CHECK refuses a negative user balance, and
   * a line's balance-after shows any other change to the account (a deposit) at the start of the write.
   */
  private async writeLedger(q: Queryable, batches: Journaled[], now: number): Promise<void> {
    const lines: Array<{ account: number; owner: number | null; asset: string; da: bigint; df: bigint; bill: string; txId: string; refType: string; refId: number; at: number }> = [];
    const deltas = new Map<number, { da: bigint; df: bigint }>();
    for (const b of batches) {
      for (const l of b.facts.ledger) {
        for (const p of l.lines) {
          const da = p.available ?? 0n;
          const df = p.frozen ?? 0n;
          if (da === 0n && df === 0n) continue;
          const account = await accountId(q, p.owner, p.type, p.asset, now);
          lines.push({ account, owner: p.owner, asset: p.asset, da, df, bill: p.billType ?? l.billType, txId: l.txId, refType: l.refType, refId: l.refId, at: l.at });
          const d = deltas.get(account) ?? { da: 0n, df: 0n };
          d.da += da;
          d.df += df;
          deltas.set(account, d);
        }
      }
    }
    if (!lines.length) return;
    const finals = await writeRows(q, ACCOUNTS_MOVE, [...deltas].map(([id, d]): SqlValue[] => [id, d.da, d.df, now]));
    const running = new Map<number, { a: bigint; f: bigint }>();
    for (const r of finals) running.set(Number(r.id), { a: BigInt(r.available as bigint), f: BigInt(r.frozen as bigint) });
    if (running.size !== deltas.size) throw new Error('an account the journal names is missing');
    const after: Array<[bigint, bigint]> = new Array(lines.length);
    for (let i = lines.length - 1; i >= 0; i--) {
      const l = lines[i]!;
      const r = running.get(l.account)!;
      after[i] = [r.a, r.f];
      r.a -= l.da;
      r.f -= l.df;
    }
    await writeRows(
      q,
      LEDGER_INSERT,
      lines.map((l, i) => [l.txId, l.account, l.owner, l.asset, l.da, l.df, after[i]![0], after[i]![1], l.bill, l.refType, String(l.refId), l.at]),
    );
  }
}
