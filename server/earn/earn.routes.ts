import type { FastifyInstance } from 'fastify';
import * as api from '../../isomorphic/contract/earn.endpoints.ts';
import { audit } from '../audit/audit.ts';
import type { FeatureContext } from '../feature.ts';
import { optionalUser, userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { localeOf } from '../http/locale.ts';
import { router } from '../http/route.ts';
import { ASSET_SCALE } from '../../isomorphic/money/units.ts';
import { positiveUnits } from '../spot/order-checks.ts';
import { requireAsset } from '../wallet/amounts.ts';
import { EARN_POOL_FUNDING } from './earn.feature.ts';
import { fundingLines, fundPlatform } from '../core/funds.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import * as service from './earn.service.ts';

/** Staking and finance products: the lists, subscriptions, redemptions, orders and income, and the operators' side. */
export async function earnRoutes(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const { db, core, clock } = ctx;
  const route = router(app, db);
  const d = { db, core, now: () => clock.now() };
  const signedIn = optionalUser(db);

  route(
    api.productList,
    async (req) => ok(await service.products(d, req.params.x, req.user?.id ?? null, localeOf(req))),
    {
      preHandler: signedIn,
    },
  );
  route(
    api.productDetail,
    async (req) => ok(await service.product(d, req.query.id, req.user?.id ?? null, localeOf(req))),
    {
      preHandler: signedIn,
    },
  );
  route(api.subscribeEarn, async (req) => ok(await service.subscribeTo(d, userOf(req).id, req.body, localeOf(req))));
  route(api.redeemPreview, async (req) => ok(await service.preview(d, userOf(req).id, req.query.id)));
  route(api.redeemEarn, async (req) => ok(await service.redeemOrder(d, userOf(req).id, req.body.id, localeOf(req))));
  route(api.earnOrders, async (req) => ok(await service.orders(d, userOf(req).id, req.query, localeOf(req))));
  route(api.personalIncome, async (req) => ok(await service.income(d, userOf(req).id, req.query, localeOf(req))));

  route(api.adminEarn, async (req) => ok(await service.obligations(d, localeOf(req))));

  route(api.saveEarnProduct, async (req) => ok(await service.saveProduct(d, userOf(req).id, req.body, localeOf(req))));

  route(api.fundEarnPool, async (req) => {
    await requireAsset(db, req.body.coin);
    const amount = positiveUnits(req.body.amount, ASSET_SCALE, 'earn.field.amount');
    const operator = userOf(req).id;
    await fundPlatform(
      core,
      fundingLines(ACCOUNT.earnPool, [[req.body.coin, amount]]),
      EARN_POOL_FUNDING(operator),
      (q) =>
        audit(q, operator, 'earn.pool.fund', 'earn_pool', req.body.coin, {
          coin: req.body.coin,
          amount: req.body.amount,
        }),
    );
    return ok(service.poolOf(d, req.body.coin));
  });
}
