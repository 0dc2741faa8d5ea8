import type { Db, Queryable } from '../../storage/db.ts';

export interface JournalBatch {
  seq: number;
  at: number;
  body: string;
}

interface SnapshotRow {
  seq: number;
  hash: string;
  body: string;
}

export const PROJECTION = 'projection';

/**
 * Where the core appends its batches: the journal's own database when the storage has one (SQLite), else the main
 * one. A prepared command's batch always goes to the main database, in one transaction with the rows it changes;
 * seq numbers are one sequence over both, and every batch is durable before the next is appended, so what
 * survives a crash is a prefix of it.
 */
export function journalOf(db: Db): Db {
  return db.journal ?? db;
}

/** The journal's table, in a journal database of its own (the main database gets it from migration 13). */
export async function createJournal(journal: Db): Promise<void> {
  await journal.exec(
    'CREATE TABLE IF NOT EXISTS core_journal (seq INTEGER PRIMARY KEY, at INTEGER NOT NULL, body TEXT NOT NULL)',
  );
}

export async function appendBatch(q: Queryable, b: JournalBatch): Promise<void> {
  await q.run('INSERT INTO core_journal (seq, at, body) VALUES (?, ?, ?)', [b.seq, b.at, b.body]);
}

async function rowsAfter(q: Queryable, seq: number, limit: number): Promise<JournalBatch[]> {
  const rows = await q.all<{ seq: bigint; at: bigint; body: string }>(
    'SELECT seq, at, body FROM core_journal WHERE seq > ? ORDER BY seq LIMIT ?',
    [seq, limit],
  );
  return rows.map((r) => ({ seq: Number(r.seq), at: Number(r.at), body: r.body }));
}

/** The batches after `seq` in both places, oldest first, `limit` at a time. */
export async function batchesAfter(db: Db, seq: number, limit: number): Promise<JournalBatch[]> {
  const main = await rowsAfter(db, seq, limit);
  if (!db.journal) return main;
  const own = await rowsAfter(db.journal, seq, limit);
  return [...main, ...own].sort((a, b) => a.seq - b.seq).slice(0, limit);
}

export async function lastBatchSeq(db: Db): Promise<number> {
  let last = 0;
  for (const q of db.journal ? [db, db.journal] : [db]) {
    const row = await q.get<{ seq: bigint | null }>('SELECT MAX(seq) AS seq FROM core_journal');
    last = Math.max(last, Number(row?.seq ?? 0));
  }
  return last;
}

/** The newest snapshot at or before `seq`. */
export async function latestSnapshot(q: Queryable, seq: number): Promise<SnapshotRow | undefined> {
  const row = await q.get<{ seq: bigint; hash: string; body: string }>(
    'SELECT seq, hash, body FROM core_snapshots WHERE seq <= ? ORDER BY seq DESC LIMIT 1',
    [seq],
  );
  return row && { seq: Number(row.seq), hash: row.hash, body: row.body };
}

/** Keeps a new snapshot and the one before it (should the newest be unreadable); pruneJournal drops what they cover. */
export async function saveSnapshot(q: Queryable, s: SnapshotRow, at: number): Promise<void> {
  await q.run(
    'INSERT INTO core_snapshots (seq, hash, body, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (seq) DO NOTHING',
    [s.seq, s.hash, s.body, at],
  );
  const keep = await q.all<{ seq: bigint }>('SELECT seq FROM core_snapshots ORDER BY seq DESC LIMIT 2');
  const oldest = Number(keep.at(-1)!.seq);
  await q.run('DELETE FROM core_snapshots WHERE seq < ?', [oldest]);
}

export async function projectedSeq(q: Queryable): Promise<number> {
  const row = await q.get<{ seq: bigint }>('SELECT seq FROM core_cursor WHERE name = ?', [PROJECTION]);
  return Number(row?.seq ?? 0);
}

export async function markProjected(q: Queryable, seq: number): Promise<void> {
  await q.run('INSERT INTO core_cursor (name, seq) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET seq = excluded.seq', [
    PROJECTION,
    seq,
  ]);
}

/**
 * Drops the batches no restart needs: those both projected and older than the older kept snapshot (a restart
 * starts from a snapshot or from the tables, and replays what follows). It reads what is committed, so it runs
 * after the snapshot's or the projection's transaction, never inside it: the journal's own file is not in it.
 */
export async function pruneJournal(db: Db): Promise<void> {
  const snap = await db.get<{ seq: bigint | null }>('SELECT MIN(seq) AS seq FROM core_snapshots');
  const projected = await projectedSeq(db);
  const upTo = Math.min(Number(snap?.seq ?? 0), projected);
  // Most projections move no snapshot: the DELETEs, which take each file's write lock, wait for one that does.
  if (upTo <= (prunedUpTo.get(db.scope) ?? 0)) return;
  for (const q of db.journal ? [db, db.journal] : [db]) await q.run('DELETE FROM core_journal WHERE seq <= ?', [upTo]);
  prunedUpTo.set(db.scope, upTo);
}

/** How far each database's journal was last pruned: later batches have higher seqs, so nothing below is left. */
const prunedUpTo = new WeakMap<object, number>();
