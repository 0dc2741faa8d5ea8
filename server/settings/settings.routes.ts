import type { FastifyInstance } from 'fastify';
import { ERRORS } from '../../isomorphic/contract/codes.ts';
import * as api from '../../isomorphic/contract/settings.endpoints.ts';
import type { FeatureContext } from '../feature.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/route.ts';
import { allSettings, dictionary } from './dictionaries.ts';

/** docs/requirements.md §7 getAllSetting and the dictionaries of /sys/sys/dict/getDictItems/{dictCode}. */
export async function settingsRoutes(app: FastifyInstance, { db, config }: FeatureContext): Promise<void> {
  const route = router(app, db);
  route(api.allSettings, async () => ok(await allSettings(db, config.productName)));
  route(api.dictItems, async (req, reply) => {
    const items = await dictionary(db, req.params.dictCode, req.t);
    if (items) return ok(items);
    // A dictionary the platform does not keep is a missing resource, answered as an unknown path is: HTTP 404.
    return reply
      .code(404)
      .send({ code: ERRORS.dictUnknown, msg: req.t('error.dictUnknown', { code: req.params.dictCode }), data: null });
  });
}
