import { requireSecondFactor } from '../account/security/second-factor.ts';
import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import {
  RECV_WINDOW_DEFAULT_MS,
  RECV_WINDOW_MAX_MS,
  signedParams,
  type ApiKeyCreated,
  type ApiKeyType,
  type ApiKeyView,
  type ApiPermission,
  type apiKeyBody,
} from '../../isomorphic/contract/api-keys.ts';
import type { Clock } from '../clock/clock.ts';
import { fail, ValidationFailure } from '../outcome.ts';
import type { Db, Row } from '../storage/db.ts';
import { findUserBy, type UserRow } from '../user/user.repo.ts';
import * as repo from './api-keys.repo.ts';
import { ed25519Matches, readEd25519PublicKey } from './ed25519.ts';
import { ipAllowed, normalizeIpList } from './ip-list.ts';
import type { SecretSeal } from './secret-seal.ts';
import { onTime, readSigned, signatureMatches } from './signature.ts';

/** How many keys one user may hold. */
const MAX_KEYS = 30;
const RATE_WINDOW_MS = 60_000;
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 64 random letters and digits (about 381 bits), as Binance's keys and secrets look. */
function token(): string {
  return Array.from({ length: 64 }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');
}

function permissionsOf(r: Row): ApiPermission[] {
  return [
    'read',
    ...(Number(r.can_trade) ? (['trade'] as const) : []),
    ...(Number(r.can_withdraw) ? (['withdraw'] as const) : []),
  ];
}

function toKeyView(r: Row): ApiKeyView {
  return {
    id: Number(r.id),
    label: String(r.label),
    type: String(r.key_type) as ApiKeyType,
    apiKey: String(r.api_key),
    permissions: permissionsOf(r),
    ipList: JSON.parse(String(r.ip_list)) as string[],
    createTime: Number(r.created_at),
    lastUsedTime: r.last_used_at === null || r.last_used_at === undefined ? null : Number(r.last_used_at),
  };
}

const PUBLIC_KEY_REFUSALS = {
  malformed: 'apiPublicKeyInvalid',
  private: 'apiPrivateKeyPasted',
  notEd25519: 'apiPublicKeyNotEd25519',
} as const;

/**
 * An ED25519 key's public key, read and made canonical; an HMAC key takes none (its secret is made here). Returns
 * null for an HMAC key.
 */
function publicKeyOf(body: z.output<typeof apiKeyBody>): string | null {
  if (body.type === 'HMAC') {
    if (body.publicKey !== undefined && body.publicKey.trim() !== '') fail('apiPublicKeyNotForHmac');
    return null;
  }
  const read = readEd25519PublicKey(body.publicKey ?? '');
  if ('refused' in read) fail(PUBLIC_KEY_REFUSALS[read.refused]);
  return read.pem;
}

/**
 * POST api: a new key. Read is always granted, trade only when asked for. No signed call withdraws (withdrawals are
 * sealed with the fund password in the browser), so the withdraw permission is refused with a message that says so.
 * An HMAC key gets a secret made here and shown once; an ED25519 key keeps the public key its owner pasted, and no
 * secret at all. With the authenticator bound, creating a key needs its code, checked last so a refused request
 * spends none.
 */
export async function createKey(
  db: Db,
  clock: Clock,
  seal: SecretSeal,
  userId: number,
  body: z.output<typeof apiKeyBody>,
): Promise<ApiKeyCreated> {
  if (body.permissions.includes('withdraw')) fail('apiWithdrawNeedsWhitelist');
  const ipList = normalizeIpList(body.ipList);
  if (!ipList) fail('apiIpListInvalid');
  const publicKey = publicKeyOf(body);
  if ((await repo.keyCount(db, userId)) >= MAX_KEYS) fail('apiKeyLimit', { max: MAX_KEYS });
  await requireSecondFactor(db, userId, body.googleCode, clock.now());
  const apiKey = token();
  const secret = publicKey === null ? token() : undefined;
  const row = await repo.insertApiKey(db, {
    userId,
    label: body.label,
    apiKey,
    type: body.type,
    secretSealed: secret === undefined ? '' : seal.seal(secret, apiKey),
    publicKey,
    canTrade: body.permissions.includes('trade'),
    ipList,
    at: clock.now(),
  });
  return { ...toKeyView(row), ...(secret === undefined ? {} : { secret }) };
}

export async function listKeys(db: Db, userId: number, page: number, size: number) {
  const { total, rows } = await repo.userKeys(db, userId, { page, size });
  return { total, page, size, records: rows.map(toKeyView) };
}

export async function removeKey(db: Db, userId: number, id: number): Promise<void> {
  if (!(await repo.deleteKey(db, userId, id))) fail('apiKeyNotFound');
}

/** A signed call as it arrived. */
interface SignedCall {
  apiKey: string | undefined;
  ip: string;
  /** Everything after `?` in the request line, as sent. */
  rawQuery: string;
  /** The form body as sent (a string), or what the parser made of another content type. */
  rawBody: unknown;
  /** The permission the route needs. */
  needs: ApiPermission;
}

export interface Verified {
  user: UserRow;
  permissions: ApiPermission[];
  /** The call's parameters, query string over body, signature and timing left in. */
  params: Record<string, string>;
}

const invalid = (field: string, message: string) =>
  new ValidationFailure([{ keyword: 'custom', instancePath: `/${field}`, message }]);

/** Reads `timestamp` and `recvWindow`: whole milliseconds, the window 1 to 60,000 (5,000 when absent). */
function timingOf(params: Record<string, string>): { timestamp: number; recvWindow: number } {
  const parsed = signedParams.safeParse(params);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalid(String(issue.path[0]), issue.message);
  }
  const recvWindow = parsed.data.recvWindow === undefined ? RECV_WINDOW_DEFAULT_MS : Number(parsed.data.recvWindow);
  if (recvWindow < 1 || recvWindow > RECV_WINDOW_MAX_MS) fail('recvWindowInvalid', { max: RECV_WINDOW_MAX_MS });
  return { timestamp: Number(parsed.data.timestamp), recvWindow };
}

