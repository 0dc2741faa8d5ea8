import type { FeatureContext } from '../feature.ts';
import type { LeasedJob } from '../jobs/scheduler.ts';
import { payRebates } from './payout.ts';
import type { ReferralDeps } from './referral.service.ts';

export function referralDeps({ db, core, clock, config }: FeatureContext): ReferralDeps {
  return { db, core, clock, periodMinutes: config.referralPeriodMinutes };
}

/**
 * The rebate job: each period, in one process, pays the fees of the trades made before the period began. Missed
 * periods are caught up in order after downtime; a repeated period finds its trades paid (server/referral/payout.ts).
 */
export function referralJobs(ctx: FeatureContext): LeasedJob[] {
  const deps = referralDeps(ctx);
  return [
    {
      name: 'referral.rebates',
      everyMs: ctx.config.referralPeriodMinutes * 60_000,
      run: ({ periodStart }) => payRebates(deps, periodStart),
    },
  ];
}
