import type { FastifyInstance } from 'fastify';
import type { FeatureContext } from '../feature.ts';
import { customerService, whitePaperSetting } from '../../isomorphic/contract/common.endpoints.ts';
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
    const links = urls.map((url) => url.trim()).filter(Boolean);
    // With no outside link the platform's own chat answers (server/otc/chat), rather than "no customer service".
    return ok({ code: 200, data: links.length ? links.map((url) => ({ url, kind: 'link' as const })) : [{ url: '', kind: 'chat' as const }] });
  });
}
