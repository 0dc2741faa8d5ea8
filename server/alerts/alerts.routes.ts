import type { FastifyInstance } from 'fastify';
import * as api from '../../isomorphic/contract/alerts.endpoints.ts';
import type { FeatureContext } from '../feature.ts';
import { userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { localeOf } from '../http/locale.ts';
import { router } from '../http/route.ts';
import { alertsDeps, createAlert, listAlerts, removeAlert } from './alerts.service.ts';

/** Price alerts (docs/products/alerts.md): each user sets, reads and deletes only their own. */
export async function alertRoutes(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const d = alertsDeps(ctx);
  const route = router(app, ctx.db);
  route(api.alertList, async (req) => ok(await listAlerts(d, userOf(req).id, req.query)));
  route(api.createAlert, async (req) => ok(await createAlert(d, userOf(req).id, localeOf(req), req.body)));
  route(api.deleteAlert, async (req) => {
    await removeAlert(d, userOf(req).id, req.body.id);
    return ok(null);
  });
}
