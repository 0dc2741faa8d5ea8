import { FEED_CLOSE } from '../../isomorphic/contract/private-feed.ts';
import type { Db } from '../storage/db.ts';
import type { UserRow } from '../user/user.repo.ts';
import { authenticate } from '../user/session.service.ts';

/** How often a socket's session is checked again: a logout or password change ends its sockets within this. */
export const SESSION_CHECK_MS = 15_000;
/** Sockets per user (every tab opens one) and per client address, on the private feed and the STOMP socket each. */
export const MAX_SOCKETS_PER_USER = 10;

export type SocketAuth = { ok: true; user: UserRow } | { ok: false; code: number; reason: string };

/**
 * Who a socket's token belongs to, for the user id the socket names (a path segment or a STOMP header): a token
 * is never accepted for another user id. Answers the user, or the close code and reason.
 */
export async function authenticateSocket(db: Db, token: unknown, userId: number | undefined): Promise<SocketAuth> {
  if (typeof token !== 'string' || !token || token.length > 200)
    return { ok: false, code: FEED_CLOSE.unauthorized, reason: 'token required' };
  const found = await authenticate(db, token.replace(/^Bearer\s+/i, ''));
  if (!found) return { ok: false, code: FEED_CLOSE.unauthorized, reason: 'token unknown or expired' };
  if (userId !== undefined && found.user.id !== userId)
    return { ok: false, code: FEED_CLOSE.forbidden, reason: 'token belongs to another user' };
  return { ok: true, user: found.user };
}

/** A user id as a path segment or header writes it: canonical digits, or undefined. */
export function userIdOf(text: string | undefined): number | undefined {
  if (!text || !/^[1-9]\d{0,14}$/.test(text)) return undefined;
  return Number(text);
}
