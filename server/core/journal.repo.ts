import type { Queryable } from '../storage/db.ts';

export interface JournalBatch {
  seq: number;
  at: number;
  body: string;
}

export interface SnapshotRow {
  seq: number;
  hash: string;
  body: string;
}

export const PROJECTION = 'projection';

export async function appendBatch(q: Queryable, b: JournalBatch): Promise<void> {
  await q.run('INSERT INTO core_journal (seq, at, body) VALUES (?, ?, ?)', [b.seq, b.at, b.body]);
}

/** The batches after `seq`, oldest first, `limit` at a time. */
export async function batchesAfter(q: Queryable, seq: number, limit: number): Promise<JournalBatch[]> {
  const rows = await q.all<{ seq: bigint; at: bigint; body: string }>('SELECT seq, at, body FROM core_journal WHERE seq > ? ORDER BY seq LIMIT ?', [seq, limit]);
  return rows.map((r) => ({ seq: Number(r.seq), at: Number(r.at), body: r.body }));
}

export async function lastBatchSeq(q: Queryable): Promise<number> {
  const row = await q.get<{ seq: bigint | null }>('SELECT MAX(seq) AS seq FROM core_journal');
  return Number(row?.seq ?? 0);
}

/** The newest snapshot at or before `seq`. */
export async function latestSnapshot(q: Queryable, seq: number): Promise<SnapshotRow | undefined> {
  const row = await q.get<{ seq: bigint; hash: string; body: string }>('SELECT seq, hash, body FROM core_snapshots WHERE seq <= ? ORDER BY seq DESC LIMIT 1', [seq]);
  return row && { seq: Number(row.seq), hash: row.hash, body: row.body };
}

/** Keeps a new snapshot and the one before it (should the newest be unreadable), and the batches after the older. */
export async function saveSnapshot(q: Queryable, s: SnapshotRow, at: number): Promise<void> {
  await q.run('INSERT INTO core_snapshots (seq, hash, body, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (seq) DO NOTHING', [s.seq, s.hash, s.body, at]);
  const keep = await q.all<{ seq: bigint }>('SELECT seq FROM core_snapshots ORDER BY seq DESC LIMIT 2');
  const oldest = Number(keep.at(-1)!.seq);
  await q.run('DELETE FROM core_snapshots WHERE seq < ?', [oldest]);
  await pruneJournal(q);
}

export async function projectedSeq(q: Queryable): Promise<number> {
  const row = await q.get<{ seq: bigint }>('SELECT seq FROM core_cursor WHERE name = ?', [PROJECTION]);
  return Number(row?.seq ?? 0);
}

export async function markProjected(q: Queryable, seq: number): Promise<void> {
  await q.run('INSERT INTO core_cursor (name, seq) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET seq = excluded.seq', [PROJECTION, seq]);
}

/**
 * Drops the batches no restart needs: those both projected and older than the older kept snapshot (a restart
 * starts from a snapshot or from the tables, and replays what follows).
 */
export async function pruneJournal(q: Queryable): Promise<void> {
  const snap = await q.get<{ seq: bigint | null }>('SELECT MIN(seq) AS seq FROM core_snapshots');
  const projected = await projectedSeq(q);
  const upTo = Math.min(Number(snap?.seq ?? 0), projected);
  if (upTo > 0) await q.run('DELETE FROM core_journal WHERE seq <= ?', [upTo]);
}
