import { AsyncResource } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { withRequestKey } from '../core/request-keys.ts';

/** A client's `Idempotency-Key`: 1–64 letters, digits, `_` or `-`. Anything else is ignored, as no key. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The header in which a core hands its own routes the key an edge gave a forwarded request. It counts only with
 * this process's secret, so a caller of the core's port cannot name one.
 */
const FORWARDED = 'x-lumex-request-key';
const secret = randomBytes(18).toString('base64url');

export function forwardedKeyHeader(key: string): Record<string, string> {
  return { [FORWARDED]: `${secret}.${key}` };
}

/** The request's key and, for an edge's key (a random one), its owner until the request names its account. */
function keyOf(req: FastifyRequest): { key: string; owner: string } | undefined {
  const asked = req.headers['idempotency-key'];
  if (typeof asked === 'string' && IDEMPOTENCY_KEY.test(asked)) return { key: `c:${asked}`, owner: '' };
  const forwarded = req.headers[FORWARDED];
  if (typeof forwarded === 'string' && forwarded.startsWith(`${secret}.`))
    return { key: forwarded.slice(secret.length + 1), owner: 'edge' };
  return undefined;
}

const scoped = Symbol('request key scope');
type Scoped = FastifyRequest & { [scoped]?: AsyncResource };

/**
 * Runs every request with a key (the client's Idempotency-Key, or the edge's own for a request it forwarded) in
 * that key's scope (server/core/request-keys.ts), so the core decides each of its commands at most once. The
 * scope is entered in the first hook and entered again before validation, because the body is read on the
 * stream's events, outside the request's async context (as @fastify/request-context does). Install before any
 * route, ahead of the guards of server/http/auth.ts, which name the account.
 */
export function installRequestKeys(app: FastifyInstance): void {
  app.addHook('onRequest', (req: Scoped, _reply, done) => {
    const found = keyOf(req);
    if (!found) return done();
    withRequestKey(found.key, found.owner, () => {
      req[scoped] = new AsyncResource('lumex.request-key');
      done();
    });
  });
  app.addHook('preValidation', (req: Scoped, _reply, done) => {
    const resource = req[scoped];
    if (resource) resource.runInAsyncScope(done);
    else done();
  });
}
