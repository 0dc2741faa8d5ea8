import type { FastifyInstance } from 'fastify';
import * as api from '../../isomorphic/contract/margin.endpoints.ts';
import type { FeatureContext } from '../feature.ts';
import { userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/route.ts';
import { userOrders } from '../spot/orders.repo.ts';
import { userRecords } from './margin.repo.ts';
import * as service from './margin.service.ts';
import { marginOrderView, recordView } from './views.ts';

/** Spot margin (spec §7 the coin family's wallet borrow calls): accounts, loans, rates, transfers, orders, records. */
export async function marginRoutes(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const { db, core, spot } = ctx;
  const route = router(app, db);
  const deps = { db, core, spot };

  route(api.canBorrow, async (req) => ok(service.canBorrow(deps, userOf(req).id, req.params.segment, req.query.coin, req.query.symbol)));
  route(api.preBorrow, async (req) => ok(service.preBorrow(deps, userOf(req).id, req.params.segment, req.body)));
  route(api.borrow, async (req) => ok(await service.borrow(deps, userOf(req).id, req.params.segment, req.body)));
  route(api.repay, async (req) => ok(await service.repay(deps, userOf(req).id, req.params.segment, req.body)));
  route(api.marginProperty, async (req) => ok(service.property(deps, userOf(req).id)));
  route(api.canBorrowList, async (req) => ok(service.canBorrowList(deps, userOf(req).id, req.params.segment, req.query.symbol)));
  route(api.depositRate, async () => ok(service.depositRates(deps)));
  route(api.isolatedLeverage, async (req) => ok(await service.setLeverage(deps, userOf(req).id, req.body)));
  route(api.marginTransfer, async (req) => ok(await service.transfer(deps, userOf(req).id, req.body)));
  route(api.marginOrder, async (req) => ok(await service.placeOrder(deps, userOf(req).id, req.body)));

  route(api.marginOrders, async (req) => {
    const q = req.query;
    const { total, rows } = await userOrders(db, userOf(req).id, q.state, q, q.symbol, q.mode);
    return ok({ total, page: q.page, size: q.size, records: rows.map((o) => marginOrderView(spot.markets.market(o.symbol), o)) });
  });

  route(api.marginRecords, async (req) => {
    const q = req.query;
    const { total, rows } = await userRecords(db, userOf(req).id, { mode: q.mode, kind: q.kind }, q);
    return ok({ total, page: q.page, size: q.size, records: rows.map(recordView) });
  });
}
