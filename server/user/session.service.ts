import { randomUUID } from 'node:crypto';
import type { SessionTokens } from '../../isomorphic/contract/user.ts';
import { markSeen, touchDevice } from '../account/devices/devices.repo.ts';
import { fail } from '../outcome.ts';
import type { Db, Queryable } from '../storage/db.ts';
import * as sessions from './session.repo.ts';
import { findUserBy, type UserRow } from './user.repo.ts';
import { digest, newToken } from './tokens.ts';

export interface SessionSettings {
  tokenTtlSeconds: number;
  refreshTtlSeconds: number;
}

export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
}

/** The tenant of docs/requirements.md §3's session; the platform is single-tenant, so it is constant. */
const TENANT_ID = '000000';

/**
 * Opens a session (a new family unless one is given, as on refresh) and returns its secrets once. A new family
 * is a new device of the account (server/account/devices); a refresh sees the same device again.
 */
export async function openSession(
  q: Queryable,
  cfg: SessionSettings,
  userId: number,
  meta: ClientMeta,
  family: string = randomUUID(),
): Promise<SessionTokens> {
  const now = Date.now();
  const token = newToken();
  const refreshToken = newToken();
  await sessions.insertSession(q, {
    userId,
    family,
    tokenHash: digest(token),
    refreshHash: digest(refreshToken),
    issuedAt: now,
    expiresAt: now + cfg.tokenTtlSeconds * 1000,
    refreshExpiresAt: now + cfg.refreshTtlSeconds * 1000,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  await touchDevice(q, { userId, family, ip: meta.ip, userAgent: meta.userAgent?.slice(0, 300) ?? null, now });
  return {
    token,
    refreshToken,
    tenantId: TENANT_ID,
    issuedAt: Math.floor(now / 1000),
    expiresIn: cfg.tokenTtlSeconds,
    refreshExpiresIn: cfg.refreshTtlSeconds,
  };
}

/**
 * Recently checked tokens, so a burst of calls (an order stream) costs one lookup. Anything that revokes a
 * session in this process clears it at once; another process behind the same database notices a revocation
 * within CACHE_MS.
 */
const CACHE_MS = 5000;
const recent = new Map<string, { user: UserRow; sessionId: number; until: number; expiresAt: number }>();

/** Forgets every cached token check: called whenever sessions are revoked or a user changes. */
export function forgetSessions(): void {
  recent.clear();
}

/**
 * A device's last-seen time moves at most once a minute per process, so a busy session does not write on every call.
 */
const SEEN_EVERY_MS = 60_000;
const seen = new Map<string, number>();

async function noteSeen(db: Db, family: string, now: number): Promise<void> {
  if ((seen.get(family) ?? 0) > now - SEEN_EVERY_MS) return;
  if (seen.size > 10_000) seen.clear();
  seen.set(family, now);
  await markSeen(db, family, now, now - SEEN_EVERY_MS);
}

/** The user and session a bearer token belongs to, or undefined when the token is unknown, revoked or expired. */
export async function authenticate(db: Db, token: string): Promise<{ user: UserRow; sessionId: number } | undefined> {
  const key = digest(token);
  const now = Date.now();
  const hit = recent.get(key);
  if (hit && hit.until > now && hit.expiresAt > now) return { user: hit.user, sessionId: hit.sessionId };
  const s = await sessions.findSessionByToken(db, key);
  const until = s ? usableUntil(s) : 0;
  if (!s || until <= now) return undefined;
  const user = await findUserBy(db, 'id', s.userId);
  if (!user || user.status !== 'active') return undefined;
  await noteSeen(db, s.family, now);
  if (recent.size > 10_000) recent.clear();
  recent.set(key, { user, sessionId: s.id, until: now + CACHE_MS, expiresAt: until });
  return { user, sessionId: s.id };
}

/**
 * How long an access token still works after its session was rotated. Requests a page sent with the old token
 * while the refresh was on its way (a poll, a feed's re-subscribe, another tab) are answered instead of logging
 * the user out; logging out, a password change, a deleted device or a reused refresh token end it at once.
 */
const ROTATION_GRACE_MS = 60_000;

/** Until when a session's access token is accepted. */
function usableUntil(s: sessions.SessionRow): number {
  if (s.revokedAt === null) return s.expiresAt;
  return s.revokeReason === 'rotated' ? Math.min(s.expiresAt, s.revokedAt + ROTATION_GRACE_MS) : 0;
}

/**
 * Rotates a refresh token. A refresh token that was rotated more than a minute ago is a sign it was stolen: the
 * whole family (every session descended from that login) is revoked, and both holders must log in again. Within
 * the minute it is the benign race of two tabs refreshing together, and only this call fails.
 */
export async function refreshSession(
  db: Db,
  cfg: SessionSettings,
  refreshToken: string,
  meta: ClientMeta,
): Promise<SessionTokens> {
  const tokens = await db.tx(async (q) => {
    const now = Date.now();
    const s = await sessions.findSessionByRefresh(q, digest(refreshToken));
    if (!s || s.refreshExpiresAt <= now) return undefined;
    if (s.revokedAt !== null) {
      if (now - s.revokedAt > REUSE_GRACE_MS) await sessions.revokeFamily(q, s.family, 'refresh-reuse', now);
      return undefined;
    }
    if (!(await sessions.revokeSession(q, s.id, 'rotated', now))) return undefined;
    return openSession(q, cfg, s.userId, meta, s.family);
  });
  forgetSessions();
  return tokens ?? fail('refreshInvalid');
}

const REUSE_GRACE_MS = 60_000;

export async function closeSession(db: Db, sessionId: number): Promise<void> {
  await sessions.revokeFamilyOf(db, sessionId, 'logout', Date.now());
  forgetSessions();
}
