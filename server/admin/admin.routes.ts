import type { FastifyInstance } from 'fastify';
import type { FeatureContext } from '../feature.ts';
import * as api from '../../isomorphic/contract/admin.endpoints.ts';
import { auditLog } from '../audit/audit.ts';
import { userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { auditLedger } from '../ledger/ledger.ts';
import { router } from '../http/route.ts';
import { outboxPage } from '../notify/outbox.ts';
import { transportsOf } from '../notify/sender.ts';
import { creditTestFunds, queue, reviewRecharge, reviewWithdrawal } from '../wallet/review.service.ts';
import { setCoinRates } from '../wallet/wallet.service.ts';
import { deskView, operatorFundDesk, operatorLimitDesk } from '../wallet/swap-desk.ts';
import { advanceClock, clockState } from './clock.service.ts';

/**
 * The operator console's API: review queues, decisions (each a ledger transaction), audit log, display rates, and
 * the outbox (`transports` says which channels leave the server; the others' codes are read there).
 */
export async function adminRoutes(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const { db, config } = ctx;
  const transports = transportsOf(config);
  const route = router(app, db);

  route(api.rechargeQueue, async (req) =>
    ok(await queue(db, 'recharges', req.query.status, req.query.page, req.query.size)),
  );
  route(api.withdrawalQueue, async (req) =>
    ok(await queue(db, 'withdrawals', req.query.status, req.query.page, req.query.size)),
  );
  route(api.reviewRecharge, async (req) =>
    ok(await reviewRecharge(db, ctx.core, userOf(req).id, req.body.id, req.body.approve, req.body.reason)),
  );
  route(api.reviewWithdrawal, async (req) =>
    ok(
      await reviewWithdrawal(ctx.core, userOf(req).id, req.body.id, req.body.approve, req.body.reason, {
        db,
        chains: ctx.chains,
        bus: ctx.bus,
      }),
    ),
  );
  route(api.auditLog, async (req) => ok(await auditLog(db, req.query.page, req.query.size)));
  route(api.outbox, async (req) => ok(await outboxPage(db, req.query.page, req.query.size, transports)));
  route(api.setRates, async (req) => {
    await setCoinRates(db, userOf(req).id, req.body.rates);
    return ok(null);
  });
  route(api.ledgerAudit, async () => ok(await auditLedger(db)));

  route(api.swapDesk, async () => ok(await deskView(db)));
  route(api.fundSwapDesk, async (req) =>
    ok(await operatorFundDesk(db, ctx.core, userOf(req).id, req.body.coin, req.body.amount)),
  );
  route(api.setSwapLimit, async (req) =>
    ok(await operatorLimitDesk(db, userOf(req).id, req.body.coin, req.body.maxPerSwap)),
  );

  route(api.credit, async (req) => {
    await creditTestFunds(db, ctx.core, userOf(req).id, req.body);
    return ok(null);
  });

  route(api.clockState, async () => ok(clockState(ctx.clock)));
  route(api.advanceClock, async (req) => ok(await advanceClock(db, ctx.clock, userOf(req).id, req.body.ms)));
}
