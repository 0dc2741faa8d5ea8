import type { FastifyInstance } from 'fastify';
import type { FeatureContext } from '../feature.ts';
import { customerService, whitePaperSetting } from '../../src/lib/contract/common.endpoints.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/route.ts';
import { readSetting } from '../settings/settings.repo.ts';

/**
 * The white paper and customer-service links of spec §7, in the shapes the spec's client reads: a setting operators
 * can change at run time (app_settings), else the value the environment gave at start.
 */
export async function commonRoutes(app: FastifyInstance, { db, config: defaults }: FeatureContext): Promise<void> {
  const route = router(app, db);
  route(whitePaperSetting, async () => ok({ url: (await readSetting(db, 'support.whitePaperUrl')) ?? defaults.whitePaperUrl ?? null }));
  route(customerService, async () => {
    const stored = await readSetting(db, 'support.customerServiceUrls');
    const urls = stored ? stored.split(',') : defaults.customerServiceUrls;
    return ok({ code: 200, data: urls.filter(Boolean).map((url) => ({ url: url.trim() })) });
  });
}
