import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import { runAfterCommit, type Db, type Queryable, type Row, type SqlValue } from './db.ts';

/**
 * SQLite through node:sqlite. The driver is synchronous and one connection serves the whole process, so an
 * async lock keeps a transaction's statements from interleaving with another request's between awaits.
 */
/**
 * Checkpoints in a worker thread with its own connection. A checkpoint copies the WAL into the database file and
 * syncs it, which takes milliseconds to tens of them on a busy disk; left to SQLite, it runs inside whichever
 * commit crosses 1,000 pages and stalls the event loop (an order acknowledgement) for that long. A passive
 * checkpoint beside the writers never blocks them.
 */
function startCheckpointer(db: DatabaseSync, file: string): Worker {
  db.exec('PRAGMA wal_autocheckpoint = 0');
  const worker = new Worker(
    `const { DatabaseSync } = require('node:sqlite');
     const { workerData } = require('node:worker_threads');
     const db = new DatabaseSync(workerData.file);
     db.exec('PRAGMA busy_timeout = 1000');
     setInterval(() => { try { db.exec('PRAGMA wal_checkpoint(PASSIVE)'); } catch {} }, workerData.everyMs);`,
    { eval: true, workerData: { file, everyMs: 200 } },
  );
  worker.unref();
  return worker;
}

export function openSqlite(file: string, opts: { backgroundCheckpoint?: boolean } = {}): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  // The busy timeout first: setting the journal mode takes a lock, and a second connection to a file (the projector
  // thread's) opened while the first writes would otherwise fail at once with "database is locked".
  db.exec(
    'PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;',
  );
  const checkpointer = opts.backgroundCheckpoint && file !== ':memory:' ? startCheckpointer(db, file) : undefined;
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
  const direct: Omit<Queryable, 'afterCommit'> = {
    scope,
    dialect: 'sqlite',
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
  const runNow = (fn: () => void) => runAfterCommit([fn]);

  let tail: Promise<unknown> = Promise.resolve();
  const locked = <T>(fn: () => Promise<T>): Promise<T> => {
    const result = tail.then(fn, fn);
    tail = result.catch(() => undefined);
    return result;
  };

  return {
    dialect: 'sqlite',
    scope,
    ...(file === ':memory:' ? {} : { file }),
    all: <T = Row>(sql: string, params?: readonly SqlValue[]) => locked(() => direct.all<T>(sql, params)),
    get: <T = Row>(sql: string, params?: readonly SqlValue[]) => locked(() => direct.get<T>(sql, params)),
    run: (sql, params) => locked(() => direct.run(sql, params)),
    afterCommit: runNow,
    tx: (fn) =>
      locked(async () => {
        const committed: Array<() => void> = [];
        db.exec('BEGIN IMMEDIATE');
        try {
          const out = await fn({ ...direct, afterCommit: (cb) => void committed.push(cb) });
          db.exec('COMMIT');
          runAfterCommit(committed);
          return out;
        } catch (err) {
          db.exec('ROLLBACK');
          throw err;
        }
      }),
    exec: (sql) => locked(async () => db.exec(sql)),
    close: () =>
      locked(async () => {
        await checkpointer?.terminate();
        db.close();
      }),
  };
}
