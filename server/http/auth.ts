import type { FastifyRequest } from 'fastify';
import type { Db } from '../storage/db.ts';
import type { UserRow } from '../user/user.repo.ts';
import { authenticate } from '../user/session.service.ts';
import { fail } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    sessionId: number | null;
  }
}

/** The token of spec §7: `authorization` (with or without "Bearer ") or `satoken`. */
export function tokenOf(req: FastifyRequest): string | undefined {
  const raw = req.headers.authorization ?? req.headers.satoken;
  const value = Array.isArray(raw) ? raw[0] : raw;
  const token = value?.replace(/^Bearer\s+/i, '').trim();
  return token && token.length <= 200 ? token : undefined;
}

/** A preHandler for routes that need a user: a missing or dead token is HTTP 401 (spec §8). */
export function requireUser(db: Db) {
  return async (req: FastifyRequest) => {
    const token = tokenOf(req);
    const found = token ? await authenticate(db, token) : undefined;
    if (!found) fail('unauthorized');
    req.user = found.user;
    req.sessionId = found.sessionId;
  };
}

/** A preHandler for operator routes (users.role 'operator'): no session is HTTP 401, any other user 403. */
export function requireOperator(db: Db) {
  const signedIn = requireUser(db);
  return async (req: FastifyRequest) => {
    await signedIn(req);
    if (req.user?.role !== 'operator') fail('forbidden');
  };
}

/** The signed-in user of a route guarded by requireUser. */
export function userOf(req: FastifyRequest): UserRow {
  if (!req.user) fail('unauthorized');
  return req.user;
}
