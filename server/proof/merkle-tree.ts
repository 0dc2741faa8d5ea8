import { createHash } from 'node:crypto';
import type { ProofLeaf, ProofStep } from '../../isomorphic/contract/proof.ts';
import { leafBytes, nodeBytes } from '../../isomorphic/proof/leaf.ts';

function sha256(bytes: Uint8Array): Buffer {
  return createHash('sha256').update(bytes).digest();
}

export function hashLeaf(leaf: ProofLeaf): Buffer {
  return sha256(leafBytes(leaf));
}

/**
 * A binary Merkle tree over leaf hashes, in the order given. Each level pairs its nodes left to right; a last node
 * without a partner moves up unchanged (so it adds no step to its leaves' paths). The root of no leaves is the
 * SHA-256 of nothing. The browser recomputes a root from one path with isomorphic/proof/verify.ts.
 */
export class MerkleTree {
  private readonly levels: Buffer[][];

  constructor(leaves: readonly Buffer[]) {
    this.levels = [[...leaves]];
    for (let level = this.levels[0]!; level.length > 1; ) {
      const up: Buffer[] = [];
      for (let i = 0; i < level.length; i += 2)
        up.push(i + 1 < level.length ? sha256(nodeBytes(level[i]!, level[i + 1]!)) : level[i]!);
      this.levels.push(up);
      level = up;
    }
  }

  get root(): string {
    const top = this.levels.at(-1)!;
    return (top[0] ?? sha256(new Uint8Array(0))).toString('hex');
  }

  /** The siblings from leaf `index` up to the root. */
  path(index: number): ProofStep[] {
    const steps: ProofStep[] = [];
    for (const level of this.levels.slice(0, -1)) {
      const sibling = index ^ 1;
      if (sibling < level.length)
        steps.push({ side: index % 2 ? 'left' : 'right', hash: level[sibling]!.toString('hex') });
      index >>= 1;
    }
    return steps;
  }
}
