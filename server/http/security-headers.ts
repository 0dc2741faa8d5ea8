import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import type { Config } from '../config.ts';
import { allowedPageScripts } from '../site/csp.ts';
import { isApiPath } from './envelope.ts';

/** The headers every answer carries, for the whole server and for an edge (server/cluster/edge.ts) alike. */
export async function installSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  // The full set of browser security headers goes on pages (server/site applies it); other answers only need
  // the two below, and building the policy on every API call would cost a tenth of order entry.
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    if (isApiPath(req.url)) reply.header('cache-control', 'no-store');
  });
  await app.register(helmet, {
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
