/**
 * Persistence: how fast the engine's outcome reaches the database. Orders go straight to the exchange service
 * (no HTTP) in bursts, so the runner writes them in large group-committed batches; the figure is rows written
 * (orders, ledger entries, trades, balance updates) per second on the SQLite file.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { Exchange } from '../../server/exchange/exchange.ts';
import { seedMarkets } from '../../server/exchange/seed.ts';
import { ACCOUNT } from '../../server/ledger/account-types.ts';
import { post } from '../../server/ledger/ledger.ts';
import { openDb } from '../../server/storage/db.ts';
import { migrate } from '../../server/storage/migrate.ts';

const ORDERS = Number(process.env.ORDERS ?? 40_000);
const db = await openDb({ sqliteFile: join(mkdtempSync(join(tmpdir(), 'lumex-persist-')), 'lumex.db') });
await migrate(db);
await seedMarkets(db);
const users: number[] = [];
for (let u = 0; u < 50; u++) {
  const row = await db.get<{ id: bigint }>("INSERT INTO users (uid, username, password_hash, invite_code, created_at, updated_at) VALUES (?, ?, '!', ?, 0, 0) RETURNING id", [`7${String(u).padStart(7, '0')}`, `persist_${u}`, `P${u}`]);
  users.push(Number(row!.id));
  await db.tx((q) => post(q, [
    { owner: null, type: ACCOUNT.external, asset: 'USDT', available: -(10n ** 17n) },
    { owner: users[u]!, type: ACCOUNT.spot, asset: 'USDT', available: 10n ** 17n },
    { owner: null, type: ACCOUNT.external, asset: 'BTC', available: -(10n ** 14n) },
    { owner: users[u]!, type: ACCOUNT.spot, asset: 'BTC', available: 10n ** 14n },
  ], { billType: 'dev_credit', refType: 'bench', refId: u }));
}
const exchange = new Exchange(db, pino({ level: 'error' }));
await exchange.start();

const count = async () => {
  let n = 0;
  for (const table of ['orders', 'ledger_entries', 'trades']) n += Number((await db.get<{ n: bigint }>(`SELECT COUNT(*) AS n FROM ${table}`))!.n);
  return n;
};
const before = await count();
const t0 = performance.now();
await Promise.all(
  Array.from({ length: ORDERS }, (_, i) => {
    const side = i % 2 ? 'buy' : 'sell';
    return exchange.place(users[i % users.length]!, { symbol: 'btcusdt', side, type: 'limit', price: String(96_000 + (side === 'buy' ? -1 : 1) * ((i * 7919) % 30) + ((i * 31) % 5) - 2), quantity: '0.001', timeInForce: 'GTC' });
  }),
);
const seconds = (performance.now() - t0) / 1000;
const inserted = (await count()) - before;
const trades = Number((await db.get<{ n: bigint }>('SELECT COUNT(*) AS n FROM trades'))!.n);
// Every posting line also updates its account row, and every trade two order rows: count those writes too.
const updated = Number((await db.get<{ n: bigint }>('SELECT COUNT(*) AS n FROM ledger_entries'))!.n) + 2 * trades;
console.log(`Persistence (group commit, SQLite WAL): ${ORDERS} orders, ${trades} trades in ${seconds.toFixed(2)} s`);
console.log(`  ${(ORDERS / seconds).toFixed(0)} orders/s end to end (validate, hold, match, settle, commit)`);
console.log(`  ${(inserted / seconds).toFixed(0)} rows inserted/s, ${((inserted + updated) / seconds).toFixed(0)} rows written/s (inserts and updates)`);
await exchange.stop();
await db.close();
