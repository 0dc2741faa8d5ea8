import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ProofFile, ProofLeaf } from '../../isomorphic/contract/proof.ts';
import { PROOF_FILE_FORMAT, leafText } from '../../isomorphic/proof/leaf.ts';
import { checkProof } from '../../isomorphic/proof/verify.ts';
import { MerkleTree, hashLeaf } from './merkle-tree.ts';

const sha = (...parts: Array<Buffer | Uint8Array | number[]>) =>
  createHash('sha256')
    .update(Buffer.concat(parts.map((p) => Buffer.from(p as Uint8Array))))
    .digest();
const leaf = (i: number): ProofLeaf => ({
  uid: String(20250000 + i),
  salt: randomBytes(16).toString('hex'),
  balances: [
    { asset: 'USDT', amount: `${i}.50000000` },
    { asset: 'BTC', amount: '0.00100000' },
  ],
});

function fileFor(tree: MerkleTree, leaves: ProofLeaf[], i: number): ProofFile {
  return {
    format: PROOF_FILE_FORMAT,
    proofId: 1,
    takenAt: 0,
    root: tree.root,
    leafCount: leaves.length,
    leaf: leaves[i]!,
    leafHash: hashLeaf(leaves[i]!).toString('hex'),
    path: tree.path(i),
  };
}

describe('the Merkle proof of liabilities', () => {
  it('writes a leaf as version, UID, salt and balances by asset code', () => {
    expect(
      leafText({
        uid: '20250001',
        salt: 'ab',
        balances: [
          { asset: 'USDT', amount: '12.50000000' },
          { asset: 'BTC', amount: '0.10000000' },
        ],
      }),
    ).toBe('lumex-por-v1|20250001|ab|BTC:0.10000000,USDT:12.50000000');
  });

  it('hashes leaves behind 0x00 and nodes behind 0x01, carrying a lone last node up unchanged', () => {
    const leaves = [0, 1, 2].map(leaf);
    const [a, b, c] = leaves.map(hashLeaf);
    expect(a).toEqual(sha([0], Buffer.from(leafText(leaves[0]!))));
    const tree = new MerkleTree([a!, b!, c!]);
    expect(tree.root).toBe(sha([1], sha([1], a!, b!), c!).toString('hex'));
    expect(tree.path(2)).toEqual([{ side: 'left', hash: sha([1], a!, b!).toString('hex') }]);
    expect(tree.path(1)).toEqual([
      { side: 'left', hash: a!.toString('hex') },
      { side: 'right', hash: c!.toString('hex') },
    ]);
    expect(new MerkleTree([a!]).root).toBe(a!.toString('hex'));
    expect(new MerkleTree([]).root).toBe(sha().toString('hex'));
  });

  it('gives every leaf of every tree size a path the browser check leads to the root', async () => {
    for (let n = 1; n <= 33; n++) {
      const leaves = Array.from({ length: n }, (_, i) => leaf(i));
      const tree = new MerkleTree(leaves.map(hashLeaf));
      for (let i = 0; i < n; i++) {
        const check = await checkProof(fileFor(tree, leaves, i));
        expect(check, `leaf ${i} of ${n}`).toEqual({
          ok: true,
          leafHash: hashLeaf(leaves[i]!).toString('hex'),
          root: tree.root,
        });
        expect(tree.path(i).length).toBeLessThanOrEqual(Math.ceil(Math.log2(n)));
      }
    }
  });

  it('catches every change to a file: balances, salt, a step, a side, another root; and refuses what is not a proof file', async () => {
    const leaves = Array.from({ length: 9 }, (_, i) => leaf(i));
    const tree = new MerkleTree(leaves.map(hashLeaf));
    const good = fileFor(tree, leaves, 4);
    const richer = { ...good, leaf: { ...good.leaf, balances: [{ asset: 'USDT', amount: '1000000.00000000' }] } };
    expect(await checkProof(richer)).toMatchObject({ ok: false, problem: 'leaf' });
    // A forger who recomputes the leaf hash for richer balances still cannot reach the root.
    expect(await checkProof({ ...richer, leafHash: hashLeaf(richer.leaf).toString('hex') })).toMatchObject({
      ok: false,
      problem: 'root',
    });
    expect(await checkProof({ ...good, leaf: { ...good.leaf, salt: randomBytes(16).toString('hex') } })).toMatchObject({
      ok: false,
      problem: 'leaf',
    });
    const steps = good.path.map((s) => ({ ...s }));
    steps[1]!.side = steps[1]!.side === 'left' ? 'right' : 'left';
    expect(await checkProof({ ...good, path: steps })).toMatchObject({ ok: false, problem: 'root' });
    expect(await checkProof({ ...good, path: good.path.slice(1) })).toMatchObject({ ok: false, problem: 'root' });
    expect(await checkProof({ ...good, root: 'ab'.repeat(32) })).toMatchObject({ ok: false, problem: 'root' });
    // Another user's leaf with this user's path goes nowhere either.
    expect(await checkProof({ ...fileFor(tree, leaves, 5), path: good.path })).toMatchObject({
      ok: false,
      problem: 'root',
    });
    for (const bad of [
      null,
      'text',
      {},
      { ...good, format: 'other' },
      { ...good, root: 'XYZ' },
      { ...good, path: [{ side: 'up', hash: good.root }] },
      { ...good, leaf: { ...good.leaf, balances: 'all' } },
      { ...good, path: Array(65).fill(good.path[0]) },
    ]) {
      expect(await checkProof(bad), JSON.stringify(bad)?.slice(0, 60)).toEqual({ ok: false, problem: 'malformed' });
    }
  });

  it('lets no leaf pass for an inner node: a leaf whose text is two hashes still hashes behind 0x00', () => {
    const [a, b] = [0, 1].map((i) => hashLeaf(leaf(i)));
    const node = sha([1], a!, b!);
    expect(sha([0], Buffer.concat([a!, b!]))).not.toEqual(node);
  });
});
