import type { FastifyInstance } from 'fastify';
import type { FeatureContext } from '../feature.ts';
import { customerService, whitePaperSetting } from '../../isomorphic/contract/common.endpoints.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/route.ts';
import { customerServiceLinks, whitePaperUrl } from './common.service.ts';

/**
 * The white paper and customer-service links of docs/requirements.md §7, in the shapes the requirements' client reads.
 */
export async function commonRoutes(app: FastifyInstance, { db, config: defaults }: FeatureContext): Promise<void> {
  const route = router(app, db);
  route(whitePaperSetting, async () => ok({ url: await whitePaperUrl(db, defaults) }));
  route(customerService, async () => ok({ code: 200, data: await customerServiceLinks(db, defaults) }));
}
