import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import type { Config } from '../config.ts';
import { allowedPageScripts } from '../site/csp.ts';
import { isApiPath } from './envelope.ts';

/**
 * The headers every answer carries, for the whole server and for an edge (server/cluster/edge.ts) alike. The full
 * set of browser security headers goes on pages only (pageSecurityHeaders); an API answer needs these two. A
 * callback hook, not an async one: it runs on every answer, and a promise per answer is garbage at order-entry rates.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    if (isApiPath(req.url)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

/**
 * `reply.helmet()` for the page routes of `scope` (server/site/site.ts). Registered in the pages' own plugin
 * scope: @fastify/helmet adds two onRequest hooks (one building a closure per request) to every route of the scope
 * it is registered in, even with `global: false`, and at the root that was every API call.
 */
export async function pageSecurityHeaders(scope: FastifyInstance, config: Config): Promise<void> {
  await scope.register(helmet, {
    global: false,
    // Astro hydrates islands with small inline scripts: each page allows the hashes of its own (server/site/csp.ts),
    // never 'unsafe-inline'. The site talks to its own API and feeds.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", allowedPageScripts],
        scriptSrcAttr: ["'none'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...(config.publicApiBase ? [config.publicApiBase] : [])],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
}
