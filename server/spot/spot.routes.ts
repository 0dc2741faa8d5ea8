import type { FastifyInstance } from 'fastify';
import type { FeatureContext } from '../feature.ts';
import * as api from '../../isomorphic/contract/spot.endpoints.ts';
import { userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/route.ts';
import * as queries from './spot-queries.service.ts';
import { spotOrder } from './views.ts';

/**
 * Spot trading and market data (docs/requirements.md §7 "Market and trading"). The `{apiRequestHead}` of the
 * requirements' coin family is `app`: `/api/app/coin/…`.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** Order entry: a command to the core, so it does not wait for the projector (waitForProjector). */
    orderEntry?: boolean;
  }
}

/**
 * Every call from here on sees the orders, trades and balances of every acknowledged order: it waits for the
 * projector, which is at once when it has caught up. Order entry (routes with config.orderEntry) goes through the
 * runners and need not wait. Installed server-wide at spot's place in the features list, so the routes
 * listed before it (accounts, settings, content) never wait.
 */
export async function waitForProjector({ app, core }: FeatureContext): Promise<void> {
  app.addHook('preHandler', (req, _reply, done) => {
    if (core.projector.caughtUp || req.routeOptions.config.orderEntry) return done();
    core.settled().then(() => done(), done);
  });
}

export async function spotRoutes(app: FastifyInstance, { db, spot, markets }: FeatureContext): Promise<void> {
  const route = router(app, db);
  const orderEntry = { config: { orderEntry: true } };

  // Placing and cancelling answer under two names each (docs/requirements.md §7): the currency family's and the coin
  // family's entrust calls, one handler and the spot service behind both.
  for (const e of [api.submitOrder, api.entrustExchange]) {
    route(
      e,
      async (req) => {
        const order = await spot.place(userOf(req).id, req.body);
        return ok(spotOrder(markets.market(order.symbol), order));
      },
      orderEntry,
    );
  }
  for (const e of [api.cancelOrder, api.cancelEntrust]) {
    route(
      e,
      async (req) => {
        const order = await spot.cancel(userOf(req).id, req.query.id);
        return ok(spotOrder(markets.market(order.symbol), order));
      },
      orderEntry,
    );
  }

  route(
    api.cancelAll,
    async (req) => ok({ cancelled: await spot.cancelAll(userOf(req).id, req.query.symbol) }),
    orderEntry,
  );

  route(api.orderList, async (req) => ok(await queries.orders(db, markets, userOf(req).id, req.query)));
  route(api.entrustLog, async (req) =>
    ok(await queries.orders(db, markets, userOf(req).id, { ...req.query, state: 'history' })),
  );
  route(api.myExchangeLog, async (req) => ok(await queries.fills(db, markets, userOf(req).id, req.query)));

  route(api.getOptional, async (req) => ok(await queries.watchlist(db, userOf(req).id)));
  for (const [e, watched] of [
    [api.addOptional, true],
    [api.cancelOptional, false],
  ] as const) {
    route(e, async (req) => {
      await queries.setWatched(db, markets, userOf(req).id, req.query.symbol, watched);
      return ok(null);
    });
  }
}
