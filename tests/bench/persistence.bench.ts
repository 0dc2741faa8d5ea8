/**
 * Persistence: how fast the core's outcome reaches the database. Orders go straight to the spot service (no
 * HTTP) in waves, so the core group-commits them in large batches. The platform writes in two steps:
 * - the journal: one row per batch of commands, appended before any of them is acknowledged (orders/s until the
 *   last acknowledgement, and the process's CPU per order meanwhile);
 * - the tables: orders, trades and ledger entries the projector writes behind it, and the balance updates (rows/s
 *   until it has caught up), then a steady rate the projector must keep up with.
 * Each configuration runs in a child process of its own, one after the other in the same run, on a fresh database:
 * - floor: the same stream with the journal append and the projector replaced by no-ops, so what remains is the
 *   core's own work (validating, holding, matching, settling, encoding the batch, announcing balances);
 * - sqlite-shared: the journal as a table of the main SQLite file, as builds before its own file had it;
 * - sqlite: the journal in its own file beside the main one (`x-journal.db`, its own connection and lock);
 * - postgres, with DATABASE_URL=postgres://…: everything in one PostgreSQL schema of its own.
 * `PERSIST_CONFIGS=floor,sqlite` picks some; ORDERS, WAVE, RATE and STEADY_S size the run.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import pino from 'pino';
import { seedMarkets } from '../../server/spot/seed.ts';
import { startTrading, type Trading } from '../../server/trading.ts';
import { credit } from '../support/trading.ts';
import { openDb, type Db } from '../../server/storage/db.ts';
import { migrate } from '../../server/storage/migrate.ts';
import { MIGRATIONS } from '../../server/features.ts';
import { measure } from './cost.ts';
import { MARKETS, nothing, order } from './order-stream.ts';

const ORDERS = Number(process.env.ORDERS ?? 200_000);
const WAVE = Number(process.env.WAVE ?? 5_000);
const RATE = Number(process.env.RATE ?? 10_000);
const STEADY_S = Number(process.env.STEADY_S ?? 10);
const LABEL: Record<string, string> = {
  floor: 'floor: journal append and projector are no-ops',
  'sqlite-shared': 'SQLite WAL, journal in the main file',
  sqlite: 'SQLite WAL, journal in its own file',
  postgres: 'PostgreSQL, journal a table beside the others',
};

interface Result {
  config: string;
  ackPerS: number;
  cpuUsPerOrder: number;
  /** The core's thread alone (its event loop's busy time; cpuUsPerOrder counts every thread, the projector's too). */
  loopUsPerOrder: number;
  /** Bytes of JavaScript heap allocated per order (tests/bench/cost.ts), and the collections' pauses. */
  bytesPerOrder: number;
  gcMs: number;
  batches: number;
  trades?: number;
  tableRows?: number;
  rowsPerS?: number;
  steady?: { acked: number; maxBacklog: number; catchUpMs: number };
}

const fmt = (n: number) => Math.round(n).toLocaleString('en');

/** A SQLite configuration's files (each runs in a process of its own), removed when its run ends. */
let dir: string | undefined;

async function open(config: string): Promise<Db> {
  if (config === 'postgres')
    return openDb({ databaseUrl: process.env.DATABASE_URL!, sqliteFile: '', schema: `bench_${process.pid}` });
  if (config === 'floor') return { ...(await openDb({ sqliteFile: ':memory:' })), journal: nothing };
  dir = mkdtempSync(join(tmpdir(), 'lumex-persist-'));
  return openDb({ sqliteFile: join(dir, 'lumex.db'), backgroundCheckpoint: true, ownJournal: config === 'sqlite' });
}

async function runOne(config: string): Promise<Result> {
  const db = await open(config);
  await migrate(db, MIGRATIONS);
  await seedMarkets(db);
  const trading = await startTrading({ db, log: pino({ level: 'error' }) });
  const { core, spot } = trading;
  const users: number[] = [];
  for (let u = 0; u < 200; u++) {
    const row = await db.get<{ id: bigint }>(
      "INSERT INTO users (uid, username, password_hash, invite_code, created_at, updated_at) VALUES (?, ?, '!', ?, 0, 0) RETURNING id",
      [`7${String(u).padStart(7, '0')}`, `persist_${u}`, `P${u}`],
    );
    users.push(Number(row!.id));
    for (const asset of ['USDT', 'BTC', 'ETH', 'SOL', 'BNB']) await credit(core, users[u]!, asset, 10n ** 15n);
  }
  await core.settled();
  // The floor keeps nothing: the rows each batch hands the projector are dropped.
  if (config === 'floor') core.projector.enqueue = () => {};

  const tableRows = async () => {
    let n = 0;
    for (const table of ['orders', 'ledger_entries', 'trades'])
      n += Number((await db.get<{ n: bigint }>(`SELECT COUNT(*) AS n FROM ${table}`))!.n);
    return n;
  };
  const before = await tableRows();
  const stop = await measure(`persistence-${config}`);
  const loop0 = performance.eventLoopUtilization();
  const t0 = performance.now();
  const acks: Promise<unknown>[] = [];
  for (let i = 0; i < ORDERS; i++) {
    // A new wave each turn of the event loop, as requests arrive from many sockets.
    if (i % WAVE === 0 && i) await new Promise((r) => setImmediate(r));
    acks.push(spot.place(...order(users, i)));
  }
  await Promise.all(acks);
  const ackSeconds = (performance.now() - t0) / 1000;
  const loop = performance.eventLoopUtilization(loop0);
  const cost = await stop();
  const result: Result = {
    config,
    ackPerS: ORDERS / ackSeconds,
    cpuUsPerOrder: cost.cpuUs / ORDERS,
    loopUsPerOrder: (loop.active * 1000) / ORDERS,
    bytesPerOrder: cost.allocatedBytes / ORDERS,
    gcMs: cost.gcMs,
    batches: core.journaled,
  };
  if (config !== 'floor') {
    await core.settled();
    const allSeconds = (performance.now() - t0) / 1000;
    result.tableRows = (await tableRows()) - before;
    result.rowsPerS = result.tableRows / allSeconds;
    result.trades = Number((await db.get<{ n: bigint }>('SELECT COUNT(*) AS n FROM trades'))!.n);
    result.steady = await steady(users, trading);
  }
  await trading.marketData.flush();
  if (config !== 'floor') await core.stop();
  if (db.dialect === 'postgres') await db.run(`DROP SCHEMA "bench_${process.pid}" CASCADE`);
  await db.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  return result;
}

