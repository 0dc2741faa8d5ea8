import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../isomorphic/contract/codes.ts';
import type {
  ChatLine,
  ChatUnread,
  MerchantApplication,
  MerchantStatus,
  OtcAd,
  OtcOrder,
  OtcOwnAd,
} from '../../isomorphic/contract/otc.ts';
import type { ChatMessage, RefreshMessage } from '../../isomorphic/contract/private-feed.ts';
import type { Page } from '../../isomorphic/contract/wallet.ts';
import { seal } from '../../isomorphic/crypto/seal.ts';
import { api, operatorToken, signUp, testApp } from '../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { verifyAdvanced } from '../../tests/support/identity.ts';
import { priceFeed } from '../../tests/support/price-feed.ts';
import { ManualClock } from '../clock/clock.ts';
import { merchantTopic, userTopics } from '../feeds/topics.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { auditLedger } from '../ledger/ledger.ts';
import { multipart, PNG } from '../../tests/support/wallet-fixtures.ts';
import type { OtcBook } from './otc-book.ts';

const T0 = Date.UTC(2026, 0, 1);
const MINUTE = 60_000;

/**
 * OTC over the API on a whole app whose clock the test drives: a merchant applies and is approved, posts a sell and a
 * buy ad; users buy, sell, cancel, let a window expire and appeal; an operator rules. After each step the balances,
 * the holds and the ledger are checked, and every refusal is checked to change nothing.
 */
