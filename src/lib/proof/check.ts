import { publishedRoot } from './actions.ts';
import { checkProof } from '../../../isomorphic/proof/verify.ts';

/** What checking a proof file found, in the order the checks run. */
export type Verdict =
  | { kind: 'verified'; proofId: number; root: string }
  /** The browser has no Web Crypto here (a page served over plain HTTP from another host). */
  | { kind: 'noCrypto' }
  | { kind: 'malformed' }
  | { kind: 'leaf' }
  | { kind: 'path' }
  | { kind: 'unpublished'; proofId: number }
  | { kind: 'otherRoot'; proofId: number; root: string };

/**
 * Checks a proof file in the browser: the leaf hashes to its hash, the path leads to its root, and that root is the
 * one the platform published for the proof (read from the public list, never taken from the file).
 */
export async function verifyFile(file: unknown): Promise<Verdict> {
  if (typeof crypto === 'undefined' || !crypto.subtle) return { kind: 'noCrypto' };
  const check = await checkProof(file);
  if (!check.ok) return { kind: check.problem === 'root' ? 'path' : check.problem };
  const proofId = (file as { proofId: number }).proofId;
  const published = await publishedRoot(proofId);
  if (!published) return { kind: 'unpublished', proofId };
  if (published.root !== check.root) return { kind: 'otherRoot', proofId, root: published.root };
  return { kind: 'verified', proofId, root: check.root };
}

/** The dictionary key and values of a verdict's sentence. */
export function verdictMessage(v: Verdict): [string, Record<string, string | number>] {
  if (v.kind === 'verified') return ['proof.verdict.verified', { id: v.proofId, root: v.root }];
  if (v.kind === 'unpublished' || v.kind === 'otherRoot') return [`proof.verdict.${v.kind}`, { id: v.proofId }];
  return [`proof.verdict.${v.kind}`, {}];
}
