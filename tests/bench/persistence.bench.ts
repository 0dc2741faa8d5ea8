/**
 * Persistence: how fast the engine's outcome reaches the database. Orders go straight to the exchange service
 * (no HTTP) in waves, so each market runner group-commits them in large batches. Two figures, as the
 * platform writes in two steps:
 * - the journal: the rows each batch appends (order states, trades, ledger transactions) before its orders
 *   are acknowledged, per second until the last acknowledgement;
 * - the tables: orders, trades and ledger entries the projector writes behind it, and the balance updates,
 *   per second until it has caught up.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { seedMarkets } from '../../server/exchange/seed.ts';
import { startTrading } from '../../server/trading.ts';
import { credit } from '../support/trading.ts';
import { openDb } from '../../server/storage/db.ts';
import { migrate } from '../../server/storage/migrate.ts';
import { MIGRATIONS } from '../../server/features.ts';

const ORDERS = Number(process.env.ORDERS ?? 200_000);
const WAVE = Number(process.env.WAVE ?? 5_000);
const MARKETS = ['btcusdt', 'ethusdt', 'solusdt', 'bnbusdt'];
const PRICES: Record<string, number> = { btcusdt: 96_000, ethusdt: 3_450, solusdt: 185, bnbusdt: 640 };
const QUANTITY: Record<string, string> = { btcusdt: '0.001', ethusdt: '0.01', solusdt: '0.1', bnbusdt: '0.01' };
// DATABASE_URL=postgres://… runs the same bench on PostgreSQL, in a schema of its own.
const db = process.env.DATABASE_URL
  ? await openDb({ databaseUrl: process.env.DATABASE_URL, sqliteFile: '', schema: `bench_${process.pid}` })
  : await openDb({ sqliteFile: join(mkdtempSync(join(tmpdir(), 'lumex-persist-')), 'lumex.db'), backgroundCheckpoint: true });
await migrate(db, MIGRATIONS);
await seedMarkets(db);
const { core, exchange } = await startTrading({ db, log: pino({ level: 'error' }) });
const users: number[] = [];
for (let u = 0; u < 200; u++) {
  const row = await db.get<{ id: bigint }>("INSERT INTO users (uid, username, password_hash, invite_code, created_at, updated_at) VALUES (?, ?, '!', ?, 0, 0) RETURNING id", [`7${String(u).padStart(7, '0')}`, `persist_${u}`, `P${u}`]);
  users.push(Number(row!.id));
  for (const asset of ['USDT', 'BTC', 'ETH', 'SOL', 'BNB']) await credit(core, users[u]!, asset, 10n ** 15n);
}
await core.settled();

const tableRows = async () => {
  let n = 0;
  for (const table of ['orders', 'ledger_entries', 'trades']) n += Number((await db.get<{ n: bigint }>(`SELECT COUNT(*) AS n FROM ${table}`))!.n);
  return n;
};
const before = await tableRows();
const t0 = performance.now();
const acks: Promise<unknown>[] = [];
for (let i = 0; i < ORDERS; i++) {
  // A new wave each turn of the event loop, as requests arrive from many sockets.
  if (i % WAVE === 0 && i) await new Promise((r) => setImmediate(r));
  const symbol = MARKETS[i % MARKETS.length]!;
  const side = (i >> 2) % 2 ? 'buy' : 'sell';
  // Both sides price within ten ticks of the reference, so about half of the orders trade on arrival.
  const ticks = ((i * 7919) % 21) - 10;
  acks.push(exchange.place(users[i % users.length]!, { symbol, side, type: 'limit', price: (PRICES[symbol]! + ticks * 0.01).toFixed(2), quantity: QUANTITY[symbol]!, timeInForce: 'GTC' }));
}
await Promise.all(acks);
const ackSeconds = (performance.now() - t0) / 1000;
await exchange.settled();
const allSeconds = (performance.now() - t0) / 1000;
const journalRows = core.journaled;
const inserted = (await tableRows()) - before;
const trades = Number((await db.get<{ n: bigint }>('SELECT COUNT(*) AS n FROM trades'))!.n);
console.log(`Persistence (${db.dialect === 'sqlite' ? 'SQLite WAL' : 'PostgreSQL'}): ${ORDERS} orders on ${MARKETS.length} markets in waves of ${WAVE}, ${trades} trades`);
console.log(`  journal: ${journalRows} batch rows (one per group commit) in ${ackSeconds.toFixed(2)} s; ${(ORDERS / ackSeconds).toFixed(0)} orders/s acknowledged (validate, hold, match, settle, journal commit)`);
console.log(`  tables:  ${inserted} rows (orders, trades, ledger entries) by ${allSeconds.toFixed(2)} s = ${(inserted / allSeconds).toFixed(0)} rows/s, projector caught up`);

// Steady load: RATE orders a second offered on a timer for STEADY_S seconds; the projector must keep up with it,
// so its backlog stays bounded and the tables are current soon after the last order.
const RATE = Number(process.env.RATE ?? 10_000);
const STEADY_S = Number(process.env.STEADY_S ?? 10);
const TICK_MS = 10;
const steadyAcks: Promise<unknown>[] = [];
let maxBacklog = 0;
let placed = 0;
const s0 = performance.now();
await new Promise<void>((resolve) => {
  const timer = setInterval(() => {
    const due = Math.min(RATE * STEADY_S, Math.floor(((performance.now() - s0) / 1000) * RATE));
    for (; placed < due; placed++) {
      const symbol = MARKETS[placed % MARKETS.length]!;
      const side = (placed >> 2) % 2 ? 'buy' : 'sell';
      const ticks = ((placed * 7919) % 21) - 10;
      steadyAcks.push(exchange.place(users[placed % users.length]!, { symbol, side, type: 'limit', price: (PRICES[symbol]! + ticks * 0.01).toFixed(2), quantity: QUANTITY[symbol]!, timeInForce: 'GTC' }));
    }
    maxBacklog = Math.max(maxBacklog, core.projector.backlogRows);
    if (placed >= RATE * STEADY_S) {
      clearInterval(timer);
      resolve();
    }
  }, TICK_MS);
});
await Promise.all(steadyAcks);
const lastAck = performance.now();
await exchange.settled();
const catchUpMs = performance.now() - lastAck;
console.log(`  steady: ${RATE.toLocaleString('en')} orders/s offered for ${STEADY_S} s (${((RATE * STEADY_S) / ((lastAck - s0) / 1000)).toFixed(0)}/s acknowledged): projector backlog at most ${maxBacklog.toLocaleString('en')} rows; tables current ${catchUpMs.toFixed(0)} ms after the last acknowledgement`);
await exchange.stop();
await core.stop();
if (db.dialect === 'postgres') await db.run(`DROP SCHEMA "bench_${process.pid}" CASCADE`);
await db.close();
