/**
 * The projector's bulk writes on PostgreSQL (needs DATABASE_URL): the same ledger entries written in transactions
 * of 5,000 rows as multi-row VALUES lists (`writeRows`, what every build before issue 32 used for the hot tables)
 * and as one array per column (`writeColumns`, unnest), alternating three rounds in one process on a schema of its
 * own. It prints rows/s and the client's CPU per row (what the core's thread pays), the median of the rounds.
 */
import { randomUUID } from 'node:crypto';
import { ACCOUNT } from '../../server/ledger/account-types.ts';
import { MIGRATIONS } from '../../server/features.ts';
import { seedMarkets } from '../../server/spot/seed.ts';
import { writeColumns, writeRows } from '../../server/storage/bulk.ts';
import { openDb } from '../../server/storage/db.ts';
import { migrate } from '../../server/storage/migrate.ts';

const ROWS = Number(process.env.ROWS ?? 100_000);
const TX = 5_000;
const LEDGER = {
  head: 'INSERT INTO ledger_entries (tx_id, account_id, owner_id, asset, delta_available, delta_frozen, available_after, frozen_after, bill_type, ref_type, ref_id, created_at)',
  types: ['text', 'int', 'int', 'text', 'int', 'int', 'int', 'int', 'text', 'text', 'text', 'int'],
} as const;

if (!process.env.DATABASE_URL) {
  console.log('columns: skipped (set DATABASE_URL=postgres://… to run it)');
  process.exit(0);
}
const schema = `bench_columns_${process.pid}`;
const db = await openDb({ databaseUrl: process.env.DATABASE_URL, sqliteFile: '', schema });
await migrate(db, MIGRATIONS);
await seedMarkets(db);
for (let u = 1; u <= 200; u++) {
  await db.run(
    "INSERT INTO users (id, uid, username, password_hash, invite_code, created_at, updated_at) VALUES (?, ?, ?, '!', ?, 0, 0)",
    [u, `c${u}`, `columns_${u}`, `C${u}`],
  );
  await db.run(
    "INSERT INTO accounts (id, owner_id, type, asset, available, frozen, updated_at) VALUES (?, ?, ?, 'USDT', 0, 0, 0)",
    [u, u, ACCOUNT.spot],
  );
}
// As the projector writes them: 200 owners, a transaction id each, amounts as bigints.
const rows = Array.from({ length: ROWS }, (_, i) => [
  randomUUID(),
  (i % 200) + 1,
  (i % 200) + 1,
  'USDT',
  5n,
  -5n,
  100n + BigInt(i),
  0n,
  'trade',
  'order',
  String(i),
  i,
]);
const ways = { 'VALUES lists (writeRows)': writeRows, 'one array per column (writeColumns)': writeColumns } as const;
const runs: Record<string, Array<{ perS: number; cpu: number }>> = {};
for (let round = 0; round < 3; round++) {
  for (const [name, write] of Object.entries(ways)) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    for (let at = 0; at < ROWS; at += TX) await db.tx((q) => write(q, LEDGER, rows.slice(at, at + TX)).then(() => {}));
    const c = process.cpuUsage(c0);
    (runs[name] ??= []).push({ perS: ROWS / ((performance.now() - t0) / 1000), cpu: (c.user + c.system) / ROWS });
  }
}
await db.run(`DROP SCHEMA "${schema}" CASCADE`);
await db.close();
const median = (xs: number[]) => xs.sort((a, b) => a - b)[1]!;
console.log(`PostgreSQL bulk writes: ${ROWS.toLocaleString('en')} ledger entries, ${TX} a transaction, median of 3:`);
const [values, columns] = Object.values(runs).map((r) => ({
  perS: median(r.map((x) => x.perS)),
  cpu: median(r.map((x) => x.cpu)),
}));
for (const [i, name] of Object.keys(ways).entries()) {
  const r = [values!, columns!][i]!;
  console.log(
    `  ${name}: ${Math.round(r.perS).toLocaleString('en')} rows/s, ${r.cpu.toFixed(2)} µs client CPU per row`,
  );
}
console.log(
  `  columns against VALUES: ×${(columns!.perS / values!.perS).toFixed(2)} rows/s, ×${(columns!.cpu / values!.cpu).toFixed(2)} client CPU per row`,
);
