import type { FastifyInstance } from 'fastify';
import * as api from '../../../isomorphic/contract/chain.endpoints.ts';
import type { FeatureContext } from '../../feature.ts';
import { userOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { router } from '../../http/route.ts';
import { setPayoutSettings } from './chain-settings.ts';
import { chainOverview } from './overview.ts';

/** The operators' chain view and settings (docs/products/chain.md, "Operators"). */
export async function chainPayoutRoutes(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const { db } = ctx;
  const route = router(app, db);
  const overview = () => chainOverview(db, ctx.chains, ctx.config.chain.evmXpub);
  route(api.chainOverview, async () => ok(await overview()));
  route(api.setChainSettings, async (req) => {
    const coins = new Set(ctx.chains.flatMap((c) => c.tokens.map((t) => t.coin)));
    await setPayoutSettings(db, userOf(req).id, coins, req.body);
    return ok(await overview());
  });
}
