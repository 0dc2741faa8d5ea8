import type { FastifyInstance } from 'fastify';
import * as api from '../../isomorphic/contract/api-keys.endpoints.ts';
import type { FeatureContext } from '../feature.ts';
import { userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/route.ts';
import { createKey, listKeys, pruneUses, removeKey } from './api-keys.service.ts';
import { loadSecretSeal } from './secret-seal.ts';

/**
 * API keys (docs/requirements.md §7 apis, api, api/del). The calls programs sign with them are the Binance door's
 * (server/binance/door.ts), which checks each signature with this feature's service.
 */
export async function apiKeyRoutes(app: FastifyInstance, { db, clock, config, jobs }: FeatureContext): Promise<void> {
  const seal = await loadSecretSeal(db, config.apiKeySealKey);
  const route = router(app, db);
  // Signatures stay 60 s past their window for the rate count; a minute's worth of rows at most per key.
  jobs.lease({ name: 'api-keys.prune', everyMs: 60_000, catchUp: 0, run: () => pruneUses(db, clock.now()) });

  route(api.apiKeys, async (req) => ok(await listKeys(db, userOf(req).id, req.query.page, req.query.size)));
  route(api.createApiKey, async (req) => ok(await createKey(db, clock, seal, userOf(req).id, req.body)), {
    config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
  });
  route(api.deleteApiKey, async (req) => {
    await removeKey(db, userOf(req).id, req.query.id);
    return ok(null);
  });
}
