import type { FastifyInstance } from 'fastify';
import type { FeatureContext } from '../feature.ts';
import * as api from '../../isomorphic/contract/admin.endpoints.ts';
import { userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { auditLedger } from '../ledger/ledger.ts';
import { parseUnits } from '../../isomorphic/money/units.ts';
import { fail } from '../outcome.ts';
import { router } from '../http/route.ts';
import { listMessages } from '../notify/outbox.repo.ts';
import { transportsOf } from '../notify/sender.ts';
import { setCoinRates } from '../wallet/wallet.service.ts';
import { amountOf, requireAsset } from '../wallet/amounts.ts';
import { deskView, fundDesk } from '../wallet/swap-desk.ts';
import { setDeskLimit } from '../wallet/swap.repo.ts';
import { audit, auditLog } from '../audit/audit.ts';
import { queue, reviewRecharge, reviewWithdrawal } from '../wallet/review.service.ts';
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
    ok(await reviewWithdrawal(ctx.core, userOf(req).id, req.body.id, req.body.approve, req.body.reason)),
  );
  route(api.auditLog, async (req) =>
    ok(await auditLog(db, req.query.page, req.query.size)),
  );
  route(api.outbox, async (req) => {
    const { page, size } = req.query;
    return ok({ ...(await listMessages(db, page, size, transports)), page, size });
  });
  route(api.setRates, async (req) => {
    for (const x of req.body.rates) {
      const p = parseUnits(x.rate, 8);
      if (!p.ok || p.value <= 0n) fail('amountInvalid');
    }
    await db.tx(async (q) => {
      await setCoinRates(q, req.body.rates);
      await audit(q, userOf(req).id, 'rates.set', 'settings', 'wallet.rates', { rates: req.body.rates });
    });
    return ok(null);
  });
  route(api.ledgerAudit, async () => ok(await auditLedger(db)));

  route(api.swapDesk, async () => ok(await deskView(db)));
  route(api.fundSwapDesk, async (req) => {
    await requireAsset(db, req.body.coin);
    const units = amountOf(req.body.amount);
    await fundDesk(ctx.core, req.body.coin, units, `operator:${userOf(req).id}`, (q) =>
      audit(q, userOf(req).id, 'swap.fund', 'asset', req.body.coin, { coin: req.body.coin, amount: req.body.amount }),
    );
    // The desk's inventory is read from the tables, which the core's projector writes behind the command.
    await ctx.core.settled();
    return ok(await deskView(db));
  });
  route(api.setSwapLimit, async (req) => {
    await requireAsset(db, req.body.coin);
    const units = amountOf(req.body.maxPerSwap);
    await db.tx(async (q) => {
      await setDeskLimit(q, req.body.coin, units);
      await audit(q, userOf(req).id, 'swap.limit', 'asset', req.body.coin, { coin: req.body.coin, maxPerSwap: req.body.maxPerSwap });
    });
    return ok(await deskView(db));
  });

  route(api.clockState, async () => ok(clockState(ctx.clock)));
  route(api.advanceClock, async (req) => ok(await advanceClock(db, ctx.clock, userOf(req).id, req.body.ms)));
}