/**
 * Checks a signed call, in the order that reveals least to a stranger and writes nothing for a bad one: the key
 * (and its IP allow-list), the signature (HMAC-SHA256 with the sealed secret, or Ed25519 with the registered public
 * key, as the key's type says), the timing, the key's permission for the route, then the signature is
 * recorded (a replay, even a racing copy, is refused) and counted against the key's rate. Only then does the
 * route act, as the key's owner.
 */
export async function verifySigned(
  db: Db,
  clock: Clock,
  seal: SecretSeal,
  ratePerMinute: number,
  call: SignedCall,
): Promise<Verified> {
  const key = call.apiKey && call.apiKey.length <= 128 ? await repo.findByApiKey(db, call.apiKey) : undefined;
  if (!key) fail('apiKeyInvalid');
  if (!ipAllowed(JSON.parse(String(key.ip_list)) as string[], call.ip)) fail('apiIpNotAllowed');
  if (call.rawBody !== undefined && call.rawBody !== null && typeof call.rawBody !== 'string') fail('apiBodyNotForm');
  const signed = readSigned(call.rawQuery, typeof call.rawBody === 'string' ? call.rawBody : '');
  if (signed.malformed !== undefined) throw invalid(signed.malformed, 'validation.duplicateParam');
  const sent = signed.signatures.length === 1 ? signed.signatures[0]! : undefined;
  const ed25519 = String(key.key_type) === 'ED25519';
  const matches =
    sent !== undefined &&
    (ed25519
      ? ed25519Matches(String(key.public_key), signed.payload, sent)
      : signatureMatches(seal.open(String(key.secret_sealed), String(key.api_key)), signed.payload, sent));
  if (!matches) fail('signatureInvalid');
  const { timestamp, recvWindow } = timingOf(signed.params);
  const now = clock.now();
  if (!onTime(timestamp, recvWindow, now)) fail('timestampStale', { window: recvWindow });
  const permissions = permissionsOf(key);
  if (!permissions.includes(call.needs)) fail('apiPermissionMissing', { permission: call.needs });
  const keyId = Number(key.id);
  if (
    !(await repo.recordUse(db, {
      keyId,
      // Hex is read in either case, so an HMAC signature is kept in one; base64 is case-sensitive and kept as sent
      // (ed25519Matches reads only its one canonical spelling).
      signature: ed25519 ? sent! : sent!.toLowerCase(),
      at: now,
      keepUntil: Math.max(timestamp + recvWindow, now + RATE_WINDOW_MS),
    }))
  )
    fail('signatureReplayed');
  if ((await repo.usesSince(db, keyId, now - RATE_WINDOW_MS)) > ratePerMinute) fail('tooManyRequests');
  const user = await findUserBy(db, 'id', Number(key.user_id));
  if (!user) fail('apiKeyInvalid');
  if (user.status === 'frozen') fail('accountFrozen');
  await repo.touchKey(db, keyId, now);
  return { user, permissions, params: signed.params };
}

/**
 * A call that carries only the key (Binance's USER_STREAM calls, the listen key's): the key, its IP allow-list and
 * its owner, with no signature to check or record.
 */
export async function verifyKeyOnly(db: Db, apiKey: string | undefined, ip: string): Promise<Verified> {
  const key = apiKey && apiKey.length <= 128 ? await repo.findByApiKey(db, apiKey) : undefined;
  if (!key) fail('apiKeyInvalid');
  if (!ipAllowed(JSON.parse(String(key.ip_list)) as string[], ip)) fail('apiIpNotAllowed');
  const user = await findUserBy(db, 'id', Number(key.user_id));
  if (!user) fail('apiKeyInvalid');
  if (user.status === 'frozen') fail('accountFrozen');
  return { user, permissions: permissionsOf(key), params: {} };
}

/** Forgets signatures whose window has closed and that no longer count against a rate. */
export function pruneUses(db: Db, now: number): Promise<void> {
  return repo.pruneUses(db, now);
}