describe.each(FEATURE_DIALECTS)('OTC over the API, on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let feed: Awaited<ReturnType<typeof priceFeed>>;
  let ops: string;
  let sealKey: string;
  const feedPrices: Record<string, string> = { BTCUSDT: '96500.00', ETHUSDT: '3450.00', BNBUSDT: '640.00' };
  const users: Record<string, { id: number; token: string }> = {};
  const clock = new ManualClock(T0);
  const refreshes: Array<{ topic: string; message: RefreshMessage }> = [];
  const chats: Array<{ topic: string; message: ChatMessage }> = [];
  const call = <T = any>(user: string, url: string, payload?: object, method?: 'GET', query?: Record<string, string>) =>
    api<T>(app, url, {
      token: user === 'ops' ? ops : users[user]!.token,
      ...(payload ? { payload } : {}),
      ...(method ? { method } : {}),
      ...(query ? { query } : {}),
    });
  const get = <T = any>(user: string, url: string, query?: Record<string, string>) =>
    call<T>(user, url, undefined, 'GET', query);
  const balance = (user: string, type: number, asset = 'USDT') =>
    app.core.risk.balance(users[user]!.id, type as typeof ACCOUNT.otc, asset);
  const book = () => app.core.part<OtcBook>('otc');
  const order = async (user: string, id: number) =>
    (await get<OtcOrder>(user, '/api/otc/order/detail', { id: String(id) })).data;
  const ads = async (side: 'buy' | 'sell', coin = 'USDT', fiat = 'CNY') =>
    (await get<Page<OtcAd>>('buyer', '/api/otc/ads', { side, coin, fiat })).data;
  const take = (user: string, adId: number, amount: string, price: string, payment?: number) =>
    call<OtcOrder>(user, '/api/otc/order/take', { adId, amount, price, ...(payment ? { payment } : {}) });
  const invariants = async () => {
    await app.core.settled();
    expect(await auditLedger(t.db)).toEqual([]);
    // Every order's escrow and every sell ad's remainder is held under its own id, exactly.
    for (const o of book().orders.values()) expect(app.core.risk.heldBy(`otc:${o.id}`)).toBe(o.amount);
    for (const a of book().ads.values())
      if (a.side === 'sell') expect(app.core.risk.heldBy(`otc-ad:${a.id}`)).toBe(a.remaining);
  };
  /** A refused call must leave the core's state exactly as it was. */
  const refused = async (code: number, p: Promise<{ code: number }>) => {
    const before = app.core.stateHash();
    expect((await p).code).toBe(code);
    expect(app.core.stateHash()).toBe(before);
  };
  const setFundPassword = async (user: string) =>
    expect(
      (
        await call(user, '/api/user/tardPwdSet', {
          sealed: await seal(
            { loginPassword: 'abc123', password: 'fund123', confirmPassword: 'fund123' },
            sealKey,
            users[user]!.id,
          ),
        })
      ).code,
    ).toBe(200);
  const names: Record<string, string> = { merchant: 'Mei Chen', seller: 'Sam Lee', other: 'Olga Berg' };
  /** A payment method in the user's verified name (verifying them first: payment methods need it). */
  const addPayment = async (user: string, account: string) => {
    if (user !== 'merchant')
      await verifyAdvanced(app, ops, users[user]!.token, names[user]!, user === 'seller' ? 'P2345678' : 'P3456789');
    expect(
      (await call(user, '/api/app/coin/member/payment', { kind: 'alipay', name: names[user], account })).code,
    ).toBe(200);
    return (await get<Array<{ id: number; account: string }>>(user, '/api/app/coin/member/getPayment')).data.find(
      (p) => p.account === account,
    )!.id;
  };
  const fund = async (user: string, asset: string, amount: string, to: number) => {
    expect((await call('ops', '/api/admin/credit', { username: `${user}_otc`, asset, amount })).code).toBe(200);
    expect((await call(user, '/api/asset/transferFunds', { coin: asset, from: ACCOUNT.spot, to, amount })).code).toBe(
      200,
    );
  };
  let sellAd: OtcOwnAd;
  let buyAd: OtcOwnAd;
  let merchantPay: number;
  let sellerPay: number;

  beforeAll(async () => {
    t = await open();
    feed = await priceFeed(feedPrices);
    ({ app } = await testApp(
      t.db,
      { PRICE_FEED_URL: feed.url, MARKET_MAKERS: '0', DATA_DIR: `/tmp/lumex-otc-test-${process.pid}` },
      clock,
    ));
    const script = (await app.inject({ url: '/platform/dev/config.js' })).body;
    sealKey = JSON.parse(script.slice(script.indexOf('=') + 1, script.lastIndexOf(';'))).sealKey;
    ops = await operatorToken(app, t.db);
    for (const name of ['merchant', 'buyer', 'seller', 'other']) users[name] = await signUp(app, `${name}_otc`);
    for (const name of ['merchant', 'buyer', 'seller']) {
      for (const topic of [userTopics.refresh(users[name]!.id), merchantTopic(users[name]!.id)])
        app.bus.subscribe(topic, (m) => void refreshes.push({ topic, message: m as RefreshMessage }));
      app.bus.subscribe(
        userTopics.chat(users[name]!.id),
        (m) => void chats.push({ topic: userTopics.chat(users[name]!.id), message: m as ChatMessage }),
      );
    }
    app.prices.start(app.jobs, 1_000);
    await clock.advance(1_000);
    await clock.advance(1_000);
  });
  afterAll(async () => {
    await invariants();
    await app.close();
    await feed.close();
    await t.drop();
  });

  it('takes a merchant application with the deposit held, and an operator approves it', async () => {
    await refused(ERRORS.otcMerchantLevel, call('merchant', '/api/otc/merchant/apply'));
    await verifyAdvanced(app, ops, users.merchant!.token, 'Mei Chen', 'P1234567');
    await refused(ERRORS.insufficientBalance, call('merchant', '/api/otc/merchant/apply'));
    await fund('merchant', 'USDT', '3000', ACCOUNT.otc);
    const applied = await call<MerchantStatus>('merchant', '/api/otc/merchant/apply');
    expect(applied.data).toMatchObject({
      state: 'pending',
      level: 2,
      deposit: { coin: 'USDT', amount: '1000' },
      otcAvailable: '2000.00000000',
    });
    expect(balance('merchant', ACCOUNT.otc)).toEqual({ available: 2000_00000000n, held: 1000_00000000n });
    await refused(ERRORS.otcMerchantApplied, call('merchant', '/api/otc/merchant/apply'));
    // Not a merchant yet: no ads, no merchant orders.
    expect((await get('merchant', '/api/otc/merchant/ads')).code).toBe(ERRORS.otcNotMerchant);
    expect((await get('merchant', '/api/otc/order/list', { role: 'merchant' })).code).toBe(ERRORS.otcNotMerchant);
    // Only operators see and decide applications.
    expect((await get('merchant', '/api/admin/otc/merchants')).status).toBe(403);
    expect(
      (await call('merchant', '/api/admin/otc/merchant/review', { userId: users.merchant!.id, approve: true })).status,
    ).toBe(403);
    const queue = await get<Page<MerchantApplication>>('ops', '/api/admin/otc/merchants');
    expect(queue.data.records).toContainEqual(
      expect.objectContaining({ userId: users.merchant!.id, state: 'pending', level: 2, deposit: '1000.00000000' }),
    );
    await refused(
      ERRORS.otcApplicationUnknown,
      call('ops', '/api/admin/otc/merchant/review', { userId: users.other!.id, approve: true }),
    );
    const approved = await call<MerchantApplication>('ops', '/api/admin/otc/merchant/review', {
      userId: users.merchant!.id,
      approve: true,
      note: 'welcome',
    });
    expect(approved.data).toMatchObject({ state: 'approved', note: 'welcome' });
    await refused(
      ERRORS.otcApplicationUnknown,
      call('ops', '/api/admin/otc/merchant/review', { userId: users.merchant!.id, approve: false }),
    );
    // The deposit moved to the merchant account, still held; the user is now a merchant with account type 8.
    expect(balance('merchant', ACCOUNT.otc)).toEqual({ available: 2000_00000000n, held: 0n });
    expect(balance('merchant', ACCOUNT.merchant)).toEqual({ available: 0n, held: 1000_00000000n });
    expect((await call('merchant', '/api/user/getInfo')).data).toMatchObject({ is_merchant: 2 });
    expect((await get<MerchantStatus>('merchant', '/api/otc/merchant/status')).data).toMatchObject({
      state: 'approved',
      card: { orders30d: 0, completionRate: null },
    });
    const audit = await get('ops', '/api/admin/audit');
    expect(audit.data.records).toContainEqual(
      expect.objectContaining({ action: 'otc.merchant.approve', targetId: String(users.merchant!.id) }),
    );
    await invariants();
  });

  it('posts a sell ad that holds its coins, refusing malformed ads', async () => {
    merchantPay = await addPayment('merchant', 'mei@pay.example');
    const otherPay = await addPayment('other', 'other@pay.example');
    await fund('merchant', 'USDT', '5000', ACCOUNT.merchant);
    const ad = {
      side: 'sell',
      coin: 'USDT',
      fiat: 'CNY',
      priceType: 'fixed',
      price: '7.25',
      total: '1000',
      minFiat: '100',
      maxFiat: '5000',
      payWindow: 15,
      payments: [merchantPay],
      terms: 'Pay from an account in your own name. <b>no markup</b>',
    };
    await refused(ERRORS.otcNotMerchant, call('buyer', '/api/otc/merchant/ad', ad));
    await refused(ERRORS.otcPaymentRequired, call('merchant', '/api/otc/merchant/ad', { ...ad, payments: [] }));
    await refused(ERRORS.otcPaymentUnknown, call('merchant', '/api/otc/merchant/ad', { ...ad, payments: [otherPay] }));
    await refused(ERRORS.otcUnknownCoin, call('merchant', '/api/otc/merchant/ad', { ...ad, coin: 'DOGE' }));
    await refused(ERRORS.otcUnknownFiat, call('merchant', '/api/otc/merchant/ad', { ...ad, fiat: 'XXX' }));
    await refused(ERRORS.otcLimitsInvalid, call('merchant', '/api/otc/merchant/ad', { ...ad, minFiat: '6000' }));
    await refused(ERRORS.otcPriceRequired, call('merchant', '/api/otc/merchant/ad', { ...ad, price: undefined }));
    await refused(
      ERRORS.otcFloatRange,
      call('merchant', '/api/otc/merchant/ad', { ...ad, priceType: 'floating', floatPct: '25' }),
    );
    await refused(ERRORS.tooPrecise, call('merchant', '/api/otc/merchant/ad', { ...ad, price: '7.255' }));
    await refused(ERRORS.insufficientBalance, call('merchant', '/api/otc/merchant/ad', { ...ad, total: '5000.1' }));
    for (const bad of [
      { payWindow: 14 },
      { payWindow: 31 },
      { payWindow: '15' },
      { side: 'both' },
      { payments: 'x' },
      { total: 5 },
      { online: 'yes' },
    ]) {
      await refused(400, call('merchant', '/api/otc/merchant/ad', { ...ad, ...bad }));
    }
    const posted = await call<OtcOwnAd>('merchant', '/api/otc/merchant/ad', ad);
    expect(posted.data).toMatchObject({
      side: 'sell',
      price: '7.25',
      remaining: '1000.00000000',
      minFiat: '100.00',
      maxFiat: '5000.00',
      payKinds: ['alipay'],
      online: true,
      payments: [merchantPay],
    });
    sellAd = posted.data;
    expect(balance('merchant', ACCOUNT.merchant)).toEqual({ available: 4000_00000000n, held: 2000_00000000n });
    await refused(ERRORS.otcAdChange, call('merchant', '/api/otc/merchant/ad', { ...ad, id: sellAd.id, total: '900' }));
    await refused(ERRORS.otcAdUnknown, call('merchant', '/api/otc/merchant/ad', { ...ad, id: 999_999 }));
    await invariants();
  });

  it('lists the ad to buyers, best price first, with the merchant’s card', async () => {
    const list = await ads('buy');
    expect(list.records.map((a) => a.id)).toEqual([sellAd.id]);
    expect(list.records[0]).toMatchObject({
      price: '7.25',
      merchant: { id: users.merchant!.id, nickname: 'merchant_otc' },
      terms: 'Pay from an account in your own name. <b>no markup</b>',
    });
    expect((await ads('sell')).records).toEqual([]);
    expect((await get('buyer', '/api/otc/ads', { side: 'buy', coin: 'XYZ', fiat: 'CNY' })).code).toBe(
      ERRORS.otcUnknownCoin,
    );
    expect((await get('buyer', '/api/otc/ads', { side: 'buy', coin: 'USDT', fiat: 'ZZZ' })).code).toBe(
      ERRORS.otcUnknownFiat,
    );
  });

  it('runs a full buy: escrow from the ad, paid, released behind the fund password, with notices to the other side', async () => {
    await refused(ERRORS.otcPriceChanged, take('buyer', sellAd.id, '100', '7.20'));
    await refused(ERRORS.otcOutsideLimits, take('buyer', sellAd.id, '10', '7.25'));
    await refused(ERRORS.otcOutsideLimits, take('buyer', sellAd.id, '700', '7.25'));
    await refused(ERRORS.otcOwnAd, take('merchant', sellAd.id, '100', '7.25'));
    await refused(ERRORS.otcAdUnavailable, take('buyer', 999_999, '100', '7.25'));
    await refused(ERRORS.tooPrecise, take('buyer', sellAd.id, '100.000000001', '7.25'));
    for (const bad of [{ adId: '1' }, { amount: 100 }, { price: 7.25 }, { adId: -1 }])
      await refused(
        400,
        call('buyer', '/api/otc/order/take', { adId: sellAd.id, amount: '100', price: '7.25', ...bad }),
      );
    refreshes.length = 0;
    const taken = await take('buyer', sellAd.id, '100', '7.25');
    expect(taken.data).toMatchObject({
      state: 'created',
      side: 'buy',
      role: 'user',
      amount: '100.00000000',
      fiatAmount: '725.00',
      price: '7.25',
      payDeadline: clock.now() + 15 * MINUTE,
    });
    expect(taken.data.payments).toEqual([expect.objectContaining({ id: merchantPay, account: 'mei@pay.example' })]);
    const id = taken.data.id;
    expect(app.core.risk.heldBy(`otc:${id}`)).toBe(100_00000000n);
    expect(book().ads.get(sellAd.id)!.remaining).toBe(900_00000000n);
    await app.core.settled();
    // The merchant hears of the new order on the merchant topic (isNew 1); the buyer, who made it, is not told.
    expect(refreshes).toContainEqual({
      topic: merchantTopic(users.merchant!.id),
      message: expect.objectContaining({
        kind: 'otc',
        notice: expect.objectContaining({
          isNew: 1,
          content: 'created',
          orderId: id,
          link_merchant: true,
          serviceType: 'sell',
        }),
      }),
    });
    expect(refreshes.filter((r) => r.topic === userTopics.refresh(users.buyer!.id) && r.message.notice)).toEqual([]);
    // The merchant sees it as their own sale; another user cannot see it at all.
    expect(await order('merchant', id)).toMatchObject({ side: 'sell', role: 'merchant', state: 'created' });
    expect((await get('other', '/api/otc/order/detail', { id: String(id) })).code).toBe(ERRORS.otcOrderUnknown);
    await refused(ERRORS.otcOrderUnknown, call('other', '/api/otc/order/paid', { id, payment: merchantPay }));
    await refused(ERRORS.otcNotBuyer, call('merchant', '/api/otc/order/paid', { id, payment: merchantPay }));
    await refused(ERRORS.otcPaymentUnknown, call('buyer', '/api/otc/order/paid', { id, payment: merchantPay + 1000 }));
    const proof = (await api(app, '/api/common/upload/OSS', { token: users.buyer!.token, ...multipart(PNG) })).data
      .id as string;
    const otherUpload = (await api(app, '/api/common/upload/OSS', { token: users.other!.token, ...multipart(PNG) }))
      .data.id as string;
    await refused(
      ERRORS.uploadUnknown,
      call('buyer', '/api/otc/order/paid', { id, payment: merchantPay, proof: otherUpload }),
    );
    // The merchant cannot see the buyer's proof until it is shown to them.
    expect((await get('merchant', `/api/common/upload/file/${proof}`)).code).toBe(ERRORS.recordNotFound);
    refreshes.length = 0;
    const paid = await call<OtcOrder>('buyer', '/api/otc/order/paid', { id, payment: merchantPay, proof });
    expect(paid.data).toMatchObject({ state: 'paid', paidWith: merchantPay, proof, paidAt: clock.now() });
    expect(
      (await app.inject({ url: `/api/common/upload/file/${proof}`, headers: { authorization: users.merchant!.token } }))
        .headers['content-type'],
    ).toBe('image/png');
    await app.core.settled();
    expect(refreshes).toContainEqual({
      topic: merchantTopic(users.merchant!.id),
      message: expect.objectContaining({
        notice: expect.objectContaining({ isNew: 0, content: 'paid', changeUser: users.buyer!.id }),
      }),
    });
    await refused(ERRORS.otcOrderState, call('buyer', '/api/otc/order/paid', { id, payment: merchantPay }));
    await refused(ERRORS.otcOrderState, call('buyer', '/api/otc/order/cancel', { id }));
    await refused(ERRORS.otcNotSeller, call('buyer', '/api/otc/order/release', { id, fundPassword: 'x' }));
    await refused(
      ERRORS.fundPasswordNotSet,
      call('merchant', '/api/otc/order/release', { id, fundPassword: 'fund123' }),
    );
    await setFundPassword('merchant');
    await refused(ERRORS.fundPasswordWrong, call('merchant', '/api/otc/order/release', { id, fundPassword: 'wrong1' }));
    refreshes.length = 0;
    // Two releases at once: exactly one moves the coins.
    const [a, b] = await Promise.all([
      call<OtcOrder>('merchant', '/api/otc/order/release', { id, fundPassword: 'fund123' }),
      call<OtcOrder>('merchant', '/api/otc/order/release', { id, fundPassword: 'fund123' }),
    ]);
    expect([a.code, b.code].sort()).toEqual([200, ERRORS.otcOrderState].sort());
    expect(balance('buyer', ACCOUNT.otc)).toEqual({ available: 100_00000000n, held: 0n });
    expect(app.core.risk.hasHold(`otc:${id}`)).toBe(false);
    expect(await order('buyer', id)).toMatchObject({ state: 'released', endReason: 'released' });
    await app.core.settled();
    expect(refreshes).toContainEqual({
      topic: userTopics.refresh(users.buyer!.id),
      message: expect.objectContaining({
        notice: expect.objectContaining({ isNew: 0, content: 'released', link_merchant: false, serviceType: 'buy' }),
      }),
    });
    const bills = await call('buyer', '/api/asset/getMyBill', undefined, undefined, { type: String(ACCOUNT.otc) });
    expect(bills.data.records).toContainEqual(
      expect.objectContaining({ billType: 'otc_release', coin: 'USDT', available: '100.00000000' }),
    );
    await invariants();
  });

  it('returns the escrow to the ad when the buyer cancels or the window passes', async () => {
    const first = (await take('buyer', sellAd.id, '50', '7.25')).data;
    expect(book().ads.get(sellAd.id)!.remaining).toBe(850_00000000n);
    const cancelled = await call<OtcOrder>('buyer', '/api/otc/order/cancel', { id: first.id });
    expect(cancelled.data).toMatchObject({ state: 'cancelled', endReason: 'buyerCancelled' });
    expect(book().ads.get(sellAd.id)!.remaining).toBe(900_00000000n);
    await refused(ERRORS.otcOrderState, call('buyer', '/api/otc/order/cancel', { id: first.id }));
    await refused(ERRORS.otcOrderUnknown, call('other', '/api/otc/order/cancel', { id: first.id }));
    const late = (await take('buyer', sellAd.id, '20', '7.25')).data;
    refreshes.length = 0;
    await clock.advance(15 * MINUTE - 1_000);
    await app.core.settled();
    expect(book().orders.get(late.id)?.state).toBe('created');
    await clock.advance(2_000);
    await app.core.settled();
    expect(await order('buyer', late.id)).toMatchObject({ state: 'cancelled', endReason: 'expired' });
    expect(book().ads.get(sellAd.id)!.remaining).toBe(900_00000000n);
    // An expiry is the platform's change: both sides are told.
    const told = refreshes.filter((r) => r.message.notice?.content === 'expired').map((r) => r.topic);
    expect(told.sort()).toEqual([merchantTopic(users.merchant!.id), userTopics.refresh(users.buyer!.id)].sort());
    await invariants();
  });

  it('caps a user’s open orders', async () => {
    const open: number[] = [];
    for (let i = 0; i < 3; i++) open.push((await take('buyer', sellAd.id, '20', '7.25')).data.id);
    await refused(ERRORS.otcActiveCap, take('buyer', sellAd.id, '20', '7.25'));
    for (const id of open) expect((await call('buyer', '/api/otc/order/cancel', { id })).code).toBe(200);
    await invariants();
  });

  it('appeals a paid order once, and an operator rules a refund or a release', async () => {
    const refundCase = (await take('buyer', sellAd.id, '30', '7.25')).data;
    await refused(
      ERRORS.otcOrderState,
      call('buyer', '/api/otc/order/appeal', { id: refundCase.id, reason: 'not yet' }),
    );
    expect((await call('buyer', '/api/otc/order/paid', { id: refundCase.id, payment: merchantPay })).code).toBe(200);
    await refused(400, call('buyer', '/api/otc/order/appeal', { id: refundCase.id, reason: '   ' }));
    refreshes.length = 0;
    const appealed = await call<OtcOrder>('merchant', '/api/otc/order/appeal', {
      id: refundCase.id,
      reason: 'No money arrived in my account',
    });
    expect(appealed.data).toMatchObject({
      state: 'appealed',
      appeal: { by: 'seller', reason: 'No money arrived in my account', ruling: null },
    });
    await app.core.settled();
    expect(refreshes.filter((r) => r.message.notice).map((r) => [r.topic, r.message.notice!.type])).toEqual([
      [userTopics.refresh(users.buyer!.id), 'appeal'],
    ]);
    await refused(
      ERRORS.otcAppealExists,
      call('buyer', '/api/otc/order/appeal', { id: refundCase.id, reason: 'me too' }),
    );
    await refused(ERRORS.otcOrderState, call('buyer', '/api/otc/order/cancel', { id: refundCase.id }));
    const queue = await get<Page<OtcOrder>>('ops', '/api/admin/otc/appeals');
    expect(queue.data.records.map((o) => o.id)).toEqual([refundCase.id]);
    expect(queue.data.records[0]).toMatchObject({ role: 'operator', chatId: `order-${refundCase.id}` });
    expect(
      (await call('buyer', '/api/admin/otc/appeal/rule', { id: refundCase.id, ruling: 'refund', note: 'x' })).status,
    ).toBe(403);
    await refused(400, call('ops', '/api/admin/otc/appeal/rule', { id: refundCase.id, ruling: 'refund', note: '' }));
    refreshes.length = 0;
    const ruled = await call<OtcOrder>('ops', '/api/admin/otc/appeal/rule', {
      id: refundCase.id,
      ruling: 'refund',
      note: 'No payment shown in the bank statement',
    });
    expect(ruled.data).toMatchObject({
      state: 'cancelled',
      endReason: 'ruledRefund',
      appeal: { ruling: 'refund', note: 'No payment shown in the bank statement' },
    });
    expect(book().ads.get(sellAd.id)!.remaining).toBe(900_00000000n);
    await app.core.settled();
    expect(refreshes.filter((r) => r.message.notice?.content === 'ruled').length).toBe(2);
    await refused(
      ERRORS.otcOrderState,
      call('ops', '/api/admin/otc/appeal/rule', { id: refundCase.id, ruling: 'release', note: 'again' }),
    );
    await refused(
      ERRORS.otcOrderUnknown,
      call('ops', '/api/admin/otc/appeal/rule', { id: 999_999, ruling: 'release', note: 'none' }),
    );

    const releaseCase = (await take('buyer', sellAd.id, '40', '7.25')).data;
    expect((await call('buyer', '/api/otc/order/paid', { id: releaseCase.id, payment: merchantPay })).code).toBe(200);
    expect(
      (await call('buyer', '/api/otc/order/appeal', { id: releaseCase.id, reason: 'Paid 20 minutes ago' })).code,
    ).toBe(200);
    const released = await call<OtcOrder>('ops', '/api/admin/otc/appeal/rule', {
      id: releaseCase.id,
      ruling: 'release',
      note: 'Bank receipt checked',
    });
    expect(released.data).toMatchObject({ state: 'released', endReason: 'ruledRelease' });
    expect(balance('buyer', ACCOUNT.otc).available).toBe(140_00000000n);
    expect((await get<Page<OtcOrder>>('ops', '/api/admin/otc/appeals', { state: 'ruled' })).data.total).toBe(2);
    await invariants();
  });

  it('runs a sale to a floating-price buy ad: the user’s coins in escrow, released to the merchant account', async () => {
    const ad = {
      side: 'buy',
      coin: 'BTC',
      fiat: 'USD',
      priceType: 'floating',
      floatPct: '-1.5',
      total: '1',
      minFiat: '1000',
      maxFiat: '50000',
      payWindow: 20,
      payments: [merchantPay],
    };
    buyAd = (await call<OtcOwnAd>('merchant', '/api/otc/merchant/ad', ad)).data;
    // 96,500 × 1 USD per USDT × 0.985
    expect(buyAd).toMatchObject({ side: 'buy', price: '95052.50', floatPct: '-1.50' });
    expect(balance('merchant', ACCOUNT.merchant, 'BTC')).toEqual({ available: 0n, held: 0n });
    const listed = await get<Page<OtcAd>>('seller', '/api/otc/ads', { side: 'sell', coin: 'BTC', fiat: 'USD' });
    expect(listed.data.records.map((a) => a.id)).toEqual([buyAd.id]);
    await fund('seller', 'BTC', '0.5', ACCOUNT.otc);
    sellerPay = await addPayment('seller', 'sam@pay.example');
    await refused(ERRORS.otcPaymentRequired, take('seller', buyAd.id, '0.1', '95052.50'));
    await refused(ERRORS.otcPaymentUnknown, take('seller', buyAd.id, '0.1', '95052.50', merchantPay));
    await refused(ERRORS.insufficientBalance, take('seller', buyAd.id, '0.51', '95052.50', sellerPay));
    // The index moves: the price the seller saw is refused with the new one.
    feedPrices.BTCUSDT = '97000.00';
    await clock.advance(1_000);
    await clock.advance(1_000);
    const moved = await take('seller', buyAd.id, '0.1', '95052.50', sellerPay);
    expect(moved.code).toBe(ERRORS.otcPriceChanged);
    expect(moved.msg).toContain('95545.00');
    const sold = await take('seller', buyAd.id, '0.1', '95545.00', sellerPay);
    expect(sold.data).toMatchObject({
      side: 'sell',
      role: 'user',
      fiatAmount: '9554.50',
      state: 'created',
      payments: [expect.objectContaining({ id: sellerPay, account: 'sam@pay.example' })],
    });
    expect(balance('seller', ACCOUNT.otc, 'BTC')).toEqual({ available: 40_000_000n, held: 10_000_000n });
    expect((await call('merchant', '/api/otc/order/paid', { id: sold.data.id, payment: sellerPay })).code).toBe(200);
    await setFundPassword('seller');
    expect(
      (await call('seller', '/api/otc/order/release', { id: sold.data.id, fundPassword: 'fund123' })).data,
    ).toMatchObject({ state: 'released' });
    expect(balance('merchant', ACCOUNT.merchant, 'BTC')).toEqual({ available: 10_000_000n, held: 0n });
    expect(balance('seller', ACCOUNT.otc, 'BTC')).toEqual({ available: 40_000_000n, held: 0n });
    await invariants();
  });

  it('refuses a floating ad while its coin’s index is stale, and lets no order take one until it is fresh again', async () => {
    const ad = {
      side: 'buy',
      coin: 'BTC',
      fiat: 'USD',
      priceType: 'floating',
      floatPct: '1.5',
      total: '1',
      minFiat: '1000',
      maxFiat: '50000',
      payWindow: 20,
      payments: [merchantPay],
    };
    // BTC's feed falls silent past the 60 s the index stays fresh without it.
    const btc = feedPrices.BTCUSDT!;
    delete feedPrices.BTCUSDT;
    await clock.advance(65_000);
    const refusal = call('merchant', '/api/otc/merchant/ad', ad);
    await refused(ERRORS.otcFloatingNoIndex, refusal);
    expect((await refusal).msg).toBe(
      'A floating price follows the BTC index, which has no fresh price right now: post a fixed price, or try again when the index is back',
    );
    const german = await api(app, '/api/otc/merchant/ad', { token: users.merchant!.token, lang: 'de', payload: ad });
    expect(german.msg).toBe(
      'Ein variabler Preis folgt dem BTC-Index, der gerade keinen aktuellen Kurs hat: Inserieren Sie mit Festpreis oder versuchen Sie es erneut, wenn der Index wieder da ist',
    );
    // Changing an existing floating ad's percentage is pricing it afresh: refused alike.
    await refused(
      ERRORS.otcFloatingNoIndex,
      call('merchant', '/api/otc/merchant/ad', { ...ad, id: buyAd.id, floatPct: '-1', total: '1' }),
    );
    // The ad already posted is neither listed nor takeable at the last price, and its merchant sees no price rather
    // than 0.00.
    expect(
      (await get<Page<OtcAd>>('seller', '/api/otc/ads', { side: 'sell', coin: 'BTC', fiat: 'USD' })).data.records,
    ).toEqual([]);
    await refused(ERRORS.otcNoPrice, take('seller', buyAd.id, '0.1', '95545.00', sellerPay));
    const stale = (await get<OtcOwnAd[]>('merchant', '/api/otc/merchant/ads')).data.find((a) => a.id === buyAd.id)!;
    expect(stale).toMatchObject({ price: null, maxFiat: '50000.00' });
    // Back: 97,000 × 1 USD per USDT × 0.985, listed again.
    feedPrices.BTCUSDT = btc;
    await clock.advance(2_000);
    expect(
      (await get<Page<OtcAd>>('seller', '/api/otc/ads', { side: 'sell', coin: 'BTC', fiat: 'USD' })).data.records,
    ).toEqual([expect.objectContaining({ id: buyAd.id, price: '95545.00' })]);
    expect(
      (await get<OtcOwnAd[]>('merchant', '/api/otc/merchant/ads')).data.find((a) => a.id === buyAd.id),
    ).toMatchObject({ price: '95545.00' });
    await invariants();
  });

  it('lists orders per role and shows the merchant’s record', async () => {
    await app.core.settled();
    const mine = await get<Page<OtcOrder>>('buyer', '/api/otc/order/list', { state: 'done' });
    expect(mine.data.total).toBe(8);
    expect((await get<Page<OtcOrder>>('buyer', '/api/otc/order/list')).data.total).toBe(0);
    const deals = await get<Page<OtcOrder>>('merchant', '/api/otc/order/list', { role: 'merchant', state: 'done' });
    expect(deals.data.total).toBe(9);
    expect(deals.data.records.every((o) => o.role === 'merchant')).toBe(true);
    const card = (await get<MerchantStatus>('merchant', '/api/otc/merchant/status')).data.card!;
    // Released 3 of the 9 ended in the last 30 days (the buyer's cancels and the expiry count against the merchant
    // too).
    expect(card).toMatchObject({ orders30d: 3, completionRate: '0.3333' });
  });

  it('keeps the order chat between the two sides and pushes each line to both', async () => {
    const chatId = `order-${(await get<Page<OtcOrder>>('buyer', '/api/otc/order/list', { state: 'done' })).data.records[0]!.id}`;
    for (const [content, code] of [
      ['', 400],
      ['   ', 400],
      ['x'.repeat(401), 400],
    ] as const)
      await refused(code, call('buyer', '/api/app/coin/buy/sendChatRecord', { chatId, contentType: 1, content }));
    expect(
      (await call('buyer', '/api/app/coin/buy/sendChatRecord', { chatId, contentType: 3, content: 'x' })).status,
    ).toBe(400);
    expect(
      (await call('other', '/api/app/coin/buy/sendChatRecord', { chatId, contentType: 1, content: 'hi' })).code,
    ).toBe(ERRORS.chatUnknown);
    expect((await call('other', `/api/app/coin/buy/getChatRecord/${chatId}`, {})).code).toBe(ERRORS.chatUnknown);
    chats.length = 0;
    const line = await call<ChatLine>('buyer', '/api/app/coin/buy/sendChatRecord', {
      chatId,
      contentType: 1,
      content: '<img src=x onerror=alert(1)> paid',
    });
    expect(line.data).toMatchObject({
      chatId,
      blade_user_id: users.buyer!.id,
      content_type: 1,
      content: '<img src=x onerror=alert(1)> paid',
      name: 'buyer_otc',
    });
    expect(chats.map((c) => c.topic).sort()).toEqual(
      [userTopics.chat(users.buyer!.id), userTopics.chat(users.merchant!.id)].sort(),
    );
    expect((await get<ChatUnread[]>('merchant', '/api/otc/chat/unread')).data).toContainEqual(
      expect.objectContaining({ chatId, unread: 1 }),
    );
    const page = await call<Page<ChatLine>>('merchant', `/api/app/coin/buy/getChatRecord/${chatId}`, {
      current: 1,
      size: 15,
    });
    expect(page.data.records.map((l) => l.id)).toEqual([line.data.id]);
    expect((await get<ChatUnread[]>('merchant', '/api/otc/chat/unread')).data).toEqual([]);
    // An operator reads order chats (appeals) and answers customer service as 0.
    expect((await call('ops', `/api/app/coin/buy/getChatRecord/${chatId}`, {})).code).toBe(200);
    const asked = await call<ChatLine>('other', '/api/app/coin/buy/sendChatRecord', {
      chatId: `service-${users.other!.id}`,
      contentType: 1,
      content: 'How do I become a merchant?',
    });
    expect(asked.code).toBe(200);
    expect(
      (
        await call('other', '/api/app/coin/buy/sendChatRecord', {
          chatId: `service-${users.buyer!.id}`,
          contentType: 1,
          content: 'hi',
        })
      ).code,
    ).toBe(ERRORS.chatUnknown);
    expect((await get<ChatUnread[]>('ops', '/api/otc/chat/unread')).data).toContainEqual(
      expect.objectContaining({ chatId: `service-${users.other!.id}`, unread: 1, title: 'other_otc' }),
    );
    const answer = await call<ChatLine>('ops', '/api/app/coin/buy/sendChatRecord', {
      chatId: `service-${users.other!.id}`,
      contentType: 1,
      content: 'Verify your identity first.',
    });
    expect(answer.data).toMatchObject({ blade_user_id: 0, name: 'service' });
    expect((await get<ChatUnread[]>('other', '/api/otc/chat/unread')).data).toContainEqual(
      expect.objectContaining({ chatId: `service-${users.other!.id}`, unread: 1 }),
    );
  });

  it('closes an ad: its untaken coins go back to the merchant account', async () => {
    expect(
      (await call<OtcOwnAd>('merchant', '/api/otc/merchant/ad/online', { id: sellAd.id, online: false })).data,
    ).toMatchObject({ online: false });
    expect((await ads('buy')).records).toEqual([]);
    await refused(ERRORS.otcAdUnavailable, take('buyer', sellAd.id, '20', '7.25'));
    const closed = await call<OtcOwnAd>('merchant', '/api/otc/merchant/ad/close', { id: sellAd.id });
    expect(closed.data).toMatchObject({ closed: true, remaining: '860.00000000' });
    expect(app.core.risk.hasHold(`otc-ad:${sellAd.id}`)).toBe(false);
    expect(balance('merchant', ACCOUNT.merchant)).toEqual({ available: 4860_00000000n, held: 1000_00000000n });
    await refused(ERRORS.otcAdUnknown, call('merchant', '/api/otc/merchant/ad/close', { id: sellAd.id }));
    await refused(ERRORS.otcAdUnknown, call('merchant', '/api/otc/merchant/ad/close', { id: buyAd.id + 1000 }));
    const own = await get<OtcOwnAd[]>('merchant', '/api/otc/merchant/ads');
    expect(own.data.map((a) => [a.id, a.closed])).toEqual([
      [buyAd.id, false],
      [sellAd.id, true],
    ]);
    await invariants();
  });

  it('releases 20 orders at once behind the right fund password, and still locks after 5 wrong ones', async () => {
    const ad = {
      side: 'sell',
      coin: 'USDT',
      fiat: 'CNY',
      priceType: 'fixed',
      price: '7.25',
      total: '420',
      minFiat: '100',
      maxFiat: '5000',
      payWindow: 30,
      payments: [merchantPay],
    };
    const posted = (await call<OtcOwnAd>('merchant', '/api/otc/merchant/ad', ad)).data;
    // Seven buyers with three orders of 20 USDT each (the cap), all paid.
    const buyers = Array.from({ length: 7 }, (_, i) => `many${i}`);
    for (const name of buyers) users[name] = await signUp(app, `${name}_otc`);
    const paid: Array<{ id: number; buyer: string }> = [];
    for (const buyer of buyers) {
      for (let i = 0; i < 3; i++) {
        const o = (await take(buyer, posted.id, '20', '7.25')).data;
        expect((await call(buyer, '/api/otc/order/paid', { id: o.id, payment: merchantPay })).code).toBe(200);
        paid.push({ id: o.id, buyer });
      }
    }
    const [last, ...twenty] = paid;
    const released = await Promise.all(
      twenty.map((o) => call<OtcOrder>('merchant', '/api/otc/order/release', { id: o.id, fundPassword: 'fund123' })),
    );
    expect(released.map((r) => r.code)).toEqual(twenty.map(() => 200));
    for (const buyer of buyers)
      expect(balance(buyer, ACCOUNT.otc).available).toBe(
        BigInt(twenty.filter((o) => o.buyer === buyer).length) * 20_00000000n,
      );
    await invariants();
    // Wrong answers still count: of 12 at once, 5 are checked and the rest refused; then even the right one is.
    const wrong = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call('merchant', '/api/otc/order/release', { id: last!.id, fundPassword: `wrong${i}` }),
      ),
    );
    expect(wrong.map((r) => r.code).sort()).toEqual(
      [...Array(5).fill(ERRORS.fundPasswordWrong), ...Array(7).fill(ERRORS.fundPasswordLocked)].sort(),
    );
    await refused(
      ERRORS.fundPasswordLocked,
      call('merchant', '/api/otc/order/release', { id: last!.id, fundPassword: 'fund123' }),
    );
    expect(book().orders.get(last!.id)).toMatchObject({ state: 'paid' });
    await invariants();
  });

  it('rebuilds the same OTC state from the tables as the running core holds', async () => {
    await app.core.settled();
    const running = JSON.stringify(book().snapshot());
    const fresh = new (book().constructor as new () => OtcBook)();
    const risk = new (app.core.risk.constructor as new () => typeof app.core.risk)();
    await fresh.load(t.db, risk);
    expect(JSON.stringify(fresh.snapshot())).toBe(running);
  });
});
