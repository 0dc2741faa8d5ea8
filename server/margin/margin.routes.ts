import type { FastifyInstance } from 'fastify';
import * as api from '../../isomorphic/contract/margin.endpoints.ts';
import type { FeatureContext } from '../feature.ts';
import { userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/route.ts';
import * as service from './margin.service.ts';

/**
 * Spot margin (docs/requirements.md §7 the coin family's wallet borrow calls): accounts, loans, rates, transfers,
 * orders, records.
 */
export async function marginRoutes(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const { db, core, spot } = ctx;
  const route = router(app, db);
  const deps = { db, core, spot };

  route(api.canBorrow, async (req) =>
    ok(service.canBorrow(deps, userOf(req).id, req.params.segment, req.query.coin, req.query.symbol)),
  );
  route(api.preBorrow, async (req) => ok(service.preBorrow(deps, userOf(req).id, req.params.segment, req.body)));
  route(api.borrow, async (req) => ok(await service.borrow(deps, userOf(req).id, req.params.segment, req.body)));
  route(api.repay, async (req) => ok(await service.repay(deps, userOf(req).id, req.params.segment, req.body)));
  route(api.marginProperty, async (req) => ok(service.property(deps, userOf(req).id)));
  route(api.canBorrowList, async (req) =>
    ok(service.canBorrowList(deps, userOf(req).id, req.params.segment, req.query.symbol)),
  );
  route(api.depositRate, async () => ok(service.depositRates(deps)));
  route(api.isolatedLeverage, async (req) => ok(await service.setLeverage(deps, userOf(req).id, req.body)));
  route(api.marginTransfer, async (req) => ok(await service.transfer(deps, userOf(req).id, req.body)));
  route(api.marginOrder, async (req) => ok(await service.placeOrder(deps, userOf(req).id, req.body)));

  route(api.marginOrders, async (req) => ok(await service.orders(deps, userOf(req).id, req.query)));
  route(api.marginRecords, async (req) => ok(await service.records(deps, userOf(req).id, req.query)));
}
