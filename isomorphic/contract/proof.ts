/**
 * Wire contract of the proof of liabilities: published Merkle roots over every user's balances, and a user's own
 * leaf with its path to a root, which the browser checks itself (isomorphic/proof/verify.ts).
 */
import { z } from './zod.ts';
import { queryInt } from './integers.ts';
import type { AssetAmount, Page } from './referral.ts';

export type { AssetAmount, Page };

export const rootsQuery = z.object({
  current: queryInt({ min: 1, max: 100_000 }).default(1),
  size: queryInt({ min: 1, max: 100 }).default(15),
  /** Only this proof (a checker looking up the root a file names). */
  id: queryInt({ min: 1, max: 1_000_000_000 }).optional(),
});
/** A user's leaf in one proof, the newest when no id is given. */
export const myLeafQuery = z.object({ id: queryInt({ min: 1, max: 1_000_000_000 }).optional() });

/** A published root: when the balances were read, from which journal batch, and the liabilities per asset. */
export interface ProofRoot {
  id: number;
  takenAt: number;
  /** The trading core's journal batch the balances are as of: replaying the journal to it gives the same balances. */
  seq: number;
  root: string;
  leafCount: number;
  totals: AssetAmount[];
  /** Whether users can still download their leaves of it (only the newest proofs keep them). */
  leavesKept: boolean;
}

/** What a leaf commits to: the user, a random salt that hides it from everyone else, and their balances. */
export interface ProofLeaf {
  uid: string;
  salt: string;
  /** Every asset with a non-zero total across the user's accounts, by asset code. */
  balances: AssetAmount[];
}

/** One step up the tree: the sibling's hash, and on which side of the running hash it stands. */
export interface ProofStep {
  side: 'left' | 'right';
  hash: string;
}

/** The file a user downloads: everything needed to recompute the root without asking the platform. */
export interface ProofFile {
  /** 'lumex-proof-of-liabilities-v1' (PROOF_FILE_FORMAT in isomorphic/proof/leaf.ts). */
  format: string;
  proofId: number;
  takenAt: number;
  root: string;
  leafCount: number;
  leaf: ProofLeaf;
  leafHash: string;
  path: ProofStep[];
}
