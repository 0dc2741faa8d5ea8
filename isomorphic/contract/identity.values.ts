/**
 * Values of the identity and API-key contracts that islands use, in a module without zod (the schema modules
 * identity.ts and api-keys.ts import them from here, so both sides share one list).
 */

/** The kinds of payment method an OTC counterparty can pay to. */
export const PAYMENT_KINDS = ['bank', 'alipay', 'wechat'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** What an API key may do: read is always granted; trade and withdraw only when asked for. */
export const API_PERMISSIONS = ['read', 'trade', 'withdraw'] as const;
export type ApiPermission = (typeof API_PERMISSIONS)[number];

/**
 * How a key's calls are signed (Binance's two key types for its APIs): HMAC, a secret the exchange makes and shows
 * once; ED25519, a key pair the user makes, registering only the public key (the private key never leaves them).
 */
export const API_KEY_TYPES = ['HMAC', 'ED25519'] as const;
export type ApiKeyType = (typeof API_KEY_TYPES)[number];

/** The header that carries the key of a signed call: Binance's, as the door serves Binance's API. */
export const API_KEY_HEADER = 'X-MBX-APIKEY';
/** Where programs find the Binance-compatible door (server/binance): spot REST, USDⓈ-M REST, market streams. */
export const BOT_API_PATHS = { spot: '/api/v3', futures: '/fapi/v1', streams: '/ws' } as const;
export const RECV_WINDOW_DEFAULT_MS = 5_000;
export const RECV_WINDOW_MAX_MS = 60_000;
