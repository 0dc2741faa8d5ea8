import type { FastifyInstance } from 'fastify';
import * as api from '../../isomorphic/contract/otc.endpoints.ts';
import type { FeatureContext } from '../feature.ts';
import { userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/route.ts';
import * as admin from './otc-admin.service.ts';
import * as chat from './chat.service.ts';
import * as cmd from './otc-commands.ts';
import * as service from './otc.service.ts';

/** OTC trading with merchants: the ad market, orders, merchants and their ads, chat, and the operators' queues. */
export async function otcRoutes(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const { db, core, markets, prices, bus, clock } = ctx;
  const route = router(app, db);
  const deps = { db, core, markets, prices, now: () => clock.now() };
  const chatDeps = { ...deps, bus };

  route(api.adList, async (req) => ok(await service.listAds(deps, req.query)));
  route(api.takeAd, async (req) => ok(await service.take(deps, userOf(req).id, req.body)), {
    config: { orderEntry: true },
  });
  route(api.orderList, async (req) =>
    ok(await service.list(deps, userOf(req).id, userOf(req).isMerchant === 2, req.query)),
  );
  route(api.orderDetail, async (req) => ok(await service.detail(deps, userOf(req).id, req.query.id)));
  route(api.markPaid, async (req) => ok(await service.paid(deps, userOf(req).id, req.body)));
  route(api.cancelOrder, async (req) => ok(await service.cancel(deps, userOf(req).id, req.body.id)));
  route(api.releaseOrder, async (req) => ok(await service.release(deps, userOf(req).id, req.body)));
  route(api.appealOrder, async (req) => ok(await service.appeal(deps, userOf(req).id, req.body)));

  route(api.merchantStatus, async (req) => ok(await service.merchantStatus(deps, userOf(req).id)));
  route(api.applyMerchant, async (req) => ok(await service.apply(deps, userOf(req).id)));
  route(api.ownAds, async (req) => ok(await service.ownAds(deps, userOf(req).id)));
  route(api.saveAd, async (req) => ok(await service.saveAd(deps, userOf(req).id, req.body)));
  route(api.setAdOnline, async (req) =>
    ok(await service.ownAdView(deps, await core.submit(cmd.setAdOnline, { merchantId: userOf(req).id, ...req.body }))),
  );
  route(api.closeAd, async (req) =>
    ok(await service.ownAdView(deps, await core.submit(cmd.closeAd, { merchantId: userOf(req).id, ...req.body }))),
  );

  route(api.sendChat, async (req) => ok(await chat.send(chatDeps, userOf(req), req.body)));
  route(api.chatRecords, async (req) => ok(await chat.records(chatDeps, userOf(req), req.params.x, req.body)));
  route(api.chatUnread, async (req) => ok(await chat.unread(chatDeps, userOf(req))));

  route(api.merchantQueue, async (req) => ok(await admin.merchantQueue(deps, req.query)));
  route(api.reviewMerchant, async (req) => ok(await admin.reviewMerchant(deps, userOf(req).id, req.body)));
  route(api.appealQueue, async (req) => ok(await admin.appealQueue(deps, req.query)));
  route(api.ruleAppeal, async (req) => ok(await admin.ruleAppeal(deps, userOf(req).id, req.body)));
}
