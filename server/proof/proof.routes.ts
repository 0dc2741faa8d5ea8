import type { FastifyInstance } from 'fastify';
import * as api from '../../src/lib/contract/proof.endpoints.ts';
import type { FeatureContext } from '../feature.ts';
import { userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/route.ts';
import { myProof, publishProof, roots, type ProofDeps } from './proof.service.ts';

function proofDeps({ db, core, clock, config }: FeatureContext): ProofDeps {
  return { db, core, clock, keep: config.proofKeep };
}

/** Published roots for anyone, each user's own leaf, publishing by hand for operators. */
export async function proofRoutes(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const deps = proofDeps(ctx);
  const route = router(app, ctx.db);
  route(api.proofRoots, async (req) => ok(await roots(ctx.db, req.query)));
  route(api.myLeaf, async (req) => ok(await myProof(ctx.db, userOf(req), req.query.id)));
  route(api.publishProof, async (req) => ok((await publishProof(deps, { periodStart: null, operatorId: userOf(req).id }))!));
}

/** Publishes a proof each interval, in one process; a missed interval is not taken late (balances then are gone). */
export async function startProofJob(ctx: FeatureContext): Promise<void> {
  const deps = proofDeps(ctx);
  ctx.jobs.lease({ name: 'proof.publish', everyMs: ctx.config.proofIntervalMinutes * 60_000, catchUp: 0, run: ({ periodStart }) => publishProof(deps, { periodStart, operatorId: null }) });
}
