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

/** A column's type for writeColumns: PostgreSQL gets one typed array per column. */
export type ColumnType = 'int' | 'text';

const PG_ARRAY: Record<ColumnType, string> = { int: 'BIGINT[]', text: 'TEXT[]' };
/** Rows per statement at most on PostgreSQL: each column's array is one parameter, so only memory bounds it. */
const MAX_COLUMN_ROWS = 20_000;

/**
 * writeRows for the projector's hot tables: on PostgreSQL the rows go as one array per column, `SELECT * FROM
 * unnest($1::BIGINT[], $2::TEXT[], …) AS u(column1, column2, …)` in place of the VALUES list, so a statement has as
 * many parameters as columns whatever its rows, one shape (prepared once per connection), and the server parses no
 * tuple list (docs/benchmarks.md, "The trading core"). `types` names each value's column type, in row order; a VALUES
 * source is named `columnN` in both dialects, so a `tail` such as `) AS v WHERE t.id = v.column1` reads the same.
 * SQLite keeps the VALUES lists (its statements cost no round trip).
 */
export async function writeColumns(
  q: Queryable,
  st: RowsStatement & { types: readonly ColumnType[] },
  rows: readonly (readonly SqlValue[])[],
): Promise<Row[]> {
  if (q.dialect !== 'postgres') return writeRows(q, st, rows);
  const out: Row[] = [];
  const arrays = st.types.map((t, i) => `$${i + 1}::${PG_ARRAY[t]}`).join(', ');
  const names = st.types.map((_, i) => `column${i + 1}`).join(', ');
  const sql = `${st.head} SELECT * FROM unnest(${arrays}) AS u(${names}) ${st.tail ?? ''}`;
  const returning = /\bRETURNING\b/i.test(st.tail ?? '');
  for (let at = 0; at < rows.length; at += MAX_COLUMN_ROWS) {
    const chunk = rows.slice(at, at + MAX_COLUMN_ROWS);
    const params = st.types.map((_, c) => arrayLiteral(chunk, c));
    if (returning) out.push(...(await q.all(sql, params, { prepare: true })));
    else await q.run(sql, params, { prepare: true });
  }
  return out;
}

/**
 * One column of the rows as PostgreSQL's array literal, `{1,NULL,"a \"b\""}`: every string quoted (so `NULL` or an
 * empty string stays a string), `"` and `\` escaped, booleans as 1 and 0 (integer columns hold them).
 */
function arrayLiteral(rows: readonly (readonly SqlValue[])[], column: number): string {
  const parts: string[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const v = rows[i]![column];
    if (v === null || v === undefined) parts[i] = 'NULL';
    else if (typeof v === 'string') parts[i] = `"${v.replace(/[\\"]/g, '\\$&')}"`;
    else if (typeof v === 'boolean') parts[i] = v ? '1' : '0';
    else if (typeof v === 'bigint' || typeof v === 'number') parts[i] = String(v);
    else throw new Error('writeColumns takes integers and text only');
  }
  return `{${parts.join(',')}}`;
}

/** An insert-only table for insertRows, and the columns written, in row order. */
export interface InsertStatement {
  table: string;
  columns: readonly string[];
}

/** Rows per COPY at most: its data is one string, built and sent whole. */
const MAX_COPY_ROWS = 20_000;

/**
 * Appends rows to a table nothing conflicts on (ledger entries, trades). PostgreSQL gets them by `COPY … FROM
 * STDIN` in its text format: the server parses no statement and no arrays and inserts them in bulk, where the same
 * rows through writeColumns' unnest cost it about a third more (docs/benchmarks.md, "The projections at a steady
 * 20,000 orders/s"). Elsewhere they go as writeRows' INSERTs, which give the same rows.
 */
export async function insertRows(
  q: Queryable,
  st: InsertStatement,
  rows: readonly (readonly SqlValue[])[],
): Promise<void> {
  const columns = st.columns.join(', ');
  if (!q.copyFrom) {
    await writeRows(q, { head: `INSERT INTO ${st.table} (${columns})` }, rows);
    return;
  }
  for (let at = 0; at < rows.length; at += MAX_COPY_ROWS)
    await q.copyFrom(`COPY ${st.table} (${columns}) FROM STDIN`, copyText(rows, at, at + MAX_COPY_ROWS));
}

/**
 * Rows `from` to `to` in COPY's text format: one line a row, values split by tabs, `\N` for NULL, and in text a
 * backslash, tab, newline or carriage return escaped (COPY reads `\\`, `\t`, `\n`, `\r`); booleans as 1 and 0.
 * One string grown by concatenation: V8 keeps it a rope, cheaper than an array of lines joined.
 */
function copyText(rows: readonly (readonly SqlValue[])[], from: number, to: number): string {
  let text = '';
  for (let i = from; i < Math.min(to, rows.length); i++) {
    const row = rows[i]!;
    for (let c = 0; c < row.length; c++) text += (c ? '\t' : '') + copyValue(row[c]);
    text += '\n';
  }
  return text;
}

const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function copyValue(v: SqlValue | undefined): string {
  if (typeof v === 'bigint' || typeof v === 'number') return String(v);
  if (typeof v === 'string') return COPY_SPECIAL.test(v) ? v.replace(/[\\\t\n\r]/g, (ch) => COPY_ESCAPES[ch]!) : v;
  if (v === null || v === undefined) return '\\N';
  if (typeof v === 'boolean') return v ? '1' : '0';
  throw new Error('insertRows takes integers and text only');
}
