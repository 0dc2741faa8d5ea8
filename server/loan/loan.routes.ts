import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as api from '../../isomorphic/contract/loan.endpoints.ts';
import { REPAY_TYPES } from '../../isomorphic/contract/loan.ts';
import { audit } from '../audit/audit.ts';
import type { FeatureContext } from '../feature.ts';
import { userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { localeOf } from '../http/locale.ts';
import { router } from '../http/route.ts';
import { translatorFor } from '../i18n/i18n.ts';
import { ASSET_SCALE } from '../../isomorphic/money/units.ts';
import { positiveUnits } from '../spot/order-checks.ts';
import { requireAsset } from '../wallet/amounts.ts';
import { LOAN_POOL_FUNDING } from './loan.feature.ts';
import { fundingLines, fundPlatform } from '../core/funds.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import * as service from './loan.service.ts';

/** Power loans: products, the repayment types, applications with ID photos, repayment, and the operators' reviews. */
export async function loanRoutes(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const { db, core, clock } = ctx;
  const route = router(app, db);
  // The caller's language names the products in every answer.
  const d = (req: FastifyRequest) => ({ db, core, now: () => clock.now(), locale: localeOf(req) });

  route(api.loanList, async (req) => ok(await service.products(d(req))));
  route(api.repayTypes, async (req) => {
    const t = translatorFor(localeOf(req));
    return ok(REPAY_TYPES.map((value) => ({ value, label: t(`loan.repay.${value}`) })));
  });
  route(api.applyLoan, async (req) => ok(await service.apply(d(req), userOf(req).id, req.body)));
  route(api.myLoans, async (req) => ok(await service.mine(d(req), userOf(req).id, req.query)));
  route(api.loanDetail, async (req) => ok(await service.detail(d(req), userOf(req).id, req.query.id)));
  route(api.repayLoan, async (req) => ok(await service.repayLoan(d(req), userOf(req).id, req.body.id)));

  route(api.loanQueue, async (req) => ok(await service.queue(d(req), req.query)));
  route(api.reviewLoan, async (req) => ok(await service.review(d(req), userOf(req).id, req.body)));
  route(api.loanAdmin, async (req) => ok(await service.adminView(d(req))));
  route(api.saveLoanProduct, async (req) => ok(await service.saveProduct(d(req), userOf(req).id, req.body)));

  route(api.fundLoanPool, async (req) => {
    await requireAsset(db, req.body.coin);
    const amount = positiveUnits(req.body.amount, ASSET_SCALE, 'loan.field.amount');
    const operator = userOf(req).id;
    await fundPlatform(
      core,
      fundingLines(ACCOUNT.loanPool, [[req.body.coin, amount]]),
      LOAN_POOL_FUNDING(operator),
      (q) =>
        audit(q, operator, 'loan.pool.fund', 'loan_pool', req.body.coin, {
          coin: req.body.coin,
          amount: req.body.amount,
        }),
    );
    return ok(service.poolOf(d(req), req.body.coin));
  });
}
