import type { ProofRoot, ProofStep } from '../../isomorphic/contract/proof.ts';
import { PROJECTION } from '../core/journal/journal.repo.ts';
import { writeRows } from '../storage/bulk.ts';
import { num, type Queryable } from '../storage/db.ts';

export interface Liability {
  userId: number;
  uid: string;
  asset: string;
  total: bigint;
}

/**
 * Every user's total per asset across their account types (available and frozen), and the journal batch the
 * projector had written when it was read. One statement, so both come from the same moment in either dialect.
 */
export async function readLiabilities(q: Queryable): Promise<{ seq: number; rows: Liability[] }> {
  const rows = await q.all<{ user_id: bigint; uid: string; asset: string; total: bigint; seq: bigint | null }>(
    `SELECT a.owner_id AS user_id, u.uid, a.asset, SUM(a.available + a.frozen) AS total,
       (SELECT seq FROM core_cursor WHERE name = ?) AS seq
     FROM accounts a JOIN users u ON u.id = a.owner_id
     WHERE a.owner_id IS NOT NULL
     GROUP BY a.owner_id, u.uid, a.asset
     ORDER BY a.owner_id, a.asset`,
    [PROJECTION],
  );
  const seq = rows.length
    ? num(rows[0]!.seq)
    : num((await q.get<{ seq: bigint }>('SELECT seq FROM core_cursor WHERE name = ?', [PROJECTION]))?.seq);
  return {
    seq,
    rows: rows
      .filter((r) => BigInt(r.total) !== 0n)
      .map((r) => ({ userId: num(r.user_id), uid: r.uid, asset: r.asset, total: BigInt(r.total) })),
  };
}

interface RootInsert {
  periodStart: number | null;
  takenAt: number;
  seq: number;
  root: string;
  leafCount: number;
  totals: string;
  operatorId: number | null;
}

/** The root row, or undefined when the period already has one (a repeated run). */
export async function insertRoot(q: Queryable, r: RootInsert): Promise<number | undefined> {
  const row = await q.get<{ id: bigint }>(
    'INSERT INTO proof_roots (period_start, taken_at, seq, root, leaf_count, totals, operator_id) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (period_start) DO NOTHING RETURNING id',
    [r.periodStart, r.takenAt, r.seq, r.root, r.leafCount, r.totals, r.operatorId],
  );
  return row ? num(row.id) : undefined;
}

export async function periodPublished(q: Queryable, periodStart: number): Promise<boolean> {
  return Boolean(await q.get('SELECT 1 AS one FROM proof_roots WHERE period_start = ?', [periodStart]));
}

interface LeafRow {
  userId: number;
  index: number;
  salt: string;
  balances: string;
  leafHash: string;
  path: ProofStep[];
}

export async function insertLeaves(q: Queryable, proofId: number, leaves: readonly LeafRow[]): Promise<void> {
  await writeRows(
    q,
    { head: 'INSERT INTO proof_leaves (proof_id, user_id, leaf_index, salt, balances, leaf_hash, path)' },
    leaves.map((l) => [proofId, l.userId, l.index, l.salt, l.balances, l.leafHash, JSON.stringify(l.path)]),
  );
}

/** Drops the leaves of all but the newest `keep` proofs; their roots stay published. */
export async function pruneLeaves(q: Queryable, keep: number): Promise<void> {
  const edge = await q.get<{ id: bigint }>('SELECT id FROM proof_roots ORDER BY id DESC LIMIT 1 OFFSET ?', [keep]);
  if (!edge) return;
  await q.run('DELETE FROM proof_leaves WHERE proof_id <= ?', [edge.id]);
  await q.run('UPDATE proof_roots SET leaves_kept = 0 WHERE id <= ? AND leaves_kept = 1', [edge.id]);
}

type RootRecord = {
  id: bigint;
  taken_at: bigint;
  seq: bigint;
  root: string;
  leaf_count: bigint;
  totals: string;
  leaves_kept: bigint;
};
const ROOT_COLUMNS = 'id, taken_at, seq, root, leaf_count, totals, leaves_kept';

function toRoot(r: RootRecord): ProofRoot {
  return {
    id: num(r.id),
    takenAt: num(r.taken_at),
    seq: num(r.seq),
    root: r.root,
    leafCount: num(r.leaf_count),
    totals: JSON.parse(r.totals) as ProofRoot['totals'],
    leavesKept: num(r.leaves_kept) === 1,
  };
}

export async function rootsPage(
  q: Queryable,
  page: number,
  size: number,
  id?: number,
): Promise<{ total: number; rows: ProofRoot[] }> {
  const [where, params] = id === undefined ? ['', []] : ['WHERE id = ?', [id]];
  const total = num((await q.get<{ n: unknown }>(`SELECT COUNT(*) AS n FROM proof_roots ${where}`, params))?.n);
  const rows = await q.all<RootRecord>(
    `SELECT ${ROOT_COLUMNS} FROM proof_roots ${where} ORDER BY id DESC LIMIT ? OFFSET ?`,
    [...params, size, (page - 1) * size],
  );
  return { total, rows: rows.map(toRoot) };
}

/** One root, or the newest when no id is given. */
export async function rootOf(q: Queryable, id?: number): Promise<ProofRoot | undefined> {
  const row =
    id === undefined
      ? await q.get<RootRecord>(`SELECT ${ROOT_COLUMNS} FROM proof_roots ORDER BY id DESC LIMIT 1`)
      : await q.get<RootRecord>(`SELECT ${ROOT_COLUMNS} FROM proof_roots WHERE id = ?`, [id]);
  return row ? toRoot(row) : undefined;
}

export async function leafOf(
  q: Queryable,
  proofId: number,
  userId: number,
): Promise<Omit<LeafRow, 'userId'> | undefined> {
  const row = await q.get<{ leaf_index: bigint; salt: string; balances: string; leaf_hash: string; path: string }>(
    'SELECT leaf_index, salt, balances, leaf_hash, path FROM proof_leaves WHERE proof_id = ? AND user_id = ?',
    [proofId, userId],
  );
  return row
    ? {
        index: num(row.leaf_index),
        salt: row.salt,
        balances: row.balances,
        leafHash: row.leaf_hash,
        path: JSON.parse(row.path) as ProofStep[],
      }
    : undefined;
}
