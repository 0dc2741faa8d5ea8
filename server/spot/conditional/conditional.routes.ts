import type { FastifyInstance } from 'fastify';
import * as api from '../../../isomorphic/contract/spot.endpoints.ts';
import type { FeatureContext } from '../../feature.ts';
import { userOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { router } from '../../http/route.ts';
import { spotOrder } from '../views.ts';
import { ConditionalService } from './conditional.service.ts';
import { spotConditional } from './views.ts';

/** The site's conditional orders (docs/products/spot.md, "Conditional orders"): validate and hand to the service. */
export async function conditionalRoutes(
  app: FastifyInstance,
  { db, core, spot, markets }: FeatureContext,
): Promise<void> {
  const route = router(app, db);
  const stops = new ConditionalService(db, core, spot);
  const orderEntry = { config: { orderEntry: true } };
  const view = (c: Parameters<typeof spotConditional>[1]) => spotConditional(markets.market(c.symbol), c);

  route(api.submitStop, async (req) => ok(view(await stops.placeStop(userOf(req).id, req.body))), orderEntry);
  route(
    api.submitOco,
    async (req) => {
      const { stop, limit } = await stops.placeOco(userOf(req).id, req.body);
      return ok({ listId: stop.listId, stop: view(stop), limit: spotOrder(markets.market(limit.symbol), limit) });
    },
    orderEntry,
  );
  route(
    api.submitTpSl,
    async (req) => {
      const { stop, order } = await stops.placeTpSl(userOf(req).id, req.body);
      return ok({ listId: stop.listId, stop: view(stop), order: spotOrder(markets.market(order.symbol), order) });
    },
    orderEntry,
  );
  route(api.cancelStop, async (req) => ok(view(await stops.cancel(userOf(req).id, req.query.id))), orderEntry);
  route(
    api.cancelOrderList,
    async (req) => ok(view(await stops.cancelList(userOf(req).id, req.query.listId))),
    orderEntry,
  );
  route(api.stopList, async (req) => {
    const q = req.query;
    const found = await stops.list(userOf(req).id, q.state, q, q.symbol);
    return ok({ total: found.total, page: q.page, size: q.size, records: found.rows.map(view) });
  });
}
