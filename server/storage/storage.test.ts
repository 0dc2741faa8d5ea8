import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { migrate } from './migrate.ts';
import { MIGRATIONS } from '../features.ts';
import { toDollarParams } from './postgres.ts';
import { uniqueViolation } from './unique.ts';
import { pageOf } from './paging.ts';
import { insertRows, writeColumns, writeRows } from './bulk.ts';
import { journalFileOf, openDb } from './db.ts';

describe.each(DIALECTS)('storage on %s', (_name, open) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
    await t.db.exec('CREATE TABLE probe (id INTEGER PRIMARY KEY, amount BIGINT NOT NULL, label TEXT UNIQUE)');
  });
  afterAll(() => t.drop());

  it('migrations are applied once and recorded', async () => {
    expect(await migrate(t.db, MIGRATIONS)).toEqual([]);
    const rows = await t.db.all<{ version: bigint }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((r) => Number(r.version))).toEqual(MIGRATIONS.map((m) => m.version).sort((a, b) => a - b));
  });

  it('pages a query and counts what it pages through', async () => {
    await t.db.exec('CREATE TABLE paged (id INTEGER PRIMARY KEY, owner INTEGER NOT NULL)');
    for (let i = 1; i <= 7; i++) await t.db.run('INSERT INTO paged (id, owner) VALUES (?, ?)', [i, i % 2]);
    const page = await pageOf<{ id: bigint }>(
      t.db,
      { select: 'id', from: 'FROM paged WHERE owner = ?', order: 'id DESC', params: [1] },
      { page: 2, size: 3 },
    );
    expect(page.total).toBe(4);
    expect(page.rows.map((r) => Number(r.id))).toEqual([1]);
  });

  it('keeps 64-bit integers exact and returns them as bigint', async () => {
    const big = 9_007_199_254_740_993n; // 2^53 + 1: a JS number cannot hold it
    await t.db.run('INSERT INTO probe (id, amount, label) VALUES (?, ?, ?)', [1, big, 'big']);
    const row = await t.db.get<{ amount: bigint }>('SELECT amount FROM probe WHERE id = ?', [1]);
    expect(row?.amount).toBe(big);
  });

  it('runs after-commit callbacks once the transaction commits, never for one that rolls back', async () => {
    const ran: string[] = [];
    await t.db.tx(async (q) => {
      await q.get('SELECT 1 AS one');
      q.afterCommit(() => ran.push('committed'));
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(['committed']);
    await expect(
      t.db.tx(async (q) => {
        q.afterCommit(() => ran.push('rolled back'));
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    t.db.afterCommit(() => ran.push('outside'));
    expect(ran).toEqual(['committed', 'outside']);
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    await t.db.tx(async (q) => {
      await q.run('INSERT INTO probe (id, amount, label) VALUES (?, ?, ?)', [2, 5n, 'two']);
    });
    await expect(
      t.db.tx(async (q) => {
        await q.run('INSERT INTO probe (id, amount, label) VALUES (?, ?, ?)', [3, 7n, 'three']);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const ids = await t.db.all<{ id: bigint }>('SELECT id FROM probe ORDER BY id');
    expect(ids.map((r) => Number(r.id))).toEqual([1, 2]);
  });

  it('does not let concurrent transactions see or break each other', async () => {
    // Twenty read-modify-write transactions at once; a lost update would leave the sum short.
    await t.db.run('INSERT INTO probe (id, amount, label) VALUES (?, ?, ?)', [10, 0n, 'counter']);
    await Promise.all(
      Array.from({ length: 20 }, () =>
        t.db.tx(async (q) => {
          const row = await q.get<{ amount: bigint }>(
            `SELECT amount FROM probe WHERE id = 10${t.db.dialect === 'postgres' ? ' FOR UPDATE' : ''}`,
          );
          await new Promise((r) => setTimeout(r, 1));
          await q.run('UPDATE probe SET amount = ? WHERE id = 10', [BigInt(row!.amount) + 1n]);
        }),
      ),
    );
    const row = await t.db.get<{ amount: bigint }>('SELECT amount FROM probe WHERE id = 10');
    expect(BigInt(row!.amount)).toBe(20n);
  });

  it('writes rows in chunks of prepared statements, the same shapes again on a second write', async () => {
    await t.db.exec('CREATE TABLE bulk_probe (id BIGINT PRIMARY KEY, note TEXT)');
    const upsert = {
      head: 'INSERT INTO bulk_probe (id, note)',
      tail: 'ON CONFLICT (id) DO UPDATE SET note = excluded.note RETURNING id',
    };
    for (const note of ['first', 'second']) {
      // 700 rows: chunks of 512, 128, 32, 16, 8 and 4.
      const back = await writeRows(
        t.db,
        upsert,
        Array.from({ length: 700 }, (_, i) => [BigInt(i + 1), i % 3 ? note : null]),
      );
      expect(back).toHaveLength(700);
    }
    const row = await t.db.get<{ n: bigint; notes: bigint }>(
      "SELECT COUNT(*) AS n, SUM(CASE WHEN note = 'second' THEN 1 ELSE 0 END) AS notes FROM bulk_probe",
    );
    expect([Number(row!.n), Number(row!.notes)]).toEqual([700, 466]);
  });

  it('writes rows as one array per column, text of any content and nulls intact, and updates from them', async () => {
    await t.db.exec('CREATE TABLE column_probe (id BIGINT PRIMARY KEY, amount BIGINT NOT NULL, note TEXT)');
    const notes = ['plain', 'a "quoted" \\ back, {braced}', 'NULL', '', null, 'ünï ✓'];
    const insert = { head: 'INSERT INTO column_probe (id, amount, note)', types: ['int', 'int', 'text'] as const };
    // 1,500 rows: one statement on PostgreSQL, VALUES chunks on SQLite.
    const rows = Array.from({ length: 1_500 }, (_, i) => [i + 1, -(10n ** 15n) - BigInt(i), notes[i % notes.length]!]);
    expect(await writeColumns(t.db, insert, rows)).toEqual([]);
    const back = await t.db.all<{ id: bigint; amount: bigint; note: string | null }>(
      'SELECT id, amount, note FROM column_probe WHERE id <= 6 ORDER BY id',
    );
    expect(back.map((r) => [Number(r.id), r.amount, r.note])).toEqual(rows.slice(0, 6).map(([i, a, n]) => [i, a, n]));
    // An UPDATE … FROM reads the same `columnN` names as a VALUES list does, and RETURNING answers every row.
    const moved = await writeColumns(
      t.db,
      {
        head: 'UPDATE column_probe SET amount = column_probe.amount + v.column2 FROM (',
        tuple: '(CAST(? AS BIGINT), CAST(? AS BIGINT))',
        tail: ') AS v WHERE column_probe.id = v.column1 RETURNING id, amount',
        types: ['int', 'int'],
      },
      [
        [1, 5n],
        [2, 7n],
      ],
    );
    expect(moved.map((r) => [Number(r.id), r.amount]).sort()).toEqual([
      [1, -(10n ** 15n) + 5n],
      [2, -(10n ** 15n) - 1n + 7n],
    ]);
  });

  it('appends rows in order, text of any content and nulls intact, and a refused one fails its transaction', async () => {
    await t.db.exec(
      `CREATE TABLE append_probe (n BIGINT NOT NULL, note TEXT, ref BIGINT REFERENCES probe(id), seq ${
        t.db.dialect === 'postgres' ? 'BIGINT GENERATED BY DEFAULT AS IDENTITY' : 'INTEGER PRIMARY KEY AUTOINCREMENT'
      })`,
    );
    const notes = ['plain', 'tab\there', 'line\nbreak\r', 'back\\slash \\N', 'NULL', '', null, 'ünï ✓ "q"'];
    const rows = Array.from({ length: 1_000 }, (_, i) => [-(10n ** 15n) - BigInt(i), notes[i % notes.length]!, null]);
    await t.db.tx((q) => insertRows(q, { table: 'append_probe', columns: ['n', 'note', 'ref'] }, rows));
    const back = await t.db.all<{ n: bigint; note: string | null; ref: bigint | null }>(
      'SELECT n, note, ref FROM append_probe ORDER BY seq',
    );
    expect(back.map((r) => [r.n, r.note, r.ref])).toEqual(rows);
    // A foreign key refuses the second row: the transaction fails and keeps nothing, rather than committing less.
    const refused = await t.db
      .tx((q) =>
        insertRows(q, { table: 'append_probe', columns: ['n', 'note', 'ref'] }, [
          [1n, 'a', 1],
          [2n, 'b', 999],
        ]),
      )
      .then(
        () => 'committed',
        () => 'failed',
      );
    expect(refused).toBe('failed');
    const n = await t.db.get<{ n: bigint }>('SELECT COUNT(*) AS n FROM append_probe');
    expect(Number(n!.n)).toBe(1_000);
  });

  it('commits a transaction appending one row at once, without waiting on a TCP timer', async () => {
    // One row was enough: with Nagle's algorithm on, every transaction with a COPY on PostgreSQL waited for two
    // delayed acknowledgements (40 ms each), and a payout read the gas budget before its top-up was written.
    // The fastest of five keeps a loaded machine's noise out; the bug never took less than 80 ms.
    await t.db.exec('CREATE TABLE append_timed (n BIGINT NOT NULL, note TEXT)');
    const took: number[] = [];
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      await t.db.tx((q) => insertRows(q, { table: 'append_timed', columns: ['n', 'note'] }, [[-BigInt(i), 'gas']]));
      took.push(performance.now() - start);
    }
    expect(Math.min(...took)).toBeLessThan(30);
    const n = await t.db.get<{ n: bigint }>('SELECT COUNT(*) AS n FROM append_timed');
    expect(Number(n!.n)).toBe(5);
  });

  it('names the column of a broken UNIQUE constraint', async () => {
    const err = await t.db
      .run('INSERT INTO probe (id, amount, label) VALUES (?, ?, ?)', [4, 1n, 'two'])
      .catch((e: unknown) => e);
    expect(uniqueViolation(err)).toBe('label');
    expect(uniqueViolation(new Error('something else'))).toBeUndefined();
  });
});

describe('the trading core journal in a SQLite file of its own', () => {
  it('sits beside the main file, with its own connection, unless asked to stay in it', async () => {
    expect(journalFileOf('/var/lumex/data/lumex.db')).toBe('/var/lumex/data/lumex-journal.db');
    expect(journalFileOf('data/test')).toBe('data/test-journal.db');
    const dir = mkdtempSync(join(tmpdir(), 'lumex-journal-'));
    try {
      const db = await openDb({ sqliteFile: join(dir, 'lumex.db') });
      await db.journal!.exec('CREATE TABLE probe (id INTEGER PRIMARY KEY)');
      // The journal's write transaction does not wait for one open on the main file.
      await db.tx(async () => {
        await db.journal!.run('INSERT INTO probe (id) VALUES (1)');
      });
      await db.close();
      expect(
        readdirSync(dir)
          .filter((f) => f.endsWith('.db'))
          .sort(),
      ).toEqual(['lumex-journal.db', 'lumex.db']);
      const shared = await openDb({ sqliteFile: join(dir, 'shared.db'), ownJournal: false });
      expect(shared.journal).toBeUndefined();
      await shared.close();
      const memory = await openDb({ sqliteFile: ':memory:' });
      expect(memory.journal).toBeUndefined();
      await memory.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('toDollarParams', () => {
  it.each([
    ['SELECT 1', 'SELECT 1'],
    ['SELECT * FROM t WHERE a = ?', 'SELECT * FROM t WHERE a = $1'],
    ['INSERT INTO t (a, b, c) VALUES (?, ?, ?)', 'INSERT INTO t (a, b, c) VALUES ($1, $2, $3)'],
  ])('%s', (input, expected) => expect(toDollarParams(input)).toBe(expected));
});
