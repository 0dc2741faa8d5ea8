import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock/clock.ts';
import { announceBalances, type BalanceAfter, type BalanceMove } from '../feeds/private/account-events.ts';
import type { BillType } from '../ledger/account-types.ts';
import type { Posting } from '../ledger/ledger.ts';
import { AppError } from '../outcome.ts';
import type { Db, Queryable } from '../storage/db.ts';
import type { CommandContext, CommandType, CorePart } from './command.ts';
import {
  appendBatch,
  batchesAfter,
  createJournal,
  journalOf,
  latestSnapshot,
  projectedSeq,
  pruneJournal,
  saveSnapshot,
  type JournalBatch,
} from './journal/journal.repo.ts';
import { BatchBody, readCommands } from './journal/batch-body.ts';
import { Projector, type BatchRows, type ProjectionThread } from './projector.ts';
import { RiskEngine, type Hold } from './risk/risk-engine.ts';
import { holdName } from './risk/hold-table.ts';
import { loadBalances } from './core.repo.ts';
import { FencedError, type Fence } from './fence.ts';
import { nextCommandTag, RequestMemory } from './request-keys.ts';

/** The bills of the spot and perpetual order paths: holds for orders, their release, fills and their fees. */
const ORDER_BILLS: ReadonlySet<BillType> = new Set<BillType>([
  'order_freeze',
  'order_unfreeze',
  'trade',
  'trade_fee',
  'perp_margin',
  'perp_pnl',
  'perp_fee',
]);
/**
 * Prepares a command inside its own database transaction (a request row, a status change) and answers its
 * payload. It runs while the core decides nothing else, so what it reads of the core's memory holds until the
 * command is decided.
 */
export type Prepare<P> = (q: Queryable) => Promise<P>;

/**
 * A queued command, one flat record of a fixed shape (every field set when it is queued), which carries its own
 * outcome once decided: the batch loop allocates nothing more per command.
 */
interface Pending {
  type: CommandType<unknown, unknown>;
  payload: unknown;
  prepare: Prepare<unknown> | undefined;
  /** The forwarded request's command this is (server/core/request-keys.ts), decided at most once. */
  tag: string | undefined;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
  /** Decided: accepted with `value` as its result, or refused with `value` as the error. */
  ok: boolean;
  value: unknown;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

interface CoreOptions {
  db: Db;
  log: FastifyBaseLogger;
  clock: Clock;
  commands: ReadonlyArray<CommandType<any, any>>;
  parts: readonly CorePart[];
  /** A snapshot after this many commands since the last; a restart replays at most about as many. */
  snapshotEvery?: number;
  /** With several core processes: checked in every transaction the core writes (server/cluster/lease.ts). */
  fence?: Fence;
  /** Where the projector's transactions run, when not on this thread (server/core/projector-worker.ts). */
  projection?: ProjectionThread;
}

interface Snapshot {
  seq: number;
  balances: Array<[key: string, available: string, held: string]>;
  holds: Array<[id: string, owner: number, type: number, asset: string, amount: string]>;
  parts: Record<string, unknown>;
  /** Results of tagged commands: kept with the state, not part of its hash (a reload from the tables has none). */
  requests?: ReturnType<RequestMemory['encode']>;
}

const REPLAY_CHUNK = 2_000;
/** Commands a batch takes at most: the rest wait for the next, so one append stays a few hundred kilobytes. */
const MAX_BATCH = 20_000;

/**
 * The trading core (docs/architecture.md, "The trading core"): the one owner of every balance and hold and of the
 * products' trading state. Commands queue up while a batch is being written; the next batch takes all of them (group
 * commit). Each is decided in memory in order, and the batch is appended to the journal as one row before any of its
 * commands is acknowledged; the projector writes the tables behind. A command that must change a request row with it (a
 * withdrawal, a reviewed deposit) prepares that row in its own transaction with its journal row. A restart loads the
 * newest snapshot (or the tables, when they are newer) and replays the journal after it; replay is deterministic, so
 * the state hash after it is the one the running core had.
 */
export class TradingCore {
  readonly risk = new RiskEngine();
  readonly projector: Projector;
  private readonly db: Db;
  private readonly log: FastifyBaseLogger;
  private readonly clock: Clock;
  private readonly types = new Map<string, CommandType<unknown, unknown>>();
  private readonly parts = new Map<string, CorePart>();
  private readonly listeners = new Map<string, Set<(payloads: unknown[]) => void>>();
  private readonly snapshotEvery: number;
  private queue: Pending[] = [];
  private running = false;
  private seq = 0;
  private sinceSnapshot = 0;
  private snapshotting: Promise<void> = Promise.resolve();
  private readonly fence: Fence | undefined;
  private readonly requests = new RequestMemory();
  private readonly deciding = new Map<string, Promise<unknown>>();
  /** A standby's rows of batches not projected yet (follow). */
  private unprojected: BatchRows[] = [];
  /** Set by follow: whether the batches it applies emit their events (an edge's market data does). */
  private following = { events: false };

