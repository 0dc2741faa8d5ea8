import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Db } from '../storage/db.ts';
import type { UserRow } from '../user/user.repo.ts';
import { ownRequest } from '../core/request-keys.ts';
import { authenticate } from '../user/session.service.ts';
import { fail } from '../outcome.ts';
import { OPERATOR_TAG } from './api-docs.ts';

type Guard = (req: FastifyRequest) => Promise<void>;
export type Access = 'user' | 'operator';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    sessionId: number | null;
  }
  interface FastifyContextConfig {
    /** Set by installAuth on every guarded route: who may call it. */
    access?: Access;
  }
}

/** Which guard demands what: installAuth finds a route's guards here, whatever hook the route listed them in. */
const guards = new WeakMap<Guard, Access>();

/** The token of docs/requirements.md §7: `authorization` (with or without "Bearer ") or `satoken`. */
export function tokenOf(req: FastifyRequest): string | undefined {
  const raw = req.headers.authorization ?? req.headers.satoken;
  const value = Array.isArray(raw) ? raw[0] : raw;
  const token = value?.replace(/^Bearer\s+/i, '').trim();
  return token && token.length <= 200 ? token : undefined;
}

/** The guard of routes that need a user: a missing or dead token is HTTP 401 (docs/requirements.md §8). */
export function requireUser(db: Db): Guard {
  const guard: Guard = async (req) => {
    const token = tokenOf(req);
    const found = token ? await authenticate(db, token) : undefined;
    if (!found) fail('unauthorized');
    req.user = found.user;
    req.sessionId = found.sessionId;
    ownRequest(`u${found.user.id}`);
  };
  guards.set(guard, 'user');
  return guard;
}

/** The guard of operator routes (users.role 'operator'): no session is HTTP 401, any other user 403. */
export function requireOperator(db: Db): Guard {
  const signedIn = requireUser(db);
  const guard: Guard = async (req) => {
    await signedIn(req);
    if (req.user?.role !== 'operator') fail('forbidden');
  };
  guards.set(guard, 'operator');
  return guard;
}

/** The signed-in user of a route guarded by requireUser. */
export function userOf(req: FastifyRequest): UserRow {
  if (!req.user) fail('unauthorized');
  return req.user;
}

/** A preHandler for public routes that answer a signed-in user differently (a swap quote bound to them). */
export function optionalUser(db: Db) {
  return async (req: FastifyRequest) => {
    const token = tokenOf(req);
    const found = token ? await authenticate(db, token) : undefined;
    req.user = found?.user ?? null;
    req.sessionId = found?.sessionId ?? null;
    if (found) ownRequest(`u${found.user.id}`);
  };
}

type Hook = NonNullable<RouteOptions['onRequest']>;
const asList = (h: Hook | undefined): Guard[] => (h === undefined ? [] : ([] as unknown[]).concat(h)) as Guard[];

/**
 * Every guarded route authenticates in its onRequest stage, whichever hook its options name the guard in: a
 * request without a valid token gets 401 before its body is read or checked (Fastify validates before
 * preHandler, so an empty body once got 400 first). Operator routes are documented under the operator tag, which
 * only an operator's copy of the API document shows (api-docs.ts). Install before any route is declared.
 */
export function installAuth(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const found: Guard[] = [];
    for (const stage of ['preValidation', 'preHandler'] as const) {
      const hooks = asList(route[stage] as Hook | undefined);
      const mine = hooks.filter((h) => guards.has(h));
      if (!mine.length) continue;
      found.push(...mine);
      route[stage] = hooks.filter((h) => !guards.has(h)) as never;
    }
    if (!found.length) return;
    route.onRequest = [...asList(route.onRequest), ...found] as never;
    const access: Access = found.some((g) => guards.get(g) === 'operator') ? 'operator' : 'user';
    route.config = { ...route.config, access };
    if (access === 'operator') route.schema = { ...route.schema, tags: [OPERATOR_TAG] };
  });
}
