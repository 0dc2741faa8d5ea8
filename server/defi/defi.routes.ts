import type { FastifyInstance } from 'fastify';
import * as api from '../../isomorphic/contract/defi.endpoints.ts';
import type { FeatureContext } from '../feature.ts';
import { userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/route.ts';
import * as service from './defi.service.ts';

/** DeFi liquidity mining's wallet link: the message to sign, the signed message back, and the user's links. */
export async function defiRoutes(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const { db, core, clock } = ctx;
  const route = router(app, db);
  // Wallet links are Ethereum-network signatures: the chain serving ERC20, when one is watched, checks contract
  // wallets.
  const chain = ctx.chains.find((c) => c.network === 'ERC20');
  const d = {
    db,
    core,
    now: () => clock.now(),
    ...(chain
      ? {
          verifyOnChain: (address: `0x${string}`, message: string, signature: `0x${string}`) =>
            chain.client.verifyMessage({ address, message, signature }),
        }
      : {}),
  };
  route(api.defiChallenge, async (req) => ok(await service.challenge(d, userOf(req), req.body.address)));
  route(api.sendApproveHash, async (req) => ok(await service.link(d, userOf(req), req.body)));
  route(api.defiLinks, async (req) => ok(await service.links(d, userOf(req).id)));
}
