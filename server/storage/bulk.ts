import type { Queryable, Row, SqlValue } from './db.ts';

/** Rows per statement at most: 512 rows of up to 63 values stay under SQLite's 32,766 parameters. */
const MAX_ROWS = 512;

interface RowsStatement {
  /** What comes before the VALUES list: `INSERT INTO t (a, b)`, or `UPDATE t SET … FROM (`. */
  head: string;
  /** What follows it: ON CONFLICT, `) AS v WHERE …`, RETURNING. */
  tail?: string;
  /** One row's placeholders, when they need casts; plain `(?, ?, …)` otherwise. */
  tuple?: string;
}

/**
 * Writes many rows with few statements, `… VALUES (…), (…), …`, in chunks whose sizes are powers of two, so a
 * prepared-statement cache holds at most ten shapes of each (PostgreSQL keeps them prepared: a statement of 512
 * rows is parsed once per connection, not on every write). Rows any RETURNING gives back are answered.
 */
export async function writeRows(
  q: Queryable,
  st: RowsStatement,
  rows: readonly (readonly SqlValue[])[],
): Promise<Row[]> {
  const out: Row[] = [];
  if (!rows.length) return out;
  const tuple = st.tuple ?? `(${rows[0]!.map(() => '?').join(', ')})`;
  const returning = /\bRETURNING\b/i.test(st.tail ?? '');
  let at = 0;
  while (at < rows.length) {
    let n = MAX_ROWS;
    while (n > rows.length - at) n >>= 1;
    const params: SqlValue[] = [];
    for (let i = at; i < at + n; i++) params.push(...rows[i]!);
    const sql = `${st.head} VALUES ${Array.from({ length: n }, () => tuple).join(', ')} ${st.tail ?? ''}`;
    if (returning) out.push(...(await q.all(sql, params, { prepare: true })));
    else await q.run(sql, params, { prepare: true });
    at += n;
  }
  return out;
}
