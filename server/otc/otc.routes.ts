import type { FastifyInstance } from 'fastify';
import * as api from '../../isomorphic/contract/otc.endpoints.ts';
import type { MerchantApplication } from '../../isomorphic/contract/otc.ts';
import { audit } from '../audit/audit.ts';
import type { FeatureContext } from '../feature.ts';
import { userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/route.ts';
import { kycStanding } from '../identity/kyc.repo.ts';
import { forgetSessions } from '../user/session.service.ts';
import { findUserBy, nicknames } from '../user/user.repo.ts';
import { money } from '../wallet/amounts.ts';
import * as chat from './chat.service.ts';
import * as cmd from './otc-commands.ts';
import { appealRows, merchantRows, type MerchantRow } from './otc.repo.ts';
import * as service from './otc.service.ts';
import type { OtcBook } from './otc-book.ts';
import { orderViews } from './views.ts';

/** OTC trading with merchants: the ad market, orders, merchants and their ads, chat, and the operators' queues. */
export async function otcRoutes(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const { db, core, exchange, prices, bus, clock } = ctx;
  const route = router(app, db);
  const deps = { db, core, exchange, prices, now: () => clock.now() };
  const chatDeps = { ...deps, bus };

  route(api.adList, async (req) => ok(await service.listAds(deps, req.query)));
  route(api.takeAd, async (req) => ok(await service.take(deps, userOf(req).id, req.body)), { config: { orderEntry: true } });
  route(api.orderList, async (req) => ok(await service.list(deps, userOf(req).id, userOf(req).isMerchant === 2, req.query)));
  route(api.orderDetail, async (req) => ok(await service.detail(deps, userOf(req).id, req.query.id)));
  route(api.markPaid, async (req) => ok(await service.paid(deps, userOf(req).id, req.body)));
  route(api.cancelOrder, async (req) => ok(await service.cancel(deps, userOf(req).id, req.body.id)));
  route(api.releaseOrder, async (req) => ok(await service.release(deps, userOf(req).id, req.body)));
  route(api.appealOrder, async (req) => ok(await service.appeal(deps, userOf(req).id, req.body)));

  route(api.merchantStatus, async (req) => ok(await service.merchantStatus(deps, userOf(req).id)));
  route(api.applyMerchant, async (req) => ok(await service.apply(deps, userOf(req).id)));
  route(api.ownAds, async (req) => ok(await service.ownAds(deps, userOf(req).id)));
  route(api.saveAd, async (req) => ok(await service.saveAd(deps, userOf(req).id, req.body)));
  route(api.setAdOnline, async (req) => ok(await service.ownAdView(deps, await core.submit(cmd.setAdOnline, { merchantId: userOf(req).id, ...req.body }))));
  route(api.closeAd, async (req) => ok(await service.ownAdView(deps, await core.submit(cmd.closeAd, { merchantId: userOf(req).id, ...req.body }))));

  route(api.sendChat, async (req) => ok(await chat.send(chatDeps, userOf(req), req.body)));
  route(api.chatRecords, async (req) => ok(await chat.records(chatDeps, userOf(req), req.params.x, req.body)));
  route(api.chatUnread, async (req) => ok(await chat.unread(chatDeps, userOf(req))));

  const application = async (m: MerchantRow): Promise<MerchantApplication> => {
    const [user, names, kyc] = await Promise.all([findUserBy(db, 'id', m.userId), nicknames(db, [m.userId]), kycStanding(db, m.userId)]);
    return { userId: m.userId, nickname: names.get(m.userId) ?? '', email: user?.email ?? null, level: kyc.level, state: m.state, deposit: money(m.deposit), appliedAt: m.appliedAt, reviewedAt: m.reviewedAt, note: m.note };
  };

  route(api.merchantQueue, async (req) => {
    await core.settled();
    const { total, rows } = await merchantRows(db, req.query.state, req.query);
    const records: MerchantApplication[] = [];
    for (const m of rows) records.push(await application(m));
    return ok({ total, page: req.query.page, size: req.query.size, records });
  });

  route(api.reviewMerchant, async (req) => {
    const operator = userOf(req).id;
    const m = await core.submitPrepared(cmd.reviewMerchant, async (q) => {
      await audit(q, operator, req.body.approve ? 'otc.merchant.approve' : 'otc.merchant.reject', 'user', req.body.userId, { note: req.body.note });
      return req.body;
    });
    // The merchant's session sees is_merchant 2 (their merchant account and topic) on their next call.
    await core.settled();
    forgetSessions();
    return ok(await application(m));
  });

  route(api.appealQueue, async (req) => {
    await core.settled();
    const { total, rows } = await appealRows(db, req.query.state, req.query);
    const open = core.part<OtcBook>('otc').orders;
    return ok({ total, page: req.query.page, size: req.query.size, records: await orderViews(db, rows.map((o) => open.get(o.id) ?? o), 0) });
  });

  route(api.ruleAppeal, async (req) => {
    const operator = userOf(req).id;
    const { id, ruling, note } = req.body;
    const o = await core.submitPrepared(cmd.ruleAppeal, async (q) => {
      await audit(q, operator, `otc.appeal.${ruling}`, 'otc_order', id, { note });
      return { operatorId: operator, id, ruling, note };
    });
    return ok((await orderViews(db, [o], 0))[0]!);
  });
}