  constructor(opts: CoreOptions) {
    this.db = opts.db;
    this.log = opts.log;
    this.clock = opts.clock;
    for (const t of opts.commands) this.types.set(t.type, t as CommandType<unknown, unknown>);
    for (const p of opts.parts) this.parts.set(p.name, p);
    for (const p of opts.parts) p.attach?.(this.risk, (name) => this.part(name));
    this.fence = opts.fence;
    this.projector = new Projector(opts.db, opts.log, opts.parts, opts.fence, opts.projection);
    this.snapshotEvery = opts.snapshotEvery ?? 200_000;
  }

  part<T extends CorePart>(name: string): T {
    const p = this.parts.get(name);
    if (!p) throw new Error(`no core part ${name}`);
    return p as T;
  }

  /** The last journaled batch. */
  get journaled(): number {
    return this.seq;
  }

  /** Listens to an event the commands emit, delivered once their batch is durable, a batch's payloads at a time. */
  on(event: string, fn: (payloads: unknown[]) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(fn);
    return () => set.delete(fn);
  }

  async start(): Promise<void> {
    if (this.db.journal) await createJournal(this.db.journal);
    const fromSnapshot = await this.load();
    // A first snapshot at once: from then on a restart replays every batch after one, so what a batch carries
    // beyond the tables (the results of keyed requests) comes back even after a crash.
    if (!fromSnapshot) await this.saveSnapshot();
  }

  /** Resolves once every acknowledged command is in the tables (read your writes). */
  settled(): Promise<void> {
    return this.projector.idle();
  }

  /** Lets the queue and the projector finish, and saves a snapshot, so the next start replays nothing. */
  async stop(): Promise<void> {
    while (this.running) await new Promise((r) => setImmediate(r));
    await this.projector.idle();
    await this.saveSnapshot();
    await this.projector.close();
  }

  /** Decides a command in the next batch; answers its result once the batch is journaled. */
  submit<P, R>(type: CommandType<P, R>, payload: P): Promise<R> {
    return this.enqueue(type, payload);
  }

  /**
   * Decides a command whose payload a database change makes (a withdrawal's row, a review's status), in one
   * transaction with its journal row: if the change fails, the command is refused; if the command is refused, the
   * change is rolled back.
   */
  submitPrepared<P, R>(type: CommandType<P, R>, prepare: Prepare<P>): Promise<R> {
    return this.enqueue(type, undefined, prepare);
  }

  private enqueue<R>(type: CommandType<any, R>, payload: unknown, prepare?: Prepare<unknown>): Promise<R> {
    if (!this.types.has(type.type)) throw new Error(`command ${type.type} is not registered`);
    const tag = nextCommandTag();
    if (tag !== undefined) {
      const done = this.requests.get(tag);
      if (done) return Promise.resolve(done.value as R);
      const deciding = this.deciding.get(tag);
      if (deciding) return deciding as Promise<R>;
    }
    const decided = new Promise<R>((resolve, reject) => {
      this.queue.push({
        type: type as CommandType<unknown, unknown>,
        payload,
        prepare,
        tag,
        resolve: resolve as (v: unknown) => void,
        reject,
        ok: false,
        value: undefined,
      });
      if (!this.running) {
        this.running = true;
        this.projector.coreBusy(true);
        // One turn of the event loop first: every request already read from the sockets joins this batch.
        setImmediate(() => void this.drain());
      }
    });
    if (tag !== undefined) {
      this.deciding.set(tag, decided);
      const forget = () => this.deciding.delete(tag);
      decided.then(forget, forget);
    }
    return decided;
  }

