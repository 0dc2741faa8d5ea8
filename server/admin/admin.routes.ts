import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ratesBody, reviewBody, reviewListQuery } from '../../src/lib/contract/wallet.ts';
import { requireOperator, userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { auditLedger } from '../ledger/ledger.ts';
import { parseUnits } from '../../src/lib/money/units.ts';
import { fail } from '../http/errors.ts';
import type { Db } from '../storage/db.ts';
import { setCoinRates } from '../wallet/wallet.service.ts';
import { audit, auditLog, queue, reviewRecharge, reviewWithdrawal } from './admin.service.ts';

/** The operator console's API: review queues, decisions (each a ledger transaction), audit log, display rates. */
export async function adminRoutes(app: FastifyInstance, db: Db): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const operator = { preHandler: requireOperator(db) };
  const tags = ['admin'];

  r.get('/api/admin/wallet/recharges', { ...operator, schema: { tags, summary: 'Deposits by status (review: oldest first)', querystring: reviewListQuery } }, async (req) =>
    ok(await queue(db, 'recharges', req.query.status, req.query.page, req.query.size)),
  );
  r.get('/api/admin/wallet/withdrawals', { ...operator, schema: { tags, summary: 'Withdrawals by status (review: oldest first)', querystring: reviewListQuery } }, async (req) =>
    ok(await queue(db, 'withdrawals', req.query.status, req.query.page, req.query.size)),
  );
  r.post('/api/admin/wallet/recharge/review', { ...operator, schema: { tags, summary: 'Approve (credit) or reject (with a reason) a deposit', body: reviewBody } }, async (req) =>
    ok(await reviewRecharge(db, userOf(req).id, req.body.id, req.body.approve, req.body.reason)),
  );
  r.post('/api/admin/wallet/withdrawal/review', { ...operator, schema: { tags, summary: 'Approve (pay out) or reject (return, with a reason) a withdrawal', body: reviewBody } }, async (req) =>
    ok(await reviewWithdrawal(db, userOf(req).id, req.body.id, req.body.approve, req.body.reason)),
  );
  r.get('/api/admin/audit', { ...operator, schema: { tags, summary: 'Who did what and when', querystring: z.object({ page: z.coerce.number().int().min(1).default(1), size: z.coerce.number().int().min(1).max(100).default(50) }) } }, async (req) =>
    ok(await auditLog(db, req.query.page, req.query.size)),
  );
  r.post('/api/admin/wallet/rates', { ...operator, schema: { tags, summary: 'Set the display currencies and their rates per USDT', body: ratesBody } }, async (req) => {
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
  r.get('/api/admin/ledger/audit', { ...operator, schema: { tags, summary: 'Ledger health: problems found (empty when every invariant holds)' } }, async () => ok(await auditLedger(db)));
}
