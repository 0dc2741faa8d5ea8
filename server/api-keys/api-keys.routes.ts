import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  API_KEY_HEADER,
  programCancelParams,
  programOpenOrdersParams,
  programOrderParams,
  type ApiPermission,
} from '../../isomorphic/contract/api-keys.ts';
import * as api from '../../isomorphic/contract/api-keys.endpoints.ts';
import type { FeatureContext } from '../feature.ts';
import { userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/route.ts';
import { ValidationFailure } from '../outcome.ts';
import { spotOrder } from '../spot/views.ts';
import { createKey, listKeys, pruneUses, removeKey, verifySigned, type Verified } from './api-keys.service.ts';
import { programAccount, programOpenOrders } from './program.service.ts';
import { loadSecretSeal } from './secret-seal.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** A signed call's owner and parameters, once its signature, timing and permission are checked. */
    signed: Verified | null;
  }
}

/** Everything after `?` in the request line, as the client signed it. */
const rawQueryOf = (req: FastifyRequest) => {
  const url = req.raw.url ?? '';
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at + 1);
};

/** A signed call's parameters read with the route's schema; bad ones are refused as any bad input is. */
function paramsOf<S extends z.ZodType>(schema: S, req: FastifyRequest): z.output<S> {
  const parsed = schema.safeParse(req.signed!.params);
  if (!parsed.success)
    throw new ValidationFailure(
      parsed.error.issues.map((i) => ({ keyword: i.code, instancePath: `/${i.path.join('/')}`, message: i.message })),
    );
  return parsed.data;
}

/**
 * API keys (docs/requirements.md §7 apis, api, api/del) and the signed calls of programs (`/api/v1/…`). Signed calls
 * take a form-encoded body, read as text here so the signature covers it as sent; routes of other features keep JSON.
 */
export async function apiKeyRoutes(
  app: FastifyInstance,
  { db, clock, config, spot, markets, jobs }: FeatureContext,
): Promise<void> {
  const seal = await loadSecretSeal(db, config.apiKeySealKey);
  const route = router(app, db);
  app.decorateRequest('signed', null);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );
  // Signatures stay 60 s past their window for the rate count; a minute's worth of rows at most per key.
  jobs.lease({ name: 'api-keys.prune', everyMs: 60_000, catchUp: 0, run: () => pruneUses(db, clock.now()) });

  route(api.apiKeys, async (req) => ok(await listKeys(db, userOf(req).id, req.query.page, req.query.size)));
  route(api.createApiKey, async (req) => ok(await createKey(db, clock, seal, userOf(req).id, req.body)), {
    config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
  });
  route(api.deleteApiKey, async (req) => {
    await removeKey(db, userOf(req).id, req.query.id);
    return ok(null);
  });

  route(api.serverTime, async () => ok({ serverTime: clock.now() }));

  const signed = (needs: ApiPermission) => ({
    preHandler: async (req: FastifyRequest) => {
      const header = req.headers[API_KEY_HEADER.toLowerCase()];
      req.signed = await verifySigned(db, clock, seal, config.apiKeyRatePerMinute, {
        apiKey: Array.isArray(header) ? undefined : header,
        ip: req.ip,
        rawQuery: rawQueryOf(req),
        rawBody: req.body,
        needs,
      });
    },
  });
  const owner = (req: FastifyRequest) => req.signed!.user.id;

  route(
    api.programAccount,
    async (req) => ok(await programAccount(db, owner(req), req.signed!.permissions)),
    signed('read'),
  );

  route(
    api.programOrder,
    async (req) => {
      const p = paramsOf(programOrderParams, req);
      const order = await spot.place(owner(req), {
        symbol: p.symbol,
        side: p.side,
        type: p.type,
        price: p.price,
        quantity: p.quantity,
        quoteAmount: p.quoteOrderQty,
        timeInForce: p.timeInForce ?? 'GTC',
      });
      return ok(spotOrder(markets.market(order.symbol), order));
    },
    { ...signed('trade'), config: { orderEntry: true } },
  );

  route(
    api.programCancel,
    async (req) => {
      const order = await spot.cancel(owner(req), paramsOf(programCancelParams, req).orderId);
      return ok(spotOrder(markets.market(order.symbol), order));
    },
    { ...signed('trade'), config: { orderEntry: true } },
  );

  route(
    api.programOpenOrders,
    async (req) => ok(await programOpenOrders(db, markets, owner(req), paramsOf(programOpenOrdersParams, req).symbol)),
    signed('read'),
  );
}