/**
 * RATE orders a second offered on a timer for STEADY_S seconds: the projector must keep up with it, so its backlog
 * stays bounded and the tables are current soon after the last order.
 */
async function steady(users: number[], { spot, core }: Trading): Promise<Result['steady']> {
  const acks: Promise<unknown>[] = [];
  let maxBacklog = 0;
  let placed = 0;
  const s0 = performance.now();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(RATE * STEADY_S, Math.floor(((performance.now() - s0) / 1000) * RATE));
      for (; placed < due; placed++) acks.push(spot.place(...order(users, ORDERS + placed)));
      maxBacklog = Math.max(maxBacklog, core.projector.backlogRows);
      if (placed >= RATE * STEADY_S) {
        clearInterval(timer);
        resolve();
      }
    }, 10);
  });
  await Promise.all(acks);
  const lastAck = performance.now();
  await core.settled();
  return { acked: (RATE * STEADY_S) / ((lastAck - s0) / 1000), maxBacklog, catchUpMs: performance.now() - lastAck };
}

function print(r: Result, floor: Result | undefined): void {
  const vsFloor =
    floor && r !== floor
      ? ` (floor/this: ×${(floor.ackPerS / r.ackPerS).toFixed(2)} in time, ×${(r.cpuUsPerOrder / floor.cpuUsPerOrder).toFixed(2)} in CPU, ×${(r.bytesPerOrder / floor.bytesPerOrder).toFixed(2)} in bytes)`
      : '';
  console.log(`${LABEL[r.config]}:`);
  console.log(
    `  burst: ${fmt(ORDERS)} orders in ${fmt(r.batches)} batches, ${fmt(r.ackPerS)} orders/s acknowledged, ${r.cpuUsPerOrder.toFixed(1)} µs CPU per order (${fmt(1e6 / r.cpuUsPerOrder)} orders per CPU-second; ${r.loopUsPerOrder.toFixed(1)} µs on the core's thread), ${fmt(r.bytesPerOrder)} bytes allocated per order (collection pauses ${fmt(r.gcMs)} ms)${vsFloor}`,
  );
  if (r.tableRows !== undefined)
    console.log(
      `  tables: ${fmt(r.tableRows)} rows (orders, trades, ledger entries; ${fmt(r.trades!)} trades) at ${fmt(r.rowsPerS!)} rows/s until the projector caught up`,
    );
  if (r.steady)
    console.log(
      `  steady: ${fmt(RATE)} orders/s offered for ${STEADY_S} s, ${fmt(r.steady.acked)}/s acknowledged; projector backlog at most ${fmt(r.steady.maxBacklog)} rows; tables current ${fmt(r.steady.catchUpMs)} ms after the last acknowledgement`,
    );
}

if (process.env.PERSIST_CONFIG) {
  const r = await runOne(process.env.PERSIST_CONFIG);
  console.log(`RESULT ${JSON.stringify(r)}`);
} else {
  const configs =
    process.env.PERSIST_CONFIGS?.split(',') ??
    (process.env.DATABASE_URL ? ['floor', 'postgres'] : ['floor', 'sqlite-shared', 'sqlite']);
  console.log(
    `Persistence: ${fmt(ORDERS)} limit orders on ${MARKETS.length} markets in waves of ${fmt(WAVE)}, each configuration in a process of its own (load average ${loadavg()[0]!.toFixed(2)} at the start)`,
  );
  const results: Result[] = [];
  for (const config of configs) {
    const child = spawnSync(process.execPath, [new URL(import.meta.url).pathname], {
      env: { ...process.env, PERSIST_CONFIG: config },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const line = child.stdout.split('\n').find((l) => l.startsWith('RESULT '));
    if (child.status !== 0 || !line) throw new Error(`${config}: the run failed\n${child.stdout}`);
    results.push(JSON.parse(line.slice('RESULT '.length)) as Result);
  }
  const floor = results.find((r) => r.config === 'floor');
  for (const r of results) print(r, floor);
}
