import net from 'node:net';
import postgres from 'postgres';
import { runAfterCommit, type Db, type Queryable, type SqlValue, type StatementOptions } from './db.ts';

/** `?` placeholders as PostgreSQL's `$1, $2…`; the SQL of this project never has a literal question mark. */
export function toDollarParams(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/**
 * COPY … FROM STDIN on one connection. postgres.js (3.4) loses the error of a COPY that fails once its data is in
 * (a foreign key refused): the stream never finishes and nothing rejects. So a statement queued behind it tells:
 * it fails once the failed COPY has aborted the transaction, whose COMMIT would otherwise roll back without error.
 * The connection takes that statement only once the stream has sent its end (else COPY_IN_PROGRESS, which also
 * fails the transaction): Node calls the stream's final step on a tick after `end()` once the data is written, so
 * it has run by the next turn of the event loop.
 */
async function copyInto(t: postgres.TransactionSql, text: string, data: string): Promise<void> {
  const stream = await t.unsafe(text).writable();
  // A connection lost destroys the stream: the write or the check below reports it, the stream need not.
  stream.on('error', () => {});
  await new Promise<void>((resolve, reject) => stream.write(data, (err) => (err ? reject(err) : resolve())));
  stream.end();
  await new Promise((resolve) => setImmediate(resolve));
  try {
    await t.unsafe('SELECT 1');
  } catch (err) {
    throw new Error(`${text} failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}

/**
 * The pool's sockets, with Nagle's algorithm off as libpq and the server have it. postgres.js (3.4) leaves it on,
 * and then a small write waits until the server has acknowledged the data before it, which a server with nothing
 * to answer yet holds back for 40 ms (delayed ACK). A COPY met that twice: its end (CopyDone) goes apart from its
 * data, and postgres.js sends a CopyFail after every COPY once it has ended (its stream's destroy; the server
 * ignores it outside a COPY), so the COMMIT behind that waited too: 88 ms per projector transaction against 1 ms
 * (docs/benchmarks.md, "Issue 32, third pass"). Pipelined statements queued behind an unanswered one wait less
 * long, for its answer, but wait as well. The hosts of a URL that names several take turns, as in postgres.js.
 */
function socketsWithoutDelay(): (o: { host: string[]; port: number[]; path: string | false }) => net.Socket {
  let turn = 0;
  return ({ host, port, path }) => {
    if (path) return net.connect(path);
    const i = turn++ % host.length;
    // postgres.js names the server to TLS by the socket's host.
    return Object.assign(net.connect({ host: host[i], port: port[i], noDelay: true }), { host: host[i] });
  };
}

/** PostgreSQL through postgres.js; `schema` (tests) puts every table in its own schema via search_path. */
export async function openPostgres(url: string, schema?: string): Promise<Db> {
  const sql = postgres(url, {
    max: 10,
    onnotice: () => {},
    types: { bigint: postgres.BigInt },
    connection: schema ? { search_path: schema } : {},
    // In postgres.js's README and code, not in its types.
    ...{ socket: socketsWithoutDelay() },
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
    // A COPY and the statement checking it must share a connection: outside a transaction, one of its own.
    copyFrom: (text: string, data: string) =>
      q === sql ? sql.begin((t) => copyInto(t, text, data)) : copyInto(q as postgres.TransactionSql, text, data),
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
