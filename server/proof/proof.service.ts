import { randomBytes } from 'node:crypto';
import type { AssetAmount, Page, ProofFile, ProofLeaf, ProofRoot } from '../../isomorphic/contract/proof.ts';
import { PROOF_FILE_FORMAT } from '../../isomorphic/proof/leaf.ts';
import { audit } from '../audit/audit.ts';
import type { Clock } from '../clock/clock.ts';
import type { TradingCore } from '../core/core.ts';
import { fail } from '../outcome.ts';
import type { Db } from '../storage/db.ts';
import type { UserRow } from '../user/user.repo.ts';
import { money } from '../wallet/amounts.ts';
import { MerkleTree, hashLeaf } from './merkle-tree.ts';
import * as repo from './proof.repo.ts';

export interface ProofDeps {
  db: Db;
  core: TradingCore;
  clock: Clock;
  /** How many of the newest proofs keep their leaves for users to download. */
  keep: number;
}

interface Built {
  userId: number;
  leaf: ProofLeaf;
  hash: Buffer;
}

/**
 * Each user's leaf, with a fresh random salt per proof: a leaf hash says nothing about whose it is or what it holds.
 */
function leavesOf(rows: readonly repo.Liability[]): Built[] {
  const byUser = new Map<number, Built>();
  for (const r of rows) {
    let b = byUser.get(r.userId);
    if (!b)
      byUser.set(
        r.userId,
        (b = {
          userId: r.userId,
          leaf: { uid: r.uid, salt: randomBytes(16).toString('hex'), balances: [] },
          hash: Buffer.alloc(0),
        }),
      );
    b.leaf.balances.push({ asset: r.asset, amount: money(r.total) });
  }
  const built = [...byUser.values()];
  for (const b of built) b.hash = hashLeaf(b.leaf);
  // Ordered by hash, a leaf's place in the tree says nothing about the user either (not even when they signed up).
  return built.sort((a, b) => Buffer.compare(a.hash, b.hash));
}

function totalsOf(rows: readonly repo.Liability[]): AssetAmount[] {
  const totals = new Map<string, bigint>();
  for (const r of rows) totals.set(r.asset, (totals.get(r.asset) ?? 0n) + r.total);
  return [...totals].sort(([a], [b]) => (a < b ? -1 : 1)).map(([asset, total]) => ({ asset, amount: money(total) }));
}

/**
 * Reads every user's balances as of one journal batch and publishes the Merkle root over their salted leaves with
 * the total per asset. Balances come from the tables, after the projector has caught up: one statement reads them
 * with the batch they are as of, so the proof is of durable state that replaying the journal to that batch gives
 * again, and reading it never holds up the core. A period publishes once: a repeated run finds it done.
 */
export async function publishProof(
  { db, core, clock, keep }: ProofDeps,
  opts: { periodStart: number | null; operatorId: number | null },
): Promise<ProofRoot | undefined> {
  if (opts.periodStart !== null && (await repo.periodPublished(db, opts.periodStart))) return undefined;
  await core.settled();
  const takenAt = clock.now();
  const { seq, rows } = await repo.readLiabilities(db);
  const leaves = leavesOf(rows);
  const tree = new MerkleTree(leaves.map((l) => l.hash));
  const totals = totalsOf(rows);
  const id = await db.tx(async (q) => {
    const proofId = await repo.insertRoot(q, {
      periodStart: opts.periodStart,
      takenAt,
      seq,
      root: tree.root,
      leafCount: leaves.length,
      totals: JSON.stringify(totals),
      operatorId: opts.operatorId,
    });
    if (proofId === undefined) return undefined;
    await repo.insertLeaves(
      q,
      proofId,
      leaves.map((l, index) => ({
        userId: l.userId,
        index,
        salt: l.leaf.salt,
        balances: JSON.stringify(l.leaf.balances),
        leafHash: l.hash.toString('hex'),
        path: tree.path(index),
      })),
    );
    await repo.pruneLeaves(q, keep);
    if (opts.operatorId !== null)
      await audit(q, opts.operatorId, 'proof.publish', 'proof', proofId, { root: tree.root, leaves: leaves.length });
    return proofId;
  });
  return id === undefined ? undefined : repo.rootOf(db, id);
}

export async function roots(
  db: Db,
  { current, size, id }: { current: number; size: number; id?: number },
): Promise<Page<ProofRoot>> {
  const { total, rows } = await repo.rootsPage(db, current, size, id);
  return { records: rows, total, current, size, pages: Math.ceil(total / size) };
}

/** The signed-in user's own leaf and path in a proof: never anyone else's (the leaf is looked up by their id). */
export async function myProof(db: Db, user: UserRow, proofId?: number): Promise<ProofFile> {
  const root = await repo.rootOf(db, proofId);
  if (!root) fail('proofNotFound');
  if (!root.leavesKept) fail('proofLeavesPruned');
  const leaf = await repo.leafOf(db, root.id, user.id);
  if (!leaf) fail('proofNoLeaf');
  return {
    format: PROOF_FILE_FORMAT,
    proofId: root.id,
    takenAt: root.takenAt,
    root: root.root,
    leafCount: root.leafCount,
    leaf: { uid: user.uid, salt: leaf.salt, balances: JSON.parse(leaf.balances) as AssetAmount[] },
    leafHash: leaf.leafHash,
    path: leaf.path,
  };
}
