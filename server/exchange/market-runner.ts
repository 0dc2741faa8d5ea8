import type { FastifyBaseLogger } from 'fastify';
import { ACCOUNT } from '../ledger/account-types.ts';
import type { Balance, Posting, PostingMeta } from '../ledger/ledger.ts';
import { accountKey, addPending, pendingOf } from '../ledger/pending.ts';
import { writeRows } from '../storage/bulk.ts';
import type { Db, Queryable } from '../storage/db.ts';
import { createEngine, type MatchingEngine as Engine } from './engine/engine.ts';
import type { EngineEvent } from './engine/types.ts';
import { encodeFacts, type BatchFacts } from './journal/facts.ts';
import { IdBlocks } from './journal/id-blocks.ts';
import { balanceChanges, type Projector } from './journal/projector.ts';
import type { Market } from './market.ts';
import { restingOrders, type OrderRow } from './order.repo.ts';
import { CommandWrites, Settlement, type SettledTrade } from './settlement.ts';

/**
 * A unit of work for one market: it runs synchronously against the book and the runner's memory, and what it
 * decides reaches the journal with its batch. `holder` names the user whose spot balances it checks.
 */
export interface Job<T> {
  holder?: number;
  run(ctx: JobContext): T;
}

export interface JobContext {
  market: Market;
  now: number;
  /** Spot available balance: the accounts table, plus what the journal has not written there yet, plus this batch. */
  available(userId: number, asset: string): bigint;
  orderId(): number;
  /** The order as it rests on the book, if it does. */
  live(orderId: number): OrderRow | undefined;
  post(lines: Posting[], meta: PostingMeta & { refId: number }): void;
  /** Sends a command to the book (with the new order it places, if any) and settles what it did. */
  match(command: Parameters<Engine['apply']>[0], placed?: OrderRow): EngineEvent[];
}

/** What one committed batch did, for market data and the feeds. */
export interface BatchOutcome {
  market: Market;
  trades: SettledTrade[];
  /** Users whose orders or balances changed. */
  users: Set<number>;
}

interface Pending {
  job: Job<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

/**
 * Owns one market's book, the orders resting on it and its journal (exchange-core's shape). Commands queue up
 * while a batch is being written; the next batch takes all of them. Each is decided in memory against the book
 * and the balances read once per batch, and the batch's decisions are appended to the journal in one
 * transaction (group commit). A caller is answered only after that commit, so every acknowledged order
 * survives a crash; the projector then writes orders, trades and the ledger behind. When the book and the
 * durable state might disagree (a command failed after the book moved, or the commit failed), the batch fails
 * as a whole and the book is rebuilt once the projector has caught up.
 */
export class MarketRunner {
  engine: Engine;
  readonly market: Market;
  private readonly db: Db;
  private readonly log: FastifyBaseLogger;
  private readonly projector: Projector;
  private readonly onBatch: (outcome: BatchOutcome) => void;
  private readonly orderIds = new IdBlocks('orders');
  private readonly tradeIds = new IdBlocks('trades');
  private live = new Map<number, OrderRow>();
  private queue: Pending[] = [];
  private running = false;
  private seq = 0;

  constructor(market: Market, db: Db, log: FastifyBaseLogger, projector: Projector, onBatch: (outcome: BatchOutcome) => void) {
    this.market = market;
    this.db = db;
    this.log = log;
    this.projector = projector;
    this.onBatch = onBatch;
    this.engine = createEngine({ marketId: market.symbol });
  }

  /** Writes what the journal holds beyond the tables, then loads the book from the open orders. */
  async start(): Promise<void> {
    this.seq = await this.projector.recover(this.market.symbol);
    await this.rebuild();
  }

  /** Loads the book from the open orders, as after a restart, once the projector has written them all. */
  async rebuild(): Promise<void> {
    await this.projector.idle(true);
    const rows = await restingOrders(this.db, this.market.symbol);
    this.engine = createEngine({ marketId: this.market.symbol });
    this.live = new Map(rows.map((o) => [o.id, o]));
    this.engine.load(
      rows.map((o) => ({
        orderId: o.id,
        userId: o.userId,
        side: o.side,
        price: Number(o.price / this.market.tick),
        remaining: Number((o.quantity - o.filledQty) / this.market.lot),
        tif: o.tif === 'POST_ONLY' ? 'POST_ONLY' : 'GTC',
        stp: 'cancel_taker',
      })),
    );
  }

  /** Whether this order rests on this market's book. */
  holds(orderId: number): boolean {
    return this.live.has(orderId);
  }

  run<T>(job: Job<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ job: job as Job<unknown>, resolve: resolve as (v: unknown) => void, reject });
      if (!this.running) {
        this.running = true;
        // One turn of the event loop first: every request already read from the sockets joins this batch and
        // shares its commit.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    this.projector.runnerBusy(1);
    try {
      while (this.queue.length) {
        const batch = this.queue;
        this.queue = [];
        await this.runBatch(batch);
      }
    } finally {
      this.running = false;
      this.projector.runnerBusy(-1);
    }
  }

