import type { FastifyInstance } from 'fastify';
import * as api from '../../isomorphic/contract/identity.endpoints.ts';
import type { FeatureContext } from '../feature.ts';
import { audit } from '../audit/audit.ts';
import { userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/route.ts';
import { bankCardOf, bindBankCard } from './bank.service.ts';
import * as kyc from './kyc.service.ts';
import { paymentsOf, removePayment, savePayment } from './payment.service.ts';
import { readLimits, usdtText, writeLimits } from './withdraw-limit.ts';

/**
 * Identity verification, the bank card and payment methods (docs/requirements.md §7 verified, uploadKYC,
 * getMemberOtherData, userBank, payment, getPayment), and the console's verification review and withdrawal limits.
 */
export async function identityRoutes(app: FastifyInstance, { db, clock }: FeatureContext): Promise<void> {
  const route = router(app, db);
  const limitTexts = (limits: bigint[]) => limits.map(usdtText) as [string, string, string];

  route(api.submitPrimaryKyc, async (req) => ok(await kyc.submitPrimary(db, clock, userOf(req), req.body)));
  route(api.submitAdvancedKyc, async (req) => ok(await kyc.submitAdvanced(db, clock, userOf(req), req.body)));
  route(api.memberData, async (req) => ok(await kyc.identityState(db, clock, userOf(req).id)));

  route(api.saveBankCard, async (req) => ok(await bindBankCard(db, clock, userOf(req).id, req.body)));
  route(api.bankCard, async (req) => ok(await bankCardOf(db, userOf(req).id)));

  route(api.savePayment, async (req) => ok(await savePayment(db, clock, userOf(req).id, req.body)));
  route(api.payments, async (req) => ok(await paymentsOf(db, userOf(req).id)));
  route(api.deletePayment, async (req) => {
    await removePayment(db, userOf(req).id, req.query.id);
    return ok(null);
  });

  route(api.kycQueue, async (req) => ok(await kyc.kycQueue(db, req.query.status, req.query.page, req.query.size)));
  route(api.reviewKyc, async (req) =>
    ok(await kyc.reviewKyc(db, clock, userOf(req).id, req.body.id, req.body.approve, req.body.reason)),
  );
  route(api.withdrawLimits, async () => ok(limitTexts(await readLimits(db))));
  route(api.setWithdrawLimits, async (req) => {
    const { level0, level1, level2 } = req.body;
    const limits = await db.tx(async (q) => {
      const written = limitTexts(await writeLimits(q, [level0, level1, level2]));
      await audit(q, userOf(req).id, 'kyc.limits', 'settings', 'identity.withdrawLimits', { limits: written });
      return written;
    });
    return ok(limits);
  });
}
