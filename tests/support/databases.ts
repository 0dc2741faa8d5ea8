import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { openDb, type Db } from '../../server/storage/db.ts';
import { migrate } from '../../server/storage/migrate.ts';
import { MIGRATIONS } from '../../server/features.ts';

export interface TestDatabase {
  db: Db;
  /** Closes the database and removes everything the test made (the file, or the schema). */
  drop(): Promise<void>;
  /** PostgreSQL: the schema the tables are in, for processes the test starts (DATABASE_SCHEMA). */
  schema?: string;
}

export type Opener = () => Promise<TestDatabase>;

async function openSqliteTest(): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'lumex-test-'));
  const db = await openDb({ sqliteFile: join(dir, 'test.db') });
  await migrate(db, MIGRATIONS);
  return {
    db,
    async drop() {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function openPostgresTest(url: string): Promise<TestDatabase> {
  // Each test file gets its own schema, so files run in parallel against one database without meeting.
  const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const db = await openDb({ databaseUrl: url, sqliteFile: '', schema });
  await migrate(db, MIGRATIONS);
  return {
    db,
    schema,
    async drop() {
      await db.close();
      const admin = postgres(url, { max: 1, onnotice: () => {} });
      await admin.unsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.end();
    },
  };
}

const SQLITE: [string, Opener] = ['sqlite', openSqliteTest];
const POSTGRES: Array<[string, Opener]> = process.env.TEST_DATABASE_URL
  ? [['postgres', () => openPostgresTest(process.env.TEST_DATABASE_URL!)]]
  : [];

/**
 * Every storage dialect: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. For the tests whose subject is
 * storage: the storage layer, the journal and projector (the core), leases and jobs, the cluster, concurrent requests
 * on one row (withdrawals racing for one balance, login locks, replayed requests: each database locks its own way),
 * and the property tests, which check the ledger's invariants after random runs on both databases (design rule).
 */
export const DIALECTS: Array<[string, Opener]> = [SQLITE, ...POSTGRES];

/**
 * The dialects of a feature's service and API tests: SQLite. Their SQL runs on PostgreSQL in the property tests
 * and the cluster tests; `TEST_EVERY_DIALECT=1` runs them on PostgreSQL too (after changing a repository's SQL).
 * Running every feature test twice doubled CI's unit phase without testing storage any further.
 */
export const FEATURE_DIALECTS: Array<[string, Opener]> = process.env.TEST_EVERY_DIALECT === '1' ? DIALECTS : [SQLITE];
