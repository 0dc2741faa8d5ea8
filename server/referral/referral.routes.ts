import type { FastifyInstance } from 'fastify';
import * as api from '../../isomorphic/contract/referral.endpoints.ts';
import type { FeatureContext } from '../feature.ts';
import { userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/route.ts';
import { payRebates } from './payout.ts';
import { referralDeps } from './referral.feature.ts';
import * as referral from './referral.service.ts';

/**
 * docs/requirements.md §7 agentActivityInfo: each call answers the signed-in user's own promotion only; operators set
 * the rates.
 */
export async function referralRoutes(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const deps = referralDeps(ctx);
  const route = router(app, ctx.db);
  route(api.agentInfo, async (req) => ok(await referral.agentInfo(deps, userOf(req), req.body.offsetMinutes)));
  route(api.agentList, async (req) => ok(await referral.agentList(deps, userOf(req), req.body)));
  route(api.rewardDays, async (req) => ok(await referral.rewardDays(deps, userOf(req), req.body)));
  route(api.rewardUsers, async (req) => ok(await referral.rewardUsers(deps, userOf(req), req.body)));
  route(api.referralAdmin, async () => ok(await referral.adminView(deps)));
  route(api.setReferralRates, async (req) => ok(await referral.setRates(deps, userOf(req).id, req.body.rates)));
  route(api.settleRebates, async (req) => ok(await payRebates(deps, ctx.clock.now(), userOf(req).id)));
}
