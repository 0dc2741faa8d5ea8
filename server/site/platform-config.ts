import type { FastifyInstance } from 'fastify';
import type { PlatformConfig } from '../../isomorphic/contract/platform.ts';
import { PLATFORM_GLOBAL } from '../../isomorphic/contract/platform.ts';

/** GET /platform/dev/config.js: the platform config script of docs/requirements.md §7. */
export async function platformConfigRoute(app: FastifyInstance, config: PlatformConfig): Promise<void> {
  const body = `window.${PLATFORM_GLOBAL}=${JSON.stringify(config)};\n`;
  app.get('/platform/dev/config.js', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=60').send(body),
  );
}
