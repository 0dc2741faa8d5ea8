import postgres from 'postgres';
import { runAfterCommit, type Db, type Queryable, type SqlValue, type StatementOptions } from './db.ts';

/** `?` placeholders as PostgreSQL's `$1, $2…`; the SQL of this project never has a literal question mark. */
export function toDollarParams(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/** PostgreSQL through postgres.js; `schema` (tests) puts every table in its own schema via search_path. */
export async function openPostgres(url: string, schema?: string): Promise<Db> {
  const sql = postgres(url, {
    max: 10,
    onnotice: () => {},
    types: { bigint: postgres.BigInt },
    connection: schema ? { search_path: schema } : {},
  });
  if (schema) {
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await admin.end();
  }
  const scope = {};
  const over = (q: postgres.Sql | postgres.TransactionSql, afterCommit: (fn: () => void) => void): Queryable => ({
    scope,
    dialect: 'postgres',
    afterCommit,
    async all<T>(text: string, params: readonly SqlValue[] = [], opts: StatementOptions = {}) {
      return (await q.unsafe(
        toDollarParams(text),
        params as postgres.ParameterOrJSON<never>[],
        opts,
      )) as unknown as T[];
    },
    async get<T>(text: string, params: readonly SqlValue[] = []) {
      const rows = await q.unsafe(toDollarParams(text), params as postgres.ParameterOrJSON<never>[]);
      return rows[0] as T | undefined;
    },
    async run(text: string, params: readonly SqlValue[] = [], opts: StatementOptions = {}) {
      const res = await q.unsafe(toDollarParams(text), params as postgres.ParameterOrJSON<never>[], opts);
      return res.count;
    },
  });
  const top = over(sql, (fn) => runAfterCommit([fn]));
  return {
    ...top,
    dialect: 'postgres',
    tx: async (fn) => {
      const committed: Array<() => void> = [];
      const out = await sql.begin((t) => fn(over(t, (cb) => void committed.push(cb))));
      runAfterCommit(committed);
      return out as never;
    },
    exec: async (text) => {
      await sql.unsafe(text).simple();
    },
    close: () => sql.end({ timeout: 5 }),
  };
}
