import type { FastifyInstance } from 'fastify';
import * as api from '../../isomorphic/contract/chain.endpoints.ts';
import type { FeatureContext } from '../feature.ts';
import { userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/route.ts';
import { manualAddresses, setManualAddress } from './manual-addresses.ts';

/** The operators' deposit addresses for networks no key of the platform's covers (the manual review flow). */
export async function manualAddressRoutes(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const route = router(app, ctx.db);
  route(api.manualAddresses, async () => ok(await manualAddresses(ctx.db)));
  route(api.setManualAddress, async (req) => ok(await setManualAddress(ctx.db, userOf(req).id, req.body)));
}
