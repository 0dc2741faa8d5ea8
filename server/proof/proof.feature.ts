import type { FeatureContext } from '../feature.ts';
import type { LeasedJob } from '../jobs/scheduler.ts';
import { publishProof, type ProofDeps } from './proof.service.ts';

export function proofDeps({ db, core, clock, config }: FeatureContext): ProofDeps {
  return { db, core, clock, keep: config.proofKeep };
}

/**
 * Publishes a proof each interval, in one process; a missed interval is not taken late (the balances then are gone).
 */
export function proofJobs(ctx: FeatureContext): LeasedJob[] {
  const deps = proofDeps(ctx);
  return [
    {
      name: 'proof.publish',
      everyMs: ctx.config.proofIntervalMinutes * 60_000,
      catchUp: 0,
      run: ({ periodStart }) => publishProof(deps, { periodStart, operatorId: null }),
    },
  ];
}
