import { atom } from 'nanostores';
import { request } from '../api/client.ts';
import * as api from '../../../isomorphic/contract/proof.endpoints.ts';
import type { ProofFile } from '../../../isomorphic/contract/proof.ts';
import { keyed, remote } from '../stores/remote.ts';

const published = atom(0);

/**
 * Published proofs, newest first, a page at a time; again after the console publishes one. A failed load reads as none.
 */
export const proofRootsStore = keyed(
  (current: number, size: number) =>
    remote(
      () =>
        request(api.proofRoots, { query: { current, size } }).catch(() => ({
          records: [],
          total: 0,
          current,
          size,
          pages: 0,
        })),
      { deps: [published] },
    ).$value,
);
/** The root the platform published for one proof, or undefined when it published none with that number. */
export const publishedRoot = async (id: number) => (await request(api.proofRoots, { query: { id } })).records[0];
/**
 * The user's own leaf; quiet, because a proof without a leaf for them is a state the page explains, not an error toast.
 */
export const myLeafStore = keyed(
  (id: number) => remote(() => request(api.myLeaf, { query: { id }, quiet: true }), { once: true }).$value,
);

/** Publishes a proof now (the console), besides the scheduled ones; the lists of proofs load again. */
export async function publishProof() {
  const root = await request(api.publishProof);
  published.set(published.get() + 1);
  return root;
}

/** Offers the proof as a JSON file to save: the user keeps it and can check it anywhere, without us. */
export function downloadProof(file: ProofFile): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `proof-of-liabilities-${file.proofId}-${file.leaf.uid}.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
