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
const db = await openDb({ sqliteFile: join(mkdtempSync(join(tmpdir(), 'lumex-persist-')), 'lumex.db'), backgroundCheckpoint: true });
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
console.log(`Persistence (SQLite WAL): ${ORDERS} orders on ${MARKETS.length} markets in waves of ${WAVE}, ${trades} trades`);
console.log(`  journal: ${journalRows} batch rows (one per group commit) in ${ackSeconds.toFixed(2)} s; ${(ORDERS / ackSeconds).toFixed(0)} orders/s acknowledged (validate, hold, match, settle, journal commit)`);
console.log(`  tables:  ${inserted} rows (orders, trades, ledger entries) by ${allSeconds.toFixed(2)} s = ${(inserted / allSeconds).toFixed(0)} rows/s, projector caught up`);
await exchange.stop();
await core.stop();
await db.close();
