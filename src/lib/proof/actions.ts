import { request } from '../api/client.ts';
import * as api from '../../../isomorphic/contract/proof.endpoints.ts';
import type { ProofFile } from '../../../isomorphic/contract/proof.ts';

export const proofRoots = (current = 1, size = 15) => request(api.proofRoots, { query: { current, size } });
/** The root the platform published for one proof, or undefined when it published none with that number. */
export const publishedRoot = async (id: number) => (await request(api.proofRoots, { query: { id } })).records[0];
/** The user's own leaf; quiet, because a proof without a leaf for them is a state the page explains, not an error toast. */
export const myLeaf = (id?: number) => request(api.myLeaf, { query: id === undefined ? {} : { id }, quiet: true });
export const publishProof = () => request(api.publishProof);

/** Offers the proof as a JSON file to save: the user keeps it and can check it anywhere, without us. */
export function downloadProof(file: ProofFile): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `proof-of-liabilities-${file.proofId}-${file.leaf.uid}.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
