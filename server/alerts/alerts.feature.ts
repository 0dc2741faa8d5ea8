import type { Feature, FeatureContext, FeatureJob } from '../feature.ts';
import { ALERTS_MIGRATION } from './alerts.migration.ts';
import { alertRoutes } from './alerts.routes.ts';
import { alertsDeps, checkAlerts } from './alerts.service.ts';

/** How often the watcher compares the active alerts with their markets. */
export const ALERT_CHECK_MS = 1_000;

/**
 * The watcher runs beside the core (docs/architecture.md, "Clock and jobs"): the last trades it reads are the core's
 * own market data, which only the active core keeps from the journal as it is written; a standby that takes over
 * starts from the same tables. The claim in the table keeps it to one firing per alert all the same.
 */
function alertJobs(ctx: FeatureContext): FeatureJob[] {
  const d = alertsDeps(ctx);
  return [
    { name: 'alerts.check', everyMs: ALERT_CHECK_MS, where: 'core', run: async () => void (await checkAlerts(d)) },
  ];
}

/** Price alerts: the table, the watcher and the calls (docs/products/alerts.md). */
export const ALERTS_FEATURE: Feature = {
  name: 'alerts',
  migrations: [ALERTS_MIGRATION],
  jobs: alertJobs,
  routes: alertRoutes,
};
