import type { ProofFile } from '../contract/proof.ts';
import { PROOF_FILE_FORMAT, fromHex, leafBytes, nodeBytes, toHex } from './leaf.ts';

/** SHA-256, as the platform hashes; the browser's own (Web Crypto) by default. */
type Digest = (bytes: Uint8Array) => Promise<Uint8Array>;

const webDigest: Digest = async (bytes) =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));

type ProofCheck =
  | { ok: true; leafHash: string; root: string }
  /**
   * `malformed`: not a proof file; `leaf`: the leaf does not hash to the file's leaf hash; `root`: the path does not
   * lead to the root.
   */
  | { ok: false; problem: 'malformed' | 'leaf' | 'root'; leafHash?: string; root?: string };

function wellFormed(f: unknown): f is ProofFile {
  const p = f as ProofFile;
  const hash = (h: unknown) => typeof h === 'string' && /^[0-9a-f]{64}$/.test(h);
  return (
    typeof p === 'object' &&
    p !== null &&
    p.format === PROOF_FILE_FORMAT &&
    Number.isSafeInteger(p.proofId) &&
    hash(p.root) &&
    hash(p.leafHash) &&
    typeof p.leaf?.uid === 'string' &&
    typeof p.leaf.salt === 'string' &&
    Array.isArray(p.leaf.balances) &&
    p.leaf.balances.every((b) => typeof b?.asset === 'string' && typeof b.amount === 'string') &&
    Array.isArray(p.path) &&
    p.path.length <= 64 &&
    p.path.every((s) => (s?.side === 'left' || s?.side === 'right') && hash(s.hash))
  );
}

/**
 * Recomputes a proof file's root from its leaf, as anyone can without the platform: the leaf's hash, then each
 * step's sibling on its side. The root still has to be compared with the one the platform published for that
 * proof (the public list), which the caller does.
 */
export async function checkProof(file: unknown, digest: Digest = webDigest): Promise<ProofCheck> {
  if (!wellFormed(file)) return { ok: false, problem: 'malformed' };
  let hash = await digest(leafBytes(file.leaf));
  const leafHash = toHex(hash);
  if (leafHash !== file.leafHash) return { ok: false, problem: 'leaf', leafHash };
  for (const step of file.path) {
    const sibling = fromHex(step.hash)!;
    hash = await digest(step.side === 'left' ? nodeBytes(sibling, hash) : nodeBytes(hash, sibling));
  }
  const root = toHex(hash);
  return root === file.root ? { ok: true, leafHash, root } : { ok: false, problem: 'root', leafHash, root };
}
