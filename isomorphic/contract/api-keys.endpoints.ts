/**
 * API keys (docs/requirements.md §7 "Account and auth": apis, api, api/del) and the signed calls programs make with
 * them (`/api/v1/…`, Binance's SIGNED scheme; see api-keys.ts). A signed order goes through the same exchange service
 * as the site's order form and shows in the owner's order centre.
 */
import { endpoint, schemasIn, type } from './endpoint.ts';
import type { ApiKeyCreated, ApiKeyView, ProgramAccount } from './api-keys.ts';
import type { SpotOrder } from './spot.ts';
import type { Page } from './wallet.ts';
import { submitOrder } from './spot.endpoints.ts';

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
  errors: ['apiKeyLimit', 'apiIpListInvalid', 'apiWithdrawNeedsWhitelist'],
  summary: 'Create an API key: read always, trade when asked; the secret is answered this once',
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

const SIGNING = [
  'Signed call. Send the key in the `X-LUMEX-APIKEY` header and the parameters in the query string, a form-encoded body',
  '(`application/x-www-form-urlencoded`) or both, with `timestamp` (milliseconds since the epoch) and optionally',
  "`recvWindow` (milliseconds, default 5000, at most 60000). `signature` is the hex HMAC-SHA256, with the key's",
  'secret, of the query string followed directly by the body (no `&` between them), leaving out the `signature`',
  'pair itself; send it as the last parameter. The call is refused unless `timestamp` is less than a second ahead',
  "of the server's clock (`GET /api/v1/time`) and at most `recvWindow` behind it; each signature is accepted once.",
  'Example, all in the query string:',
  '`echo -n "symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.01&price=60000&recvWindow=5000&timestamp=1700000000000"',
  '| openssl dgst -sha256 -hmac "$SECRET"`.',
].join(' ');
const SIGNED_ERRORS = [
  'apiKeyInvalid',
  'apiIpNotAllowed',
  'apiBodyNotForm',
  'signatureInvalid',
  'timestampStale',
  'recvWindowInvalid',
  'signatureReplayed',
  'apiPermissionMissing',
  'accountFrozen',
  'tooManyRequests',
] as const;
const programTags = ['api-keys (signed)'];

export const serverTime = endpoint({
  method: 'GET',
  path: '/api/v1/time',
  auth: 'none',
  response: type<{ serverTime: number }>(),
  errors: [],
  summary: "The server's clock, to set `timestamp` by",
  tags: programTags,
});

export const programAccount = endpoint({
  method: 'GET',
  path: '/api/v1/account',
  auth: 'none',
  query: s('programAccountQuery'),
  response: type<ProgramAccount>(),
  errors: SIGNED_ERRORS,
  summary: "Signed (read): the key's permissions and your spot balances",
  description: SIGNING,
  tags: programTags,
});

export const programOrder = endpoint({
  method: 'POST',
  path: '/api/v1/order',
  auth: 'none',
  query: s('programOrderQuery'),
  body: type<string>(),
  response: type<SpotOrder>(),
  errors: [...SIGNED_ERRORS, ...submitOrder.errors],
  summary:
    'Signed (trade): place a spot order; symbol, side BUY|SELL, type LIMIT|MARKET, timeInForce, quantity, price, quoteOrderQty',
  description: SIGNING,
  tags: programTags,
});

export const programCancel = endpoint({
  method: 'POST',
  path: '/api/v1/order/cancel',
  auth: 'none',
  query: s('programCancelQuery'),
  body: type<string>(),
  response: type<SpotOrder>(),
  errors: [...SIGNED_ERRORS, 'orderNotFound', 'orderNotOpen'],
  summary: 'Signed (trade): cancel one of your open orders by orderId',
  description: SIGNING,
  tags: programTags,
});

export const programOpenOrders = endpoint({
  method: 'GET',
  path: '/api/v1/openOrders',
  auth: 'none',
  query: s('programOpenOrdersQuery'),
  response: type<SpotOrder[]>(),
  errors: [...SIGNED_ERRORS, 'unknownMarket'],
  summary: 'Signed (read): your open orders, in one market or all',
  description: SIGNING,
  tags: programTags,
});
