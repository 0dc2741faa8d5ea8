import type { FastifyInstance } from 'fastify';
import * as api from '../../isomorphic/contract/loan.endpoints.ts';
import { REPAY_TYPES } from '../../isomorphic/contract/loan.ts';
import { audit } from '../audit/audit.ts';
import type { FeatureContext } from '../feature.ts';
import { userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/route.ts';
import { translatorFor, localeOfHeaders } from '../i18n/i18n.ts';
import { ASSET_SCALE } from '../spot/market.ts';
import { positiveUnits } from '../spot/order.service.ts';
import { fail } from '../outcome.ts';
import { requireAsset } from '../wallet/amounts.ts';
import { payOut, payoutOf } from './loan-commands.ts';
import { LOAN_POOL_FUNDING } from './loan.feature.ts';
import { fundingLines, fundPlatform } from '../core/funds.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { applicationQueue, decideApplication, findApplication, loanProducts, saveLoanProduct } from './loan.repo.ts';
import * as service from './loan.service.ts';
import { loanProductView } from './views.ts';

/** Power loans: products, the repayment types, applications with ID photos, repayment, and the operators' reviews. */
export async function loanRoutes(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const { db, core, clock } = ctx;
  const route = router(app, db);
  const d = { db, core, now: () => clock.now() };

  route(api.loanList, async () => ok(await service.products(d)));
  route(api.repayTypes, async (req) => {
    const t = translatorFor(localeOfHeaders(req.headers));
    return ok(REPAY_TYPES.map((value) => ({ value, label: t(`loan.repay.${value}`) })));
  });
  route(api.applyLoan, async (req) => ok(await service.apply(d, userOf(req).id, req.body)));
  route(api.myLoans, async (req) => ok(await service.mine(d, userOf(req).id, req.query)));
  route(api.loanDetail, async (req) => ok(await service.detail(d, userOf(req).id, req.query.id)));
  route(api.repayLoan, async (req) => ok(await service.repayLoan(d, userOf(req).id, req.body.id)));

  route(api.loanQueue, async (req) => {
    const { total, rows } = await applicationQueue(db, req.query.state, req.query);
    return ok({ total, page: req.query.page, size: req.query.size, records: await service.applications(d, rows) });
  });

  route(api.reviewLoan, async (req) => {
    const operator = userOf(req).id;
    const { id, approve, reason } = req.body;
    if (!approve && !reason) fail('reasonRequired');
    const decide = async (q: Parameters<typeof decideApplication>[0]) => {
      const a = await decideApplication(q, id, { state: approve ? 'passed' : 'failed', reason: approve ? null : reason, at: clock.now(), by: operator });
      if (!a) fail('loanReviewed');
      await audit(q, operator, approve ? 'loan.approve' : 'loan.reject', 'loan', id, { reason });
      return a;
    };
    // An approval pays out in the same transaction as the decision: a refused payout (the pool short) leaves it pending.
    if (approve) await core.submitPrepared(payOut, async (q) => payoutOf(await decide(q)));
    else await db.tx(decide);
    return ok((await service.applications(d, [(await findApplication(db, id))!]))[0]!);
  });

  route(api.loanAdmin, async () => ok({ products: (await loanProducts(db)).map(loanProductView), pools: await service.pools(d) }));

  route(api.saveLoanProduct, async (req) => {
    const row = await service.productRow(d, req.body);
    const operator = userOf(req).id;
    const saved = await db.tx(async (q) => {
      const p = await saveLoanProduct(q, row, clock.now());
      if (!p) fail('loanProductUnknown');
      await audit(q, operator, row.id === undefined ? 'loan.product.create' : 'loan.product.update', 'loan_product', p.id, { ...req.body });
      return p;
    });
    return ok(loanProductView(saved));
  });

  route(api.fundLoanPool, async (req) => {
    await requireAsset(db, req.body.coin);
    const amount = positiveUnits(req.body.amount, ASSET_SCALE, 'loan.field.amount');
    const operator = userOf(req).id;
    await fundPlatform(core, fundingLines(ACCOUNT.loanPool, [[req.body.coin, amount]]), LOAN_POOL_FUNDING(operator), (q) => audit(q, operator, 'loan.pool.fund', 'loan_pool', req.body.coin, { coin: req.body.coin, amount: req.body.amount }));
    return ok(service.poolOf(d, req.body.coin));
  });
}
