import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../isomorphic/contract/codes.ts';
import type {
  EarnIncome,
  EarnObligation,
  EarnOrder,
  EarnPool,
  EarnProduct,
  RedeemPreview,
} from '../../isomorphic/contract/earn.ts';
import type { Page } from '../../isomorphic/contract/wallet.ts';
import { api, operatorToken, signUp, testApp } from '../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { ManualClock } from '../clock/clock.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { auditLedger } from '../ledger/ledger.ts';
import type { EarnBook } from './earn-book.ts';
import { DAY_MS } from '../../isomorphic/earn/interest.ts';

/** 2026-03-10 15:00 UTC: interest starts at 00:00 on the 11th. */
const T0 = Date.UTC(2026, 2, 10, 15);
const NEXT_MIDNIGHT = Date.UTC(2026, 2, 11);

/**
 * Staking and finance products over the API on a whole app whose clock the test drives: the seeded products,
 * subscriptions within every limit, early redemption that forfeits interest, a locked product, maturity paying the
 * published formula exactly once, the income history, and the operators' products, obligations and pool.
 */
describe.each(FEATURE_DIALECTS)('earn over the API, on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let ops: string;
  const users: Record<string, { id: number; token: string }> = {};
  const clock = new ManualClock(T0);
  const call = <T = any>(user: string, url: string, payload?: object, method?: 'GET', query?: Record<string, string>) =>
    api<T>(app, url, {
      token: user === 'ops' ? ops : users[user]?.token,
      ...(payload ? { payload } : {}),
      ...(method ? { method } : {}),
      ...(query ? { query } : {}),
    });
  const list = async (x: 'pledge' | 'finance', user = 'alice') =>
    (await call<EarnProduct[]>(user, `/api/${x}/list`)).data;
  const finance = (user: string, asset = 'USDT') => app.core.risk.balance(users[user]!.id, ACCOUNT.finance, asset);
  const spot = (user: string, asset = 'USDT') => app.core.risk.balance(users[user]!.id, ACCOUNT.spot, asset);
  const refused = async (code: number, p: Promise<{ code: number }>) => {
    const before = app.core.stateHash();
    expect((await p).code).toBe(code);
    expect(app.core.stateHash()).toBe(before);
  };
  let usdt7: EarnProduct;
  let fixed90: EarnProduct;

  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db, { MARKET_MAKERS: '0' }, clock));
    ops = await operatorToken(app, t.db);
    for (const name of ['alice', 'bob']) {
      users[name] = await signUp(app, `${name}_earn`);
      expect(
        (await call('ops', '/api/admin/credit', { username: `${name}_earn`, asset: 'USDT', amount: '300000' })).code,
      ).toBe(200);
    }
  });
  afterAll(async () => {
    await app.core.settled();
    expect(await auditLedger(t.db)).toEqual([]);
    await app.close();
    await t.drop();
  });

  it('lists the seeded staking and fixed-term products to anyone', async () => {
    const pledge = (await api<EarnProduct[]>(app, '/api/pledge/list')).data;
    expect(pledge.map((p) => [p.name, p.coin, p.cycleDays])).toEqual([
      ['USDT staking · 7 days', 'USDT', 7],
      ['USDT staking · 30 days', 'USDT', 30],
      ['ETH staking · 30 days', 'ETH', 30],
    ]);
    usdt7 = pledge[0]!;
    expect(usdt7).toMatchObject({
      dailyRate: '0.00050000',
      yearlyRate: '0.18250000',
      minAmount: '100.00000000',
      maxAmount: '50000.00000000',
      perUser: 5,
      progress: '0.0000',
      earlyRedeem: 'forfeit',
      yours: 0,
    });
    fixed90 = (await list('finance'))[0]!;
    expect(fixed90).toMatchObject({ kind: 'fixed', name: 'USDT fixed term · 90 days', earlyRedeem: 'locked' });
    expect((await api(app, '/api/stocks/list')).status).toBe(400);
    const admin = await call<{ pools: EarnPool[] }>('ops', '/api/admin/earn/products', undefined, 'GET');
    expect(admin.data.pools).toContainEqual({ coin: 'USDT', balance: '3000000.00000000', reserved: '0.00000000' });
  });

  it('subscribes within the product’s limits, holding the amount in the finance account', async () => {
    const sub = (user: string, amount: unknown, productId: unknown = usdt7.id) =>
      call<EarnOrder>(user, '/api/earn/subscribe', { productId, amount });
    await refused(ERRORS.earnOutsideLimits, sub('alice', '99.99'));
    await refused(ERRORS.earnOutsideLimits, sub('alice', '50000.01'));
    await refused(ERRORS.tooPrecise, sub('alice', '100.000000001'));
    await refused(ERRORS.earnProductUnknown, sub('alice', '100', 999));
    for (const bad of [100, null, ['1']]) await refused(400, sub('alice', bad));
    for (const bad of ['-5', '1e3', ' 1']) await refused(ERRORS.invalidNumber, sub('alice', bad));
    await refused(400, sub('alice', '100', '1'));
    expect((await api(app, '/api/earn/subscribe', { payload: { productId: usdt7.id, amount: '100' } })).status).toBe(
      401,
    );
    const order = await sub('alice', '10000');
    // 10,000 × 0.0005 × 7 = 35
    expect(order.data).toMatchObject({
      state: 'inProgress',
      amount: '10000.00000000',
      beginAt: NEXT_MIDNIGHT,
      endAt: NEXT_MIDNIGHT + 7 * DAY_MS,
      expectedRevenue: '35.00000000',
      accrued: '0.00000000',
    });
    expect(finance('alice')).toEqual({ available: 0n, held: 10_000_00000000n });
    expect(spot('alice').available).toBe(290_000_00000000n);
    expect((await list('pledge')).find((p) => p.id === usdt7.id)).toMatchObject({
      sold: '10000.00000000',
      yours: 1,
      progress: '0.0050',
    });
    const admin = await call<{ obligations: EarnObligation[]; pools: EarnPool[] }>(
      'ops',
      '/api/admin/earn/products',
      undefined,
      'GET',
    );
    expect(admin.data.obligations.find((o) => o.productId === usdt7.id)).toMatchObject({
      openOrders: 1,
      principal: '10000.00000000',
      interestOwed: '35.00000000',
    });
    expect(admin.data.pools.find((p) => p.coin === 'USDT')).toMatchObject({ reserved: '35.00000000' });
  });

  it('accrues whole days from the next midnight, and an early redemption gives the principal back without interest', async () => {
    const order = (await call<EarnOrder>('bob', '/api/earn/subscribe', { productId: usdt7.id, amount: '333.33333333' }))
      .data;
    await clock.jump(NEXT_MIDNIGHT - clock.now() + 2 * DAY_MS + 1000);
    const orders = (await call<Page<EarnOrder>>('bob', '/api/order/list')).data.records;
    // ⌊333.33333333 × 0.0005 × 2⌋ at 8 decimals = 0.33333333
    expect(orders[0]).toMatchObject({ id: order.id, accrued: '0.33333333' });
    const preview = await call<RedeemPreview>('bob', '/api/earn/redeem/preview', undefined, 'GET', {
      id: String(order.id),
    });
    expect(preview.data).toEqual({
      id: order.id,
      principal: '333.33333333',
      interest: '0.00000000',
      forfeited: '0.33333333',
      allowed: true,
    });
    await refused(ERRORS.earnOrderUnknown, call('alice', '/api/earn/redeem', { id: order.id }));
    expect((await call('alice', '/api/earn/redeem/preview', undefined, 'GET', { id: String(order.id) })).code).toBe(
      ERRORS.earnOrderUnknown,
    );
    const redeemed = await call<EarnOrder>('bob', '/api/earn/redeem', { id: order.id });
    expect(redeemed.data).toMatchObject({ state: 'redeemed', interestPaid: '0.00000000' });
    expect(finance('bob')).toEqual({ available: 333_33333333n, held: 0n });
    await refused(ERRORS.earnOrderUnknown, call('bob', '/api/earn/redeem', { id: order.id }));
    const income = (await call<Page<EarnIncome>>('bob', '/api/financial/personalIncome')).data.records;
    expect(income).toEqual([
      expect.objectContaining({
        orderId: order.id,
        kind: 'redeemed',
        principal: '333.33333333',
        interest: '0.00000000',
      }),
    ]);
  });

  it('refuses redeeming a locked fixed-term product early, and a subscription past the per-user count', async () => {
    const order = (await call<EarnOrder>('alice', '/api/earn/subscribe', { productId: fixed90.id, amount: '1000' }))
      .data;
    expect(
      (await call<RedeemPreview>('alice', '/api/earn/redeem/preview', undefined, 'GET', { id: String(order.id) })).data
        .allowed,
    ).toBe(false);
    await refused(ERRORS.earnLocked, call('alice', '/api/earn/redeem', { id: order.id }));
    expect((await call('alice', '/api/earn/subscribe', { productId: fixed90.id, amount: '1000' })).code).toBe(200);
    await refused(
      ERRORS.earnPerUserLimit,
      call('alice', '/api/earn/subscribe', { productId: fixed90.id, amount: '1000' }),
    );
  });

  it('pays the whole cycle’s interest once at the end, by the clock, even after downtime', async () => {
    const before = finance('alice').available;
    const order = (await call<Page<EarnOrder>>('alice', '/api/order/list', undefined, undefined, { kind: 'pledge' }))
      .data.records[0]!;
    // Long past the end (as after downtime): the job pays at its first turn, once.
    await clock.jump(order.endAt - clock.now() + 3 * DAY_MS);
    await clock.advance(1_000);
    await app.core.settled();
    const done = (await call<Page<EarnOrder>>('alice', '/api/order/list', undefined, undefined, { kind: 'pledge' }))
      .data.records[0]!;
    expect(done).toMatchObject({ state: 'completed', interestPaid: '35.00000000', accrued: '35.00000000' });
    expect(finance('alice').available - before).toBe(10_035_00000000n);
    await clock.advance(5_000);
    expect(finance('alice').available - before).toBe(10_035_00000000n);
    const bills = await call('alice', '/api/asset/getMyBill', undefined, undefined, { type: String(ACCOUNT.finance) });
    expect(bills.data.records.map((b: { billType: string }) => b.billType)).toEqual(
      expect.arrayContaining(['earn_subscribe', 'earn_redeem', 'earn_interest']),
    );
    expect((await call<Page<EarnIncome>>('alice', '/api/financial/personalIncome')).data.records[0]).toMatchObject({
      orderId: order.id,
      kind: 'matured',
      principal: '10000.00000000',
      interest: '35.00000000',
    });
  });

  it('pays a flexible product every whole day once, catching up after downtime, and redeems it any time keeping what it paid', async () => {
    const flexible = (await list('finance')).find((p) => p.kind === 'flexible')!;
    expect(flexible).toMatchObject({ name: 'USDT flexible', dailyRate: '0.00020000', perUser: 0 });
    const order = (
      await call<EarnOrder>('alice', '/api/earn/subscribe', { productId: flexible.id, amount: '1234.56789' })
    ).data;
    const before = finance('alice').available;
    const paidDays = async () => {
      await app.core.settled();
      const rows = await t.db.all<{ delta_available: bigint }>(
        "SELECT delta_available FROM ledger_entries WHERE ref_type = 'earn_order' AND ref_id = ? AND bill_type = 'earn_interest' AND owner_id = ? ORDER BY id",
        [String(order.id), users.alice!.id],
      );
      return rows.map((r) => BigInt(r.delta_available));
    };
    await clock.jump(order.beginAt - clock.now() + 3 * DAY_MS + 1000);
    await clock.advance(1_000);
    // Day n pays ⌊1234.56789 × 0.0002 × n⌋ − ⌊… × (n − 1)⌋: 0.24691357, 0.24691358, 0.24691358.
    expect(await paidDays()).toEqual([24_691_357n, 24_691_358n, 24_691_358n]);
    // Two days of downtime: both are paid at the job's first turn, once; running again pays nothing.
    await clock.jump(2 * DAY_MS);
    await clock.advance(1_000);
    await clock.advance(5_000);
    expect(await paidDays()).toEqual([24_691_357n, 24_691_358n, 24_691_358n, 24_691_358n, 24_691_358n]);
    expect(finance('alice').available - before).toBe(123_456_789n);
    const listed = (await call<Page<EarnOrder>>('alice', '/api/order/list', undefined, undefined, { kind: 'flexible' }))
      .data.records[0]!;
    expect(listed).toMatchObject({
      id: order.id,
      paidDays: 5,
      interestPaid: '1.23456789',
      accrued: '1.23456789',
      expectedRevenue: '90.12345597',
    });
    const preview = await call<RedeemPreview>('alice', '/api/earn/redeem/preview', undefined, 'GET', {
      id: String(order.id),
    });
    expect(preview.data).toEqual({
      id: order.id,
      principal: '1234.56789000',
      interest: '1.23456789',
      forfeited: '0.00000000',
      allowed: true,
    });
    const redeemed = await call<EarnOrder>('alice', '/api/earn/redeem', { id: order.id });
    expect(redeemed.data).toMatchObject({ state: 'redeemed', interestPaid: '1.23456789', paidDays: 5 });
    expect(finance('alice').available - before).toBe(123_456_789_000n + 123_456_789n);
    await clock.jump(DAY_MS);
    await clock.advance(1_000);
    expect((await paidDays()).length).toBe(5);
    expect((await call<Page<EarnIncome>>('alice', '/api/financial/personalIncome')).data.records[0]).toMatchObject({
      orderId: order.id,
      kind: 'redeemed',
      principal: '1234.56789000',
      interest: '1.23456789',
    });
  });

  it('lets operators add a product and fund the pool; refuses what the pool cannot cover', async () => {
    expect((await call('alice', '/api/admin/earn/product', {})).status).toBe(403);
    const body = {
      kind: 'pledge',
      name: 'BNB staking · 10 days',
      coin: 'BNB',
      dailyRate: '0.01',
      cycleDays: 10,
      minAmount: '1',
      maxAmount: '1000',
      perUser: 0,
      capacity: '100000',
      earlyRedeem: 'forfeit',
      open: true,
    };
    await refused(ERRORS.earnRateInvalid, call('ops', '/api/admin/earn/product', { ...body, dailyRate: '0.06' }));
    await refused(ERRORS.earnLimitsInvalid, call('ops', '/api/admin/earn/product', { ...body, minAmount: '2000' }));
    await refused(ERRORS.unknownAsset, call('ops', '/api/admin/earn/product', { ...body, coin: 'NOPE' }));
    await refused(400, call('ops', '/api/admin/earn/product', { ...body, cycleDays: 0 }));
    const made = await call<EarnProduct>('ops', '/api/admin/earn/product', body);
    expect(made.data).toMatchObject({ name: 'BNB staking · 10 days', dailyRate: '0.01000000' });
    expect((await call('ops', '/api/admin/credit', { username: 'bob_earn', asset: 'BNB', amount: '50' })).code).toBe(
      200,
    );
    // The BNB pool is empty: 10 × 0.01 × 10 = 1 BNB of interest cannot be promised.
    await refused(ERRORS.earnPoolShort, call('bob', '/api/earn/subscribe', { productId: made.data.id, amount: '10' }));
    expect((await call<EarnPool>('ops', '/api/admin/earn/fundPool', { coin: 'BNB', amount: '1' })).data).toEqual({
      coin: 'BNB',
      balance: '1.00000000',
      reserved: '0.00000000',
    });
    expect((await call('bob', '/api/earn/subscribe', { productId: made.data.id, amount: '10' })).code).toBe(200);
    await refused(ERRORS.earnPoolShort, call('bob', '/api/earn/subscribe', { productId: made.data.id, amount: '1' }));
    const usdt30 = (await list('pledge', 'bob'))[1]!;
    for (let i = 0; i < 2; i++)
      expect((await call('bob', '/api/earn/subscribe', { productId: usdt30.id, amount: '100000' })).code).toBe(200);
    await refused(
      ERRORS.insufficientBalance,
      call('bob', '/api/earn/subscribe', { productId: usdt30.id, amount: '100000' }),
    );
    const closed = await call<EarnProduct>('ops', '/api/admin/earn/product', {
      ...body,
      id: made.data.id,
      open: false,
    });
    expect(closed.data.open).toBe(false);
    await refused(
      ERRORS.earnProductClosed,
      call('bob', '/api/earn/subscribe', { productId: made.data.id, amount: '1' }),
    );
    const audit = await call('ops', '/api/admin/audit', undefined, 'GET');
    expect(audit.data.records.map((r: { action: string }) => r.action)).toEqual(
      expect.arrayContaining(['earn.product.create', 'earn.product.update', 'earn.pool.fund']),
    );
  });

  it('names products in the caller language, English where there is none; refuses bad names in the caller language', async () => {
    // The seed ships every language: the staking list reads in Chinese for a Chinese caller, in English otherwise.
    const zh = (await api<EarnProduct[]>(app, '/api/pledge/list', { lang: 'zh-CN' })).data;
    expect(zh[0]).toMatchObject({
      name: 'USDT 质押 · 7 天',
      names: { en: 'USDT staking · 7 days', de: 'USDT-Staking · 7 Tage' },
    });
    expect((await api<EarnProduct[]>(app, '/api/pledge/list', { lang: 'lt' })).data[0]!.name).toBe(
      'USDT stakingas · 7 dienos',
    );
    const body = {
      kind: 'fixed',
      name: 'Winter fixed',
      names: { 'zh-CN': ' 冬季定期 ', ja: '' },
      coin: 'USDT',
      dailyRate: '0.001',
      cycleDays: 20,
      minAmount: '1',
      maxAmount: '100',
      perUser: 0,
      capacity: '1000',
      earlyRedeem: 'locked',
      open: true,
    };
    const made = (await call<EarnProduct>('ops', '/api/admin/earn/product', body)).data;
    // Trimmed, and an empty language dropped: it falls back to English.
    expect(made.names).toEqual({ en: 'Winter fixed', 'zh-CN': '冬季定期' });
    const named = async (lang: string) =>
      (await api<EarnProduct>(app, '/api/earn/product', { method: 'GET', query: { id: String(made.id) }, lang })).data
        .name;
    expect([await named('zh-CN'), await named('ja'), await named('en')]).toEqual([
      '冬季定期',
      'Winter fixed',
      'Winter fixed',
    ]);
    // An order is named in its caller's language too.
    const order = await call<{ id: number }>('alice', '/api/earn/subscribe', { productId: made.id, amount: '10' });
    const zhOrders = await api<{ records: Array<{ id: number; name: string }> }>(app, '/api/order/list', {
      token: users.alice!.token,
      lang: 'zh-CN',
      query: { kind: 'fixed' },
    });
    expect(zhOrders.data.records.find((o) => o.id === order.data.id)?.name).toBe('冬季定期');

    const refusedIn = async (lang: string, change: object, message: string) => {
      const before = JSON.stringify((await call('ops', '/api/admin/earn/products', undefined, 'GET')).data.products);
      const r = await api(app, '/api/admin/earn/product', {
        token: ops,
        lang,
        payload: { ...body, id: made.id, ...change },
      });
      expect([r.status, r.msg]).toEqual([400, message]);
      expect(JSON.stringify((await call('ops', '/api/admin/earn/products', undefined, 'GET')).data.products)).toBe(
        before,
      );
    };
    await refusedIn('zh-CN', { name: '  ' }, '请填写产品的英文名称：没有单独名称的语言都显示英文名称');
    await refusedIn('de', { names: { xx: 'Name' } }, 'Namen können nur in den Sprachen der Website angegeben werden');
    await refusedIn(
      'en',
      { names: { en: 'English twice' } },
      "A name can be given only in one of the site's languages",
    );
    await refusedIn('fr', { names: { de: 'x'.repeat(81) } }, 'Le nom d’un produit compte au plus 80 caractères');
    await refusedIn('en', { name: 'x'.repeat(81) }, 'A product name is at most 80 characters');
  });

  it('rebuilds the same earn state from the tables as the running core holds', async () => {
    await app.core.settled();
    const book = app.core.part<EarnBook>('earn');
    const fresh = new (book.constructor as new () => EarnBook)();
    await fresh.load(t.db, new (app.core.risk.constructor as new () => typeof app.core.risk)());
    expect(JSON.stringify(fresh.snapshot())).toBe(JSON.stringify(book.snapshot()));
  });
});
