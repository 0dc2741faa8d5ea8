import type { FastifyInstance } from 'fastify';
import type { FeatureContext } from '../feature.ts';
import type { z } from 'zod';
import { credit } from '../../isomorphic/contract/admin.endpoints.ts';
import * as api from '../../isomorphic/contract/spot.endpoints.ts';
import type { orderListQuery } from '../../isomorphic/contract/spot.ts';
import { myBalance } from '../../isomorphic/contract/wallet.endpoints.ts';
import { parseUnits } from '../../isomorphic/money/units.ts';
import { userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { fail } from '../outcome.ts';
import { router } from '../http/route.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { balancesOf } from '../ledger/ledger.ts';
import { postFunds } from '../core/funds.ts';
import { findUserBy } from '../user/user.repo.ts';
import { userFills, userOrders } from './order.repo.ts';
import { unwatch, watch, watchedSymbols } from './watchlist.repo.ts';
import { requireAsset } from '../wallet/amounts.ts';
import { spotOrder, userFill } from './views.ts';
import { formatUnits } from '../../isomorphic/money/units.ts';
import { ASSET_SCALE } from './market.ts';

/**
 * Spot trading and market data (spec §7 "Market and trading"). The `{apiRequestHead}` of the spec's coin family
 * is `app`: `/api/app/coin/…`.
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
 * runners and need not wait. Installed server-wide at the exchange's place in the features list, so the routes
 * listed before it (accounts, settings, content) never wait.
 */
export async function waitForProjector({ app, core }: FeatureContext): Promise<void> {
  app.addHook('preHandler', (req, _reply, done) => {
    if (core.projector.caughtUp || req.routeOptions.config.orderEntry) return done();
    core.settled().then(() => done(), done);
  });
}

export async function exchangeRoutes(app: FastifyInstance, { db, core, exchange }: FeatureContext): Promise<void> {
  const route = router(app, db);
  const orderEntry = { config: { orderEntry: true } };

  // Placing and cancelling answer under two names each (spec §7): the currency family's and the coin family's
  // entrust calls, one handler and one Exchange service behind both.
  for (const e of [api.submitOrder, api.entrustExchange]) {
    route(
      e,
      async (req) => {
        const order = await exchange.place(userOf(req).id, req.body);
        return ok(spotOrder(exchange.market(order.symbol), order));
      },
      orderEntry,
    );
  }
  for (const e of [api.cancelOrder, api.cancelEntrust]) {
    route(
      e,
      async (req) => {
        const order = await exchange.cancel(userOf(req).id, req.query.id);
        return ok(spotOrder(exchange.market(order.symbol), order));
      },
      orderEntry,
    );
  }

  route(api.cancelAll, async (req) => ok({ cancelled: await exchange.cancelAll(userOf(req).id, req.query.symbol) }), orderEntry);

  const listOrders = async (userId: number, q: z.output<typeof orderListQuery>) => {
    const { total, rows } = await userOrders(db, userId, q.state, q, q.symbol);
    return { total, page: q.page, size: q.size, records: rows.map((o) => spotOrder(exchange.market(o.symbol), o)) };
  };
  route(api.orderList, async (req) => ok(await listOrders(userOf(req).id, req.query)));
  route(api.entrustLog, async (req) => ok(await listOrders(userOf(req).id, { ...req.query, state: 'history' })));

  route(api.myExchangeLog, async (req) => {
    const { symbol, page, size } = req.query;
    const me = userOf(req).id;
    const { total, rows } = await userFills(db, me, { symbol, newestFirst: true, page, size });
    return ok({ total, page, size, records: rows.map((t) => userFill(exchange.market(t.symbol), t, me)) });
  });

  route(api.getOptional, async (req) => ok([...(await watchedSymbols(db, userOf(req).id))]));
  route(api.addOptional, async (req) => {
    const m = exchange.market(req.query.symbol);
    await watch(db, userOf(req).id, m.symbol);
    return ok(null);
  });
  route(api.cancelOptional, async (req) => {
    await unwatch(db, userOf(req).id, exchange.market(req.query.symbol).symbol);
    return ok(null);
  });

  route(myBalance, async (req) => {
    const rows = (await balancesOf(db, userOf(req).id)).filter((b) => req.query.type === 0 || b.type === req.query.type);
    return ok(rows.map((b) => ({ type: b.type, coin: b.asset, available: formatUnits(b.available, ASSET_SCALE), frozen: formatUnits(b.frozen, ASSET_SCALE) })));
  });

  // Test funds for a development install, until deposits arrive with the wallet: operators only, and every credit
  // is a ledger transaction against the external account like a deposit.
  route(credit, async (req) => {
    const { username, asset, amount } = req.body;
    const user = (await findUserBy(db, 'username', username)) ?? (await findUserBy(db, 'email', username.toLowerCase()));
    if (!user) fail('notFound');
    const code = (await requireAsset(db, asset.toUpperCase())).code;
    const parsed = parseUnits(amount, ASSET_SCALE, 10n ** 17n);
    if (!parsed.ok || parsed.value <= 0n) fail('invalidNumber', { field: 'trade.field.amount', decimals: ASSET_SCALE });
    await core.submit(postFunds, {
      lines: [
        { owner: null, type: ACCOUNT.external, asset: code, available: -parsed.value },
        { owner: user.id, type: ACCOUNT.spot, asset: code, available: parsed.value },
      ],
      meta: { billType: 'dev_credit', refType: 'operator', refId: userOf(req).id },
    });
    return ok(null);
  });
}
