import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../storage/db.ts';
import { createEngine, type MatchingEngine as Engine } from './engine/engine.ts';
import type { EngineEvent } from './engine/types.ts';
import type { Market } from './market.ts';
import { restingOrders } from './order.repo.ts';
import { Settlement, type SettledTrade } from './settlement.ts';

/** A unit of work for one market: it runs inside the batch's transaction and may change the book. */
export type Job<T> = (ctx: JobContext) => Promise<T>;

export interface JobContext {
  q: Queryable;
  market: Market;
  now: number;
  /** Sends a command to the book and settles what it did. */
  match(command: Parameters<Engine['apply']>[0], settlement: Settlement): Promise<EngineEvent[]>;
  settlement(): Settlement;
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
 * Owns one market's book. Commands queue up while a batch is being written; the next batch takes all of them
 * into one database transaction (group commit), each inside its own savepoint so a refused order leaves its
 * neighbours alone. A caller is answered only after the batch that holds its command has committed, so every
 * acknowledged order survives a crash. When the book and the database might disagree (a statement failed
 * after the book moved, or the commit failed) the book is rebuilt from the durable open orders.
 */
export class MarketRunner {
  engine: Engine;
  readonly market: Market;
  private readonly db: Db;
  private readonly log: FastifyBaseLogger;
  private readonly onBatch: (outcome: BatchOutcome) => void;
  private queue: Pending[] = [];
  private running = false;
  private savepoint = 0;

  constructor(market: Market, db: Db, log: FastifyBaseLogger, onBatch: (outcome: BatchOutcome) => void) {
    this.market = market;
    this.db = db;
    this.log = log;
    this.onBatch = onBatch;
    this.engine = createEngine({ marketId: market.symbol });
  }

  /** Loads the book from the open orders, as after a restart. */
  async rebuild(): Promise<void> {
    const rows = await restingOrders(this.db, this.market.symbol);
    this.engine = createEngine({ marketId: this.market.symbol });
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

  run<T>(job: Job<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ job: job as Job<unknown>, resolve: resolve as (v: unknown) => void, reject });
      if (!this.running) {
        this.running = true;
        // One turn of the event loop first: every request already read from the sockets joins this batch and
        // shares its commit. (SQLite runs a batch without yielding, so without this each batch is one order.)
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length) {
        const batch = this.queue;
        this.queue = [];
        await this.runBatch(batch);
      }
    } finally {
      this.running = false;
    }
  }

  private async runBatch(batch: Pending[]): Promise<void> {
    const results: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    const outcome: BatchOutcome = { market: this.market, trades: [], users: new Set() };
    let diverged = false;
    try {
      await this.db.tx(async (q) => {
        for (const p of batch) {
          const name = `c${++this.savepoint}`;
          await q.run(`SAVEPOINT ${name}`);
          let bookMoved = false;
          const settlements: Settlement[] = [];
          const ctx: JobContext = {
            q,
            market: this.market,
            now: Date.now(),
            settlement: () => {
              const s = new Settlement(q, this.market, ctx.now);
              settlements.push(s);
              return s;
            },
            match: async (command, settlement) => {
              const events: EngineEvent[] = [];
              this.engine.apply(command, events);
              bookMoved ||= events.some((e) => e.type !== 'rejected');
              await settlement.apply(events);
              return events;
            },
          };
          try {
            const value = await p.job(ctx);
            await q.run(`RELEASE SAVEPOINT ${name}`);
            for (const s of settlements) {
              outcome.trades.push(...s.trades);
              for (const t of s.trades) outcome.users.add(t.makerUserId).add(t.takerUserId);
            }
            results.push({ ok: true, value });
          } catch (error) {
            await q.run(`ROLLBACK TO SAVEPOINT ${name}`);
            await q.run(`RELEASE SAVEPOINT ${name}`);
            diverged ||= bookMoved;
            results.push({ ok: false, error });
          }
        }
      });
    } catch (error) {
      this.log.error({ err: error, market: this.market.symbol }, 'batch failed to commit; rebuilding the book');
      await this.rebuild();
      for (const p of batch) p.reject(error);
      return;
    }
    if (diverged) {
      this.log.warn({ market: this.market.symbol }, 'a command failed after the book moved; rebuilding the book');
      await this.rebuild();
    }
    batch.forEach((p, i) => {
      const r = results[i]!;
      if (r.ok) p.resolve(r.value);
      else p.reject(r.error);
    });
    if (outcome.trades.length || results.some((r) => r.ok)) this.onBatch(outcome);
  }
}
