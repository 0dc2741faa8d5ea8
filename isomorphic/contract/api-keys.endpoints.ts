/**
 * API keys (docs/requirements.md §7 "Account and auth": apis, api, api/del). Programs sign their calls with them on
 * the Binance-compatible door (`/api/v3`, `/fapi/v1`; server/binance, docs/api/binance.md), not on this web API.
 */
import { endpoint, schemasIn, type } from './endpoint.ts';
import type { ApiKeyCreated, ApiKeyView } from './api-keys.ts';
import type { Page } from './wallet.ts';

const s = schemasIn('apiKeys');
const tags = ['api-keys'];
const MEMBER = '/api/app/coin/member';

export const apiKeys = endpoint({
  method: 'GET',
  path: `${MEMBER}/apis`,
  auth: 'user',
  query: s('apiKeyListQuery'),
  response: type<Page<ApiKeyView>>(),
  errors: [],
  summary: 'Your API keys (never their secrets)',
  tags,
});

export const createApiKey = endpoint({
  method: 'POST',
  path: `${MEMBER}/api`,
  auth: 'user',
  body: s('apiKeyBody'),
  response: type<ApiKeyCreated>(),
  errors: [
    'apiKeyLimit',
    'apiIpListInvalid',
    'apiWithdrawNeedsWhitelist',
    'apiPublicKeyInvalid',
    'apiPrivateKeyPasted',
    'apiPublicKeyNotEd25519',
    'apiPublicKeyNotForHmac',
  ],
  summary:
    'Create an API key: read always, trade when asked; an HMAC key’s secret is answered this once, an ED25519 key ' +
    'registers the public key its owner made',
  tags,
});

export const deleteApiKey = endpoint({
  method: 'GET',
  path: `${MEMBER}/api/del`,
  auth: 'user',
  query: s('apiKeyIdQuery'),
  response: type<null>(),
  errors: ['apiKeyNotFound'],
  summary: 'Delete one of your API keys; calls signed with it are refused at once',
  tags,
});
