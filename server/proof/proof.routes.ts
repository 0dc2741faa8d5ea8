import type { FastifyInstance } from 'fastify';
import * as api from '../../isomorphic/contract/proof.endpoints.ts';
import type { FeatureContext } from '../feature.ts';
import { userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/route.ts';
import { proofDeps } from './proof.feature.ts';
import { myProof, publishProof, roots } from './proof.service.ts';

/** Published roots for anyone, each user's own leaf, publishing by hand for operators. */
export async function proofRoutes(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const deps = proofDeps(ctx);
  const route = router(app, ctx.db);
  route(api.proofRoots, async (req) => ok(await roots(ctx.db, req.query)));
  route(api.myLeaf, async (req) => ok(await myProof(ctx.db, userOf(req), req.query.id)));
  route(api.publishProof, async (req) =>
    ok((await publishProof(deps, { periodStart: null, operatorId: userOf(req).id }))!),
  );
}