  /** SHA-256 over the whole state as a snapshot holds it: equal states, equal hashes. */
  stateHash(): string {
    return hashOf(JSON.stringify(this.snapshot()));
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length) {
        const head = this.queue[0]!;
        if (head.prepare) {
          this.queue.shift();
          await this.runPrepared(head);
        } else {
          const room = this.projector.room();
          if (room) await room;
          let n = 0;
          while (n < this.queue.length && n < MAX_BATCH && !this.queue[n]!.prepare) n++;
          await this.runBatch(this.queue.splice(0, n));
        }
      }
    } finally {
      this.running = false;
      this.projector.coreBusy(false);
    }
  }

  private context(now: number, events: Array<[string, unknown]>): CommandContext {
    this.risk.now = now;
    return {
      now,
      risk: this.risk,
      part: <T extends CorePart>(name: string) => this.part<T>(name),
      emit: (event, payload) => void events.push([event, payload]),
    };
  }

  /**
   * Decides one command. A domain refusal must come before it changes anything; anything else thrown, or a refusal
   * after it changed balances, means memory has run ahead of what can be journaled (the caller rebuilds).
   */
  private decide(
    ctx: CommandContext,
    p: { type: CommandType<unknown, unknown>; payload: unknown },
  ): Outcome & { broken?: boolean } {
    const facts = this.risk.facts.length;
    try {
      return { ok: true, value: p.type.apply(ctx, p.payload) };
    } catch (error) {
      return { ok: false, error, broken: !(error instanceof AppError) || this.risk.facts.length !== facts };
    }
  }

  private async runBatch(batch: Pending[]): Promise<void> {
    const now = this.clock.now();
    const events: Array<[string, unknown]> = [];
    const ctx = this.context(now, events);
    const journal = new BatchBody();
    for (let i = 0; i < batch.length; i++) {
      const p = batch[i]!;
      // As `decide`, without an outcome object per command: the outcome goes on the pending record.
      const facts = this.risk.facts.length;
      try {
        p.value = p.type.apply(ctx, p.payload);
        p.ok = true;
      } catch (error) {
        if (!(error instanceof AppError) || this.risk.facts.length !== facts) return this.failBatch(batch, error);
        p.value = error;
        continue;
      }
      journal.add(p.type, p.payload, p.tag);
    }
    if (journal.length) {
      const append = { seq: this.seq + 1, at: now, body: journal.toJSON() };
      try {
        const fence = this.fence;
        if (fence) {
          await journalOf(this.db).tx(async (q) => {
            await fence(q);
            await appendBatch(q, append);
          });
        } else {
          await appendBatch(journalOf(this.db), append);
        }
      } catch (error) {
        return this.failBatch(batch, error);
      }
      this.committed(journal.length, events);
    }
    for (let i = 0; i < batch.length; i++) {
      const p = batch[i]!;
      if (p.ok) {
        if (p.tag) this.requests.remember(p.tag, now, p.value);
        p.resolve(p.value);
      } else {
        p.reject(p.value);
      }
    }
  }

  private async runPrepared(p: Pending): Promise<void> {
    const now = this.clock.now();
    const events: Array<[string, unknown]> = [];
    const ctx = this.context(now, events);
    let outcome: (Outcome & { broken?: boolean }) | undefined;
    try {
      await this.db.tx(async (q) => {
        const payload = await p.prepare!(q);
        outcome = this.decide(ctx, { type: p.type, payload });
        if (!outcome.ok) throw outcome.error;
        await this.fence?.(q);
        const body = new BatchBody();
        body.add(p.type, payload, p.tag);
        await appendBatch(q, { seq: this.seq + 1, at: now, body: body.toJSON() });
      });
    } catch (error) {
      if (outcome?.ok || outcome?.broken) return this.failBatch([p], error);
      p.reject(error);
      return;
    }
    this.committed(1, events);
    const { value } = outcome as { value: unknown };
    if (p.tag) this.requests.remember(p.tag, now, value);
    p.resolve(value);
  }

  /** A batch is durable: its rows go to the projector, its events and balances to the listeners. */
  private committed(commands: number, events: Array<[string, unknown]>): void {
    this.seq++;
    const changed = this.risk.takeChanged();
    const rows = this.collectRows(this.seq);
    this.projector.enqueue(rows);
    this.announce(rows, changed);
    this.deliver(events);
    this.sinceSnapshot += commands;
    if (this.sinceSnapshot >= this.snapshotEvery) this.takeSnapshot();
  }

  /** Hands a batch's events to their listeners, a batch's payloads at a time. */
  private deliver(events: Array<[string, unknown]>): void {
    const byEvent = new Map<string, unknown[]>();
    // By index, each pair read by position: destructuring takes an iterator per command.
    for (let i = 0; i < events.length; i++) {
      const e = events[i]!;
      const list = byEvent.get(e[0]);
      if (list) list.push(e[1]);
      else byEvent.set(e[0], [e[1]]);
    }
    for (const [event, payloads] of byEvent) for (const fn of this.listeners.get(event) ?? []) fn(payloads);
  }

  private collectRows(seq: number): BatchRows {
    const ledger = this.risk.takeFacts();
    const parts = new Map<string, unknown>();
    let size = 0;
    for (const l of ledger) size += l.lines.length;
    for (const part of this.parts.values()) {
      const rows = part.takeRows?.();
      if (rows === undefined) continue;
      parts.set(part.name, rows);
      size += Array.isArray(rows) ? rows.length : 1;
    }
    return { seq, ledger, parts, size };
  }

  /**
   * The users' balances the batch changed, as the core now holds them, and the changes no order made (Binance's
   * balanceUpdate tells those apart: a bot follows its orders' own changes from their reports), for the feeds.
   * Coalesced per account: the risk engine notes each account a batch changes once (`changed`), so an account a
   * thousand fills touched is looked up and announced once, and the order bills' lines are not walked at all.
   */
  private announce(rows: BatchRows, changed: Map<string, Posting>): void {
    const balances: BalanceAfter[] = [];
    for (const [key, line] of changed) {
      if (line.owner === null) continue;
      const b = this.risk.balances.get(key)!;
      balances.push({ userId: line.owner, type: line.type, asset: line.asset, available: b.available, frozen: b.held });
    }
    const moves: BalanceMove[] = [];
    for (const l of rows.ledger) {
      if (ORDER_BILLS.has(l.billType)) continue;
      for (const line of l.lines)
        if (line.owner !== null && line.available)
          moves.push({
            userId: line.owner,
            type: line.type,
            asset: line.asset,
            delta: line.available,
            billType: l.billType,
            at: l.at,
          });
    }
    announceBalances(this.db.scope, balances, moves);
  }

  /**
   * Memory has run ahead of the journal (a command broke half-way, or the append failed): every command of the
   * batch is refused and the state is rebuilt from what is durable, once the projector has written it all.
   */
  private async failBatch(batch: Pending[], error: unknown): Promise<void> {
    this.risk.takeFacts();
    for (const part of this.parts.values()) part.takeRows?.();
    for (const p of batch) p.reject(error);
    // A fenced core is being replaced: its successor owns the journal, and this process is about to stop.
    if (error instanceof FencedError) return;
    this.log.error({ err: error }, 'a core batch failed; rebuilding the state from the journal');
    await this.projector.idle(true);
    await this.load();
  }

  private snapshot(): Snapshot {
    const balances: Snapshot['balances'] = [];
    for (const key of [...this.risk.balances.keys()].sort()) {
      const b = this.risk.balances.get(key)!;
      if (b.available !== 0n || b.held !== 0n) balances.push([key, b.available.toString(), b.held.toString()]);
    }
    // By name, as shown and saved (an order's hold as `order:N`), whichever form the table keys it by.
    const holds: Snapshot['holds'] = [...this.risk.holds.values()]
      .map((h): Snapshot['holds'][number] => [holdName(h.id), h.owner, h.type, h.asset, h.amount.toString()])
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    const parts: Record<string, unknown> = {};
    for (const [name, part] of [...this.parts].sort(([a], [b]) => (a < b ? -1 : 1))) parts[name] = part.snapshot();
    return { seq: this.seq, balances, holds, parts };
  }

  /** Saves the state as of the last journaled batch; the core goes on deciding while it is written. */
  private takeSnapshot(): void {
    this.sinceSnapshot = 0;
    const state = this.snapshot();
    // The body is the state's JSON with `requests` as its last key, as JSON.stringify({ ...state, requests }) writes
    // it: the state is serialised once, for the hash and the body both.
    const json = JSON.stringify(state);
    const requests = JSON.stringify(this.requests.encode() satisfies Snapshot['requests']);
    const body = requests === undefined ? json : `${json.slice(0, -1)},"requests":${requests}}`;
    const row = { seq: this.seq, hash: hashOf(json), body };
    this.snapshotting = this.snapshotting
      .then(() => this.db.tx((q) => saveSnapshot(q, row, this.clock.now())))
      .then(() => pruneJournal(this.db))
      .catch((err: unknown) => this.log.error({ err }, 'saving a core snapshot failed'));
  }

  /** Saves a snapshot now (operators before an upgrade, tests and benches). */
  async saveSnapshot(): Promise<void> {
    this.takeSnapshot();
    await this.snapshotting;
  }

  private restore(s: Snapshot): void {
    this.reset();
    for (const [key, available, held] of s.balances)
      this.risk.balances.set(key, { available: BigInt(available), held: BigInt(held) });
    for (const [id, owner, type, asset, amount] of s.holds)
      this.risk.adopt({ id, owner, type: type as Hold['type'], asset, amount: BigInt(amount) });
    for (const [name, part] of this.parts) part.restore(s.parts[name]);
    this.requests.restore(s.requests);
    this.seq = s.seq;
  }

  private reset(): void {
    this.risk.balances.clear();
    this.risk.holds.clear();
    this.risk.takeFacts();
    this.requests.clear();
  }

  /**
   * The state from the newest snapshot the projector has reached (or, without one, from the tables), then the
   * journal after it. A snapshot past the projection cursor is not used: the batches between would never reach
   * the tables. Batches the projector had not written yet are written now.
   */
  private async load(): Promise<boolean> {
    const { projected, fromSnapshot } = await this.loadState();
    await this.replay(projected);
    return fromSnapshot;
  }

  /** The newest usable snapshot, or the tables; answers the projection cursor it was read against. */
  private async loadState(): Promise<{ projected: number; fromSnapshot: boolean }> {
    const projected = await projectedSeq(this.db);
    const snap = await latestSnapshot(this.db, projected);
    if (snap) {
      this.restore(JSON.parse(snap.body) as Snapshot);
    } else {
      this.reset();
      await this.db.tx(async (q) => {
        for (const [key, b] of await loadBalances(q)) this.risk.balances.set(key, b);
        for (const part of this.parts.values()) await part.load(q, this.risk);
      });
      this.checkHolds();
      this.seq = projected;
    }
    this.sinceSnapshot = 0;
    return { projected, fromSnapshot: snap !== undefined };
  }

  /**
   * A standby's core (server/cluster/standby.ts): loads the state as a restart does, then `catchUp` applies each
   * batch the active core appends, deciding and writing nothing. The rows of batches the active core has not
   * projected yet are kept, for whoever takes over to write. With `events`, each batch's events go to the
   * listeners as on the active core (an edge's market data, server/cluster/market-mirror.ts).
   */
  async follow({ events = false }: { events?: boolean } = {}): Promise<void> {
    this.following = { events };
    await this.loadState();
    this.unprojected = [];
    await this.catchUp();
  }

  /** Applies the batches appended since the last call; a gap (the journal was pruned past us) reloads. */
  async catchUp(): Promise<void> {
    // Batches projected before they are read need no rows (the cursor only grows); others are checked after.
    const before = await projectedSeq(this.db);
    for (;;) {
      const batches = await batchesAfter(this.db, this.seq, REPLAY_CHUNK);
      if (!batches.length) break;
      if (batches[0]!.seq !== this.seq + 1) {
        await this.follow(this.following);
        return;
      }
      this.unprojected.push(...this.apply(batches, before));
    }
    const projected = await projectedSeq(this.db);
    this.unprojected = this.unprojected.filter((r) => r.seq > projected);
  }

  /**
   * Starts deciding from a standby's state instead of loading one: the standby catches up with the journal a last
   * time (this process holds the lease, so nothing is appended any more), its state comes over, and the batches
   * the previous core had not projected are written.
   */
  async takeOver(standby: TradingCore): Promise<void> {
    if (this.db.journal) await createJournal(this.db.journal);
    await standby.catchUp();
    const state = standby.snapshot();
    this.restore({ ...state, requests: standby.requests.encode() });
    for (let at = 0; at < standby.unprojected.length; at += 50)
      await this.projector.project(standby.unprojected.slice(at, at + 50));
    standby.unprojected = [];
  }

  /** Every held amount the tables show is owned by exactly the holds the parts loaded. */
  private checkHolds(): void {
    const held = new Map<string, bigint>();
    for (const h of this.risk.holds.values()) {
      const key = `${h.owner}:${h.type}:${h.asset}`;
      held.set(key, (held.get(key) ?? 0n) + h.amount);
    }
    for (const [key, b] of this.risk.balances) {
      if ((held.get(key) ?? 0n) !== b.held)
        throw new Error(`account ${key} holds ${b.held} in the tables, but its holds add up to ${held.get(key) ?? 0n}`);
    }
    for (const key of held.keys())
      if (!this.risk.balances.has(key)) throw new Error(`a hold names account ${key}, which has no balance`);
  }

  /** Replays the journal after the loaded state; batches past `projected` go to the projector again. */
  private async replay(projected: number): Promise<void> {
    for (;;) {
      const batches = await batchesAfter(this.db, this.seq, REPLAY_CHUNK);
      if (!batches.length) break;
      const rows = this.apply(batches, projected);
      for (let at = 0; at < rows.length; at += 50) await this.projector.project(rows.slice(at, at + 50));
    }
  }

  /**
   * Applies journaled batches in order, as they were decided; answers the rows of those past `projected`. The
   * others' rows are dropped as they are made: the projector has written them (most of a restart's batches).
   */
  private apply(batches: JournalBatch[], projected: number): BatchRows[] {
    const rows: BatchRows[] = [];
    let name: string | undefined;
    let t: CommandType<unknown, unknown> | undefined;
    try {
      for (const b of batches) {
        const events: Array<[string, unknown]> = [];
        const ctx = this.context(b.at, events);
        this.risk.recording = b.seq > projected;
        readCommands(b.body, (type, payload, strings, tag) => {
          // A batch is mostly one command type after another: the lookup is skipped while it stays the same.
          if (type !== name) {
            name = type;
            t = this.types.get(name);
            if (!t) throw new Error(`the journal holds a ${name} command, which this build does not know`);
          }
          const value = t!.apply(ctx, t!.decode(payload, strings));
          if (tag) this.requests.remember(tag, b.at, value);
        });
        this.seq = b.seq;
        if (b.seq > projected) rows.push(this.collectRows(b.seq));
        else this.dropRows();
        if (this.following.events) this.deliver(events);
      }
    } finally {
      this.risk.recording = true;
    }
    return rows;
  }

  /** Forgets the rows of a batch no projector will write (the risk engine recorded none of its facts). */
  private dropRows(): void {
    for (const part of this.parts.values()) part.takeRows?.();
  }
}

function hashOf(body: string): string {
  return createHash('sha256').update(body).digest('hex');
}
