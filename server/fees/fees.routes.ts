import type { FastifyInstance } from 'fastify';
import * as api from '../../isomorphic/contract/fees.endpoints.ts';
import type { FeatureContext } from '../feature.ts';
import { userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/route.ts';
import { myFees, replaceSchedule, scheduleView } from './fees.service.ts';

/** The fee schedule in public, each user's own level (never another's), and the operators' edit. */
export async function feeRoutes(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const deps = { db: ctx.db, core: ctx.core };
  const route = router(app, ctx.db);
  route(api.feeSchedule, async () => ok(scheduleView(ctx.core)));
  route(api.myFees, async (req) => ok(await myFees(deps, userOf(req).id, ctx.clock.now())));
  route(api.setFeeSchedule, async (req) => ok(await replaceSchedule(deps, userOf(req).id, req.body.levels)));
}
