/**
 * DeFi liquidity mining's wallet link (docs/requirements.md §7 /api/apiDefi/sendApproveHash): a signed message, never
 * an approval.
 */
import { endpoint, schemasIn, type } from './endpoint.ts';
import type { DefiChallenge, DefiLink } from './defi.ts';

const s = schemasIn('defi');
const tags = ['defi'];

export const defiChallenge = endpoint({
  method: 'POST',
  path: '/api/apiDefi/challenge',
  auth: 'user',
  body: s('challengeBody'),
  response: type<DefiChallenge>(),
  errors: ['defiAddressTaken'],
  summary: 'The message to sign with the wallet to link its address (valid 10 minutes), and the one-time fee',
  tags,
});

export const sendApproveHash = endpoint({
  method: 'POST',
  path: '/api/apiDefi/sendApproveHash',
  auth: 'user',
  body: s('approveHashBody'),
  response: type<DefiLink>(),
  errors: ['defiChallengeUnknown', 'defiBadSignature', 'defiAddressTaken', 'insufficientBalance'],
  summary: 'Link the address: the issued message with its personal_sign signature; the one-time fee is charged in ETH',
  tags,
});

export const defiLinks = endpoint({
  method: 'GET',
  path: '/api/apiDefi/links',
  auth: 'user',
  response: type<DefiLink[]>(),
  errors: [],
  summary: 'Your linked wallet addresses',
  tags,
});
