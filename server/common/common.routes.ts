import type { FastifyInstance } from 'fastify';
import type { FeatureContext } from '../feature.ts';
import { customerService, serverTime, whitePaperSetting } from '../../isomorphic/contract/common.endpoints.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/route.ts';
import { customerServiceLinks, whitePaperUrl } from './common.service.ts';

/**
 * The white paper and customer-service links of docs/requirements.md §7, in the shapes the requirements' client reads,
 * and the server's clock for the site's screens.
 */
export async function commonRoutes(
  app: FastifyInstance,
  { db, clock, config: defaults }: FeatureContext,
): Promise<void> {
  const route = router(app, db);
  route(whitePaperSetting, async () => ok({ url: await whitePaperUrl(db, defaults) }));
  route(serverTime, async () => ok({ serverTime: clock.now() }));
  route(customerService, async () => ok({ code: 200, data: await customerServiceLinks(db, defaults) }));
}
