/**
 * Proof of liabilities: published roots for anyone, a user's own leaf and path, and publishing by hand for operators.
 */
import { endpoint, schemasIn, type } from './endpoint.ts';
import type { Page, ProofFile, ProofRoot } from './proof.ts';

const s = schemasIn('proof');
const tags = ['proof'];

export const proofRoots = endpoint({
  method: 'GET',
  path: '/api/proof/roots',
  auth: 'none',
  query: s('rootsQuery'),
  response: type<Page<ProofRoot>>(),
  errors: [],
  summary: 'Published Merkle roots over every user’s balances, with the liabilities per asset, newest first',
  tags,
});

export const myLeaf = endpoint({
  method: 'GET',
  path: '/api/proof/myLeaf',
  auth: 'user',
  query: s('myLeafQuery'),
  response: type<ProofFile>(),
  errors: ['proofNotFound', 'proofNoLeaf', 'proofLeavesPruned'],
  summary: 'Your leaf in a proof (the newest by default) with its path to the root, as a file you can check yourself',
  tags,
});

export const publishProof = endpoint({
  method: 'POST',
  path: '/api/admin/proof/publish',
  auth: 'operator',
  response: type<ProofRoot>(),
  errors: [],
  summary: 'Take and publish a proof of liabilities now, besides the scheduled ones',
  tags: ['admin'],
});
