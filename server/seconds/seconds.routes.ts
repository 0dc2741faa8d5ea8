import type { FastifyInstance } from 'fastify';
import * as api from '../../isomorphic/contract/seconds.endpoints.ts';
import type { FeatureContext } from '../feature.ts';
import { userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/route.ts';
import * as admin from './seconds-admin.service.ts';
import * as service from './seconds.service.ts';
import { secondsOrderView } from './views.ts';

/**
 * Second contracts (docs/requirements.md §7): periods, orders, the public settled list, and the operators' periods and
 * pool.
 */
export async function secondsRoutes(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const { db, core, markets, prices, clock, config } = ctx;
  const route = router(app, db);
  const deps = { db, core, markets, prices, maxPriceAgeMs: config.secondsPriceAgeMs };
  const adminDeps = { db, core, markets, now: () => clock.now() };

  route(api.periodList, async (req) => ok(await service.periods(deps, req.body)));

  route(
    api.createSecondsOrder,
    async (req) => {
      const { order, priceScale } = await service.openOrder(deps, userOf(req).id, req.body);
      return ok(secondsOrderView(order, priceScale));
    },
    { config: { orderEntry: true } },
  );

  route(api.secondsOrders, async (req) => ok(await service.orders(deps, userOf(req).id, req.body)));
  route(api.settledSeconds, async (req) => ok(await service.settled(deps, req.body)));

  route(api.adminPeriods, async () => ok(await admin.adminPeriods(adminDeps)));
  route(api.savePeriod, async (req) => ok(await admin.savePeriod(adminDeps, userOf(req).id, req.body)));
  route(api.fundPool, async (req) => ok(await admin.fundPool(adminDeps, userOf(req).id, req.body.amount)));
}
