import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { Db, Queryable, Row, SqlValue } from './db.ts';

/**
 * SQLite through node:sqlite. The driver is synchronous and one connection serves the whole process, so an
 * async lock keeps a transaction's statements from interleaving with another request's between awaits.
 */
export function openSqlite(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;');
  const cache = new Map<string, StatementSync>();
  const prepare = (sql: string) => {
    let st = cache.get(sql);
    if (!st) {
      st = db.prepare(sql);
      st.setReadBigInts(true);
      cache.set(sql, st);
    }
    return st;
  };
  const bind = (params: readonly SqlValue[]) =>
    params.map((p) => (typeof p === 'boolean' ? (p ? 1 : 0) : p)) as SQLInputValue[];

  const scope = {};
  const direct: Queryable = {
    scope,
    async all<T>(sql: string, params: readonly SqlValue[] = []) {
      return prepare(sql).all(...bind(params)) as T[];
    },
    async get<T>(sql: string, params: readonly SqlValue[] = []) {
      return prepare(sql).get(...bind(params)) as T | undefined;
    },
    async run(sql: string, params: readonly SqlValue[] = []) {
      return Number(prepare(sql).run(...bind(params)).changes);
    },
  };

  let tail: Promise<unknown> = Promise.resolve();
  const locked = <T>(fn: () => Promise<T>): Promise<T> => {
    const result = tail.then(fn, fn);
    tail = result.catch(() => undefined);
    return result;
  };

  return {
    dialect: 'sqlite',
    scope,
    all: <T = Row>(sql: string, params?: readonly SqlValue[]) => locked(() => direct.all<T>(sql, params)),
    get: <T = Row>(sql: string, params?: readonly SqlValue[]) => locked(() => direct.get<T>(sql, params)),
    run: (sql, params) => locked(() => direct.run(sql, params)),
    tx: (fn) =>
      locked(async () => {
        db.exec('BEGIN IMMEDIATE');
        try {
          const out = await fn(direct);
          db.exec('COMMIT');
          return out;
        } catch (err) {
          db.exec('ROLLBACK');
          throw err;
        }
      }),
    exec: (sql) => locked(async () => db.exec(sql)),
    close: () => locked(async () => db.close()),
  };
}
