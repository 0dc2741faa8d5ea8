import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { migrate } from './migrate.ts';
import { MIGRATIONS } from '../features.ts';
import { toDollarParams } from './postgres.ts';
import { uniqueViolation } from './unique.ts';
import { pageOf } from './paging.ts';

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
    const page = await pageOf<{ id: bigint }>(t.db, { select: 'id', from: 'FROM paged WHERE owner = ?', order: 'id DESC', params: [1] }, { page: 2, size: 3 });
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
          const row = await q.get<{ amount: bigint }>(`SELECT amount FROM probe WHERE id = 10${t.db.dialect === 'postgres' ? ' FOR UPDATE' : ''}`);
          await new Promise((r) => setTimeout(r, 1));
          await q.run('UPDATE probe SET amount = ? WHERE id = 10', [BigInt(row!.amount) + 1n]);
        }),
      ),
    );
    const row = await t.db.get<{ amount: bigint }>('SELECT amount FROM probe WHERE id = 10');
    expect(BigInt(row!.amount)).toBe(20n);
  });

  it('names the column of a broken UNIQUE constraint', async () => {
    const err = await t.db.run('INSERT INTO probe (id, amount, label) VALUES (?, ?, ?)', [4, 1n, 'two']).catch((e: unknown) => e);
    expect(uniqueViolation(err)).toBe('label');
    expect(uniqueViolation(new Error('something else'))).toBeUndefined();
  });
});

describe('toDollarParams', () => {
  it.each([
    ['SELECT 1', 'SELECT 1'],
    ['SELECT * FROM t WHERE a = ?', 'SELECT * FROM t WHERE a = $1'],
    ['INSERT INTO t (a, b, c) VALUES (?, ?, ?)', 'INSERT INTO t (a, b, c) VALUES ($1, $2, $3)'],
  ])('%s', (input, expected) => expect(toDollarParams(input)).toBe(expected));
});
