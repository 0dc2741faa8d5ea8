import type { FastifyInstance } from 'fastify';
import * as api from '../../../isomorphic/contract/chain.endpoints.ts';
import type { FeatureContext } from '../../feature.ts';
import { userOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { router } from '../../http/route.ts';
import { listDeposits } from './deposits.service.ts';
import { Faucet } from './faucet.ts';

/** A user's deposits seen on chain, and the demo chain's faucet (isomorphic/contract/chain.endpoints.ts). */
export async function depositRoutes(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const { db, chains } = ctx;
  const route = router(app, db);
  const faucet = new Faucet({ db, chains, xpub: ctx.config.chain.evmXpub, clock: ctx.clock });
  route(api.chainDeposits, async (req) => ok(await listDeposits(db, chains, userOf(req).id, req.query)));
  route(api.faucet, async (req) => ok(await faucet.send(userOf(req).id, req.body.coin, req.body.network)));
}
