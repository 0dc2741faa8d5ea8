import type { FeatureContext, FeatureJob } from '../feature.ts';
import { rankUsers } from './fees.service.ts';

/**
 * The daily ranking (docs/products/fees.md): in one process, at the start of each UTC day, every user's VIP level
 * from the 30 days before. Only the newest missed day is run after downtime: an older day's levels would be replaced
 * at once.
 */
export function feeJobs(ctx: FeatureContext): FeatureJob[] {
  const deps = { db: ctx.db, core: ctx.core };
  return [
    { name: 'fees.levels', everyMs: 86_400_000, catchUp: 0, run: ({ periodStart }) => rankUsers(deps, periodStart) },
  ];
}
