import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { credit, insertTestUser, stopTrading, tradingOn } from '../../tests/support/trading.ts';
import { order } from '../../tests/bench/order-stream.ts';
import { auditLedger } from '../ledger/ledger.ts';
import { seedMarkets } from '../spot/seed.ts';
import type { Db } from '../storage/db.ts';
import type { Trading } from '../trading.ts';
import { loadBalances } from './core.repo.ts';
import { lastBatchSeq, projectedSeq } from './journal/journal.repo.ts';
import type { BatchRows } from './projector.ts';
import type { WorkerProjection } from './projector-worker.ts';

const [, openSqlite] = DIALECTS.find(([name]) => name === 'sqlite')!;

async function users(db: Db, trading: Trading, n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let u = 0; u < n; u++) {
    const id = await insertTestUser(db, `5300${String(u).padStart(4, '0')}`, `projector_${u}`);
    for (const asset of ['USDT', 'BTC', 'ETH', 'SOL', 'BNB']) await credit(trading.core, id, asset, 10n ** 15n);
    ids.push(id);
  }
  return ids;
}

/** The projector's thread, reached past its privates: what a crash of it takes down. */
const threadOf = (t: Trading) =>
  (t.core.projector as unknown as { thread?: WorkerProjection }).thread as unknown as
    | { opened?: { worker: object } }
    | undefined;

/** The tables hold every balance the core does, once: a batch written twice would move them twice. */
async function expectTablesMatch(db: Db, t: Trading): Promise<void> {
  const memory = new Map([...t.core.risk.balances].filter(([, b]) => b.available !== 0n || b.held !== 0n));
  expect(await loadBalances(db)).toEqual(memory);
  expect(await auditLedger(db)).toEqual([]);
}

describe('the projector in its own thread, on a SQLite file', () => {
  let t: TestDatabase;
  afterEach(() => t.drop());

  it('writes there, and a batch posted again after its commit is not written twice', async () => {
    t = await openSqlite();
    await seedMarkets(t.db);
    const trading = await tradingOn(t.db);
    expect(threadOf(trading)?.opened).toBeDefined();
    const posted: BatchRows[] = [];
    const enqueue = trading.core.projector.enqueue.bind(trading.core.projector);
    trading.core.projector.enqueue = (b) => {
      posted.push(b);
      enqueue(b);
    };
    const ids = await users(t.db, trading, 4);
    await Promise.all(Array.from({ length: 400 }, (_, i) => trading.spot.place(...order(ids, i))));
    await trading.core.settled();
    await expectTablesMatch(t.db, trading);
    // As a thread that died between its commit and its answer leaves them: sent again on the retry.
    const entries = await t.db.get<{ n: bigint }>('SELECT COUNT(*) AS n FROM ledger_entries');
    await trading.core.projector.project(posted.slice(-20));
    expect(await t.db.get('SELECT COUNT(*) AS n FROM ledger_entries')).toEqual(entries);
    await expectTablesMatch(t.db, trading);
    // Rows that do not clone are refused as the write's error, not lost on the way.
    const unclonable = { seq: trading.core.journaled + 1, ledger: [], parts: new Map([['spot', () => 0]]), size: 1 };
    await expect(trading.core.projector.project([unclonable])).rejects.toThrow(/could not be cloned/);
    await stopTrading(trading);
  });

  it('fails the writes a dead thread had as errors, and writes them again in a new one', async () => {
    t = await openSqlite();
    await seedMarkets(t.db);
    const trading = await tradingOn(t.db);
    const ids = await users(t.db, trading, 4);
    await Promise.all(Array.from({ length: 400 }, (_, i) => trading.spot.place(...order(ids, i))));
    await trading.core.settled();
    // The thread dies as the next write is posted to it, before it can run a line of it.
    const worker = threadOf(trading)!.opened!.worker as unknown as { postMessage(m: object): void; terminate(): void };
    const post = worker.postMessage.bind(worker);
    worker.postMessage = (m) => {
      if ('batches' in m) worker.terminate();
      post(m);
    };
    await trading.spot.place(...order(ids, 400));
    // A reader is told, not left waiting; the projector retries from its queue (the journal has the batches too).
    await expect(trading.core.settled()).rejects.toThrow(/projector thread exited/);
    await trading.core.projector.idle(true);
    expect(await projectedSeq(t.db)).toBe(trading.core.journaled);
    await expectTablesMatch(t.db, trading);
    await stopTrading(trading);
  });

  it('after the process is killed with batches queued, a restart projects them from the journal', async () => {
    t = await openSqlite();
    await seedMarkets(t.db);
    const first = await tradingOn(t.db);
    const ids = await users(t.db, first, 8);
    await stopTrading(first);
    const child = spawnSync(
      process.execPath,
      ['tests/support/kill-mid-projection.ts', t.db.file!, '20000', ...ids.map(String)],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    );
    expect(child.signal).toBe('SIGKILL');
    expect(child.stdout).toContain('acked 20000');
    // The kill caught the projector behind: the journal has batches beyond its cursor.
    expect(await projectedSeq(t.db)).toBeLessThan(await lastBatchSeq(t.db));
    const again = await tradingOn(t.db);
    expect(await projectedSeq(t.db)).toBe(again.core.journaled);
    const orders = await t.db.get<{ n: bigint }>('SELECT COUNT(*) AS n FROM orders');
    expect(Number(orders!.n)).toBe(20_000);
    await expectTablesMatch(t.db, again);
    await stopTrading(again);
  }, 60_000);
});
