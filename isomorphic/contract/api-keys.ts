/**
 * Wire contract of API keys and the timing of the calls programs sign with them on the Binance-compatible door
 * (server/binance): Binance's SIGNED scheme, parameters in the query string and/or a form-encoded body, `timestamp`
 * (ms) and optional `recvWindow` (default 5,000, at most 60,000), and `signature` over the query string followed
 * directly by the body, the `signature` pair itself left out: the hex HMAC-SHA256 with the key's secret (HMAC keys)
 * or the base64 Ed25519 signature with the user's private key (ED25519 keys); the key goes in Binance's
 * `X-MBX-APIKEY` header.
 */
import { z } from './zod.ts';
import { queryInt } from './integers.ts';
import { API_KEY_TYPES, API_PERMISSIONS, type ApiKeyType, type ApiPermission } from './identity.values.ts';

export {
  API_KEY_HEADER,
  API_KEY_TYPES,
  API_PERMISSIONS,
  type ApiKeyType,
  RECV_WINDOW_DEFAULT_MS,
  RECV_WINDOW_MAX_MS,
  type ApiPermission,
} from './identity.values.ts';

const text = () =>
  z.string({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalidType') });

/**
 * POST api: a new key. `ipList` holds addresses or CIDR ranges (IPv4 or IPv6); empty means any address. An ED25519
 * key takes the user's `publicKey` (PEM, `-----BEGIN PUBLIC KEY-----`); an HMAC key takes none and gets a secret.
 */
export const apiKeyBody = z.object({
  type: z.enum(API_KEY_TYPES, { error: 'validation.apiKeyType' }).default('HMAC'),
  /** An Ed25519 public key in PEM is about 113 characters; the bound leaves room for line endings and spaces. */
  publicKey: text().max(1000, { error: 'validation.apiPublicKey' }).optional(),
  label: text()
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(1, { error: 'validation.required' })
        .max(50, { error: 'validation.apiLabel' })
        .regex(/^[\p{L}\p{N} ._-]+$/u, { error: 'validation.apiLabel' }),
    ),
  permissions: z
    .array(z.enum(API_PERMISSIONS, { error: 'validation.apiPermission' }), { error: 'validation.invalidType' })
    .max(3, { error: 'validation.apiPermission' })
    .default([]),
  ipList: z
    .array(text().max(50, { error: 'validation.ipList' }), { error: 'validation.invalidType' })
    .max(20, { error: 'validation.ipList' })
    .default([]),
  /** The authenticator's code, once it is bound. */
  googleCode: text()
    .regex(/^\d{6}$/, { error: 'validation.googleCode' })
    .optional(),
});
export type ApiKeyBody = z.input<typeof apiKeyBody>;
export const apiKeyListQuery = z.object({
  page: queryInt({ min: 1, max: 100_000 }).default(1),
  size: queryInt({ min: 1, max: 100 }).default(30),
});
export const apiKeyIdQuery = z.object({
  id: queryInt({ min: 1, max: Number.MAX_SAFE_INTEGER, error: 'validation.recordId' }),
});

/** A whole number in a signed call's parameters, as text: never signed, padded or in exponent form. */
const digits = text().regex(/^(0|[1-9]\d{0,14})$/, { error: 'validation.integer' });

/** The timing and signature parameters of every signed call. */
export const signedParams = z.object({ timestamp: digits, recvWindow: digits.optional() });

/** One key as its owner sees it; the secret is never shown again after creation. */
export interface ApiKeyView {
  id: number;
  label: string;
  type: ApiKeyType;
  apiKey: string;
  permissions: ApiPermission[];
  ipList: string[];
  createTime: number;
  lastUsedTime: number | null;
}
export interface ApiKeyCreated extends ApiKeyView {
  /** An HMAC key's secret, shown once: store it now. An ED25519 key has none (its owner holds the private key). */
  secret?: string;
}