  /** The spot available balances of the batch's holders for this market's two assets, as the table has them. */
  private async tableBalances(q: Queryable, holders: number[]): Promise<Map<string, bigint>> {
    const balances = new Map<string, bigint>();
    if (!holders.length) return balances;
    const lock = this.db.dialect === 'postgres' ? ' ORDER BY id FOR UPDATE' : '';
    for (let at = 0; at < holders.length; at += 512) {
      const chunk = holders.slice(at, at + 512);
      // Padded to a power of two with repeats, so the statement cache holds few shapes.
      let size = 1;
      while (size < chunk.length) size <<= 1;
      const ids = Array.from({ length: size }, (_, i) => chunk[i] ?? chunk[0]!);
      const rows = await q.all<{ owner_id: bigint; asset: string; available: bigint }>(
        `SELECT owner_id, asset, available FROM accounts WHERE type = ? AND asset IN (?, ?) AND owner_id IN (${ids.map(() => '?').join(', ')})${lock}`,
        [ACCOUNT.spot, this.market.base, this.market.quote, ...ids],
      );
      for (const r of rows) balances.set(accountKey(Number(r.owner_id), ACCOUNT.spot, r.asset), BigInt(r.available));
    }
    return balances;
  }

  private async runBatch(batch: Pending[]): Promise<void> {
    const m = this.market;
    const now = Date.now();
    const results: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    const facts: BatchFacts = { symbol: m.symbol, orders: [], trades: [], ledger: [] };
    const touched = new Set<OrderRow>();
    const outcome: BatchOutcome = { market: m, trades: [], users: new Set() };
    const batchDelta = new Map<string, bigint>();
    let changes: Map<string, Balance> | undefined;
    const firstSeq = this.seq + 1;
    try {
      await this.db.tx(async (q) => {
        const table = await this.tableBalances(q, [...new Set(batch.flatMap((p) => (p.job.holder ? [p.job.holder] : [])))]);
        for (const p of batch) {
          // A command can trade with every order on the other side at most, and places one.
          await this.orderIds.ensure(q, 1);
          await this.tradeIds.ensure(q, this.engine.size + 1);
          const out = new CommandWrites();
          let bookMoved = false;
          const ctx: JobContext = {
            market: m,
            now,
            available: (userId, asset) => {
              const key = accountKey(userId, ACCOUNT.spot, asset);
              return (table.get(key) ?? 0n) + (pendingOf(this.db.scope, key)?.available ?? 0n) + (batchDelta.get(key) ?? 0n);
            },
            orderId: () => this.orderIds.take(),
            live: (orderId) => this.live.get(orderId),
            post: (lines, meta) => out.post(lines, meta, now),
            match: (command, placed) => {
              if (placed) {
                this.live.set(placed.id, placed);
                out.orders.add(placed);
              }
              const events: EngineEvent[] = [];
              this.engine.apply(command, events);
              bookMoved ||= events.some((e) => e.type !== 'rejected');
              try {
                new Settlement(m, now, this.live, out, () => this.tradeIds.take()).apply(events);
              } finally {
                // A placed order that did not rest is not live; one that rests stays.
                if (placed && this.engine.order(placed.id) === undefined) this.live.delete(placed.id);
              }
              return events;
            },
          };
          try {
            results.push({ ok: true, value: p.job.run(ctx) });
          } catch (error) {
            // Refused before the book moved: nothing of it was kept. After, the book and the orders it holds
            // have run ahead of what can be written, so the whole batch fails and the book is rebuilt.
            if (bookMoved) throw error;
            results.push({ ok: false, error });
            continue;
          }
          for (const o of out.orders) touched.add(o);
          facts.trades.push(...out.trades);
          facts.ledger.push(...out.ledger);
          outcome.trades.push(...out.settled);
          for (const t of out.settled) outcome.users.add(t.makerUserId).add(t.takerUserId);
          for (const l of out.ledger) {
            for (const line of l.lines) {
              if (line.owner === null || line.type !== ACCOUNT.spot) continue;
              const key = accountKey(line.owner, line.type, line.asset);
              batchDelta.set(key, (batchDelta.get(key) ?? 0n) + (line.available ?? 0n));
            }
          }
        }
        // The orders as they ended the batch: copies, because the live ones move on with the next batch.
        for (const o of touched) {
          facts.orders.push({ ...o });
          outcome.users.add(o.userId);
        }
        const rows = encodeFacts(facts);
        if (!rows.length) return;
        await writeRows(q, { head: 'INSERT INTO journal (symbol, seq, kind, body)' }, rows.map((r, i) => [m.symbol, firstSeq + i, r.kind, r.body]));
        this.seq = firstSeq + rows.length - 1;
        changes = balanceChanges([facts]);
        addPending(this.db.scope, changes, 1n);
      });
    } catch (error) {
      if (changes) addPending(this.db.scope, changes, -1n);
      this.seq = firstSeq - 1;
      this.orderIds.forget();
      this.tradeIds.forget();
      this.log.error({ err: error, market: m.symbol }, 'batch failed; rebuilding the book');
      await this.rebuild();
      for (const p of batch) p.reject(error);
      return;
    }
    if (changes) this.projector.enqueue(facts, this.seq, changes);
    batch.forEach((p, i) => {
      const r = results[i]!;
      if (r.ok) p.resolve(r.value);
      else p.reject(r.error);
    });
    if (outcome.trades.length || results.some((r) => r.ok)) this.onBatch(outcome);
  }
}
