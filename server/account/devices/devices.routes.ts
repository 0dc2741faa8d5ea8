import type { FastifyInstance } from 'fastify';
import * as api from '../../../isomorphic/contract/security.endpoints.ts';
import type { FeatureContext } from '../../feature.ts';
import { userOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { router } from '../../http/route.ts';
import { deleteDevice, devicesOf, loginLog, nameDevice } from './devices.service.ts';

/** Devices and the login log (docs/requirements.md §7: getLoginDevice, deleteDevice, updateDevice, getLoginLog). */
export async function deviceRoutes(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const { db, clock } = ctx;
  const route = router(app, db);

  route(api.loginDevices, async (req) => ok(await devicesOf(db, userOf(req).id, req.sessionId!, clock.now())));
  route(api.deleteDevice, async (req) => {
    await deleteDevice(db, userOf(req).id, req.params.id, clock.now());
    return ok(null);
  });
  route(api.updateDevice, async (req) =>
    ok(await nameDevice(db, userOf(req).id, req.sessionId!, req.body.id, req.body.name, clock.now())),
  );
  route(api.loginLog, async (req) => ok(await loginLog(db, userOf(req).id, req.query.page, req.query.size)));
}
