import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ACTIVE_ALERTS, type PriceAlert } from '../../isomorphic/contract/alerts.ts';
import { ERRORS } from '../../isomorphic/contract/codes.ts';
import type { PrivateFeedMessage } from '../../isomorphic/contract/private-feed.ts';
import { api, operatorToken, signUp, testApp } from '../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { FeedTestClient } from '../../tests/support/feed-client.ts';
import { ManualClock } from '../clock/clock.ts';
import { ALERT_CHECK_MS } from './alerts.feature.ts';
import { checkAlerts } from './alerts.service.ts';

const T0 = Date.UTC(2026, 0, 5);

/**
 * Price alerts on a whole app whose clock the test drives: prices are moved by real trades between two accounts on
 * BTCUSDT (listed at 96,500.00, so inside the ±10% band), and the watcher runs when the clock passes its period.
 */
describe.each(FEATURE_DIALECTS)('price alerts over the API, on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let ops: string;
  const clock = new ManualClock(T0);
  const users: Record<string, { id: number; token: string }> = {};
  const clients: Array<FeedTestClient<PrivateFeedMessage>> = [];

  const start = async () => {
    ({ app } = await testApp(t.db, { SMTP_URL: 'smtp://127.0.0.1:9' }, clock));
  };
  const create = (user: string, body: Record<string, unknown>, lang?: string) =>
    api<PriceAlert>(app, '/api/alerts/create', { token: users[user]!.token, payload: body, ...(lang ? { lang } : {}) });
  const list = async (user: string, state?: string) =>
    (
      await api<PriceAlert[]>(app, '/api/alerts/list', {
        method: 'GET',
        token: users[user]!.token,
        query: state ? { state } : {},
      })
    ).data;
  const remove = (user: string, id: unknown) =>
    api(app, '/api/alerts/delete', { token: users[user]!.token, payload: { id } });
  /** One trade of 0.001 BTC at `price`, seller first so the buyer takes it at that price. */
  const trade = async (price: string) => {
    for (const [user, side] of [
      ['seller', 'sell'],
      ['buyer', 'buy'],
    ] as const) {
      const r = await api(app, '/api/currency/order/submit', {
        token: users[user]!.token,
        payload: { symbol: 'btcusdt', side, type: 'limit', price, quantity: '0.001' },
      });
      expect(r.code, JSON.stringify(r)).toBe(200);
    }
    await app.core.settled();
  };
  const watch = () => clock.advance(ALERT_CHECK_MS);
  const outbox = (target: string) =>
    t.db.all<{ subject: string; body: string }>('SELECT subject, body FROM outbox WHERE target = ? ORDER BY id', [
      target,
    ]);

  beforeAll(async () => {
    t = await open();
    await start();
    await app.listen({ port: 0, host: '127.0.0.1' });
    ops = await operatorToken(app, t.db);
    for (const name of ['alice', 'bob', 'seller', 'buyer']) users[name] = await signUp(app, `${name}_alerts`);
    await t.db.run('UPDATE users SET email = ? WHERE id = ?', ['alice@example.com', users.alice!.id]);
    await api(app, '/api/admin/credit', {
      token: ops,
      payload: { username: 'seller_alerts', asset: 'BTC', amount: '1' },
    });
    await api(app, '/api/admin/credit', {
      token: ops,
      payload: { username: 'buyer_alerts', asset: 'USDT', amount: '1000' },
    });
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await app.close();
    await t.drop();
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const refused: Array<[Record<string, unknown>, number]> = [
      [{ symbol: 'btcusdt', kind: 'rise', target: '100000' }, 400],
      [{ symbol: 'btcusdt', target: '100000' }, 400],
      [{ symbol: 'btcusdt', kind: 'priceRises', target: 100000 }, 400],
      [{ symbol: ['btcusdt'], kind: 'priceRises', target: '100000' }, 400],
      [{ symbol: 'btcusdt', kind: 'priceRises', target: '100000', note: 'x'.repeat(101) }, 400],
      [{ symbol: 'nosuchusdt', kind: 'priceRises', target: '100000' }, ERRORS.unknownMarket],
      [{ symbol: 'btcusdt', kind: 'priceRises', target: '-5' }, ERRORS.invalidNumber],
      [{ symbol: 'btcusdt', kind: 'priceRises', target: '0' }, ERRORS.mustBePositive],
      [{ symbol: 'btcusdt', kind: 'priceRises', target: '100000.001' }, ERRORS.tooPrecise],
      [{ symbol: 'btcusdt', kind: 'priceRises', target: 'abc' }, ERRORS.invalidNumber],
      [{ symbol: 'btcusdt', kind: 'changeAbove', target: '1000.01' }, ERRORS.alertChangeRange],
      [{ symbol: 'btcusdt', kind: 'changeBelow', target: '-100' }, ERRORS.alertChangeRange],
      [{ symbol: 'btcusdt', kind: 'changeAbove', target: '1.234' }, ERRORS.tooPrecise],
      // Listed at 96,500.00 with no trade yet: that is its last price.
      [{ symbol: 'btcusdt', kind: 'priceRises', target: '96500' }, ERRORS.alertAlreadyReached],
      [{ symbol: 'btcusdt', kind: 'priceFalls', target: '97000' }, ERRORS.alertAlreadyReached],
      [{ symbol: 'btcusdt', kind: 'changeAbove', target: '0' }, ERRORS.alertAlreadyReached],
    ];
    for (const [body, code] of refused) {
      const r = await create('alice', body);
      expect([body, r.code]).toEqual([body, code]);
      expect(r.msg).not.toMatch(/^(error|validation)\./);
    }
    const past = await create('alice', { symbol: 'btcusdt', kind: 'priceFalls', target: '97000' }, 'de');
    expect(past.msg).toBe(
      'Der Markt steht bereits dort (jetzt 96500.00, Ziel 97000.00): Wählen Sie ein Ziel, das er noch nicht erreicht hat',
    );
    const typed = await create('alice', { symbol: 'btcusdt', kind: 'priceRises', target: 100000 }, 'de');
    expect(typed.msg).toBe('Bitte geben Sie einen Zielpreis oder Prozentsatz ein');
    expect((await api(app, '/api/alerts/list', { method: 'GET' })).status).toBe(401);
    expect(await list('alice')).toEqual([]);
  });

  it('fires each alert once, on the trade that crosses it, in both directions, pushed on the private feed', async () => {
    const feed = new FeedTestClient<PrivateFeedMessage>(
      `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/ws/coin/${users.alice!.id}`,
    );
    clients.push(feed);
    await feed.opened();
    feed.send({ event: 'auth', token: users.alice!.token });
    await feed.next((m) => m.event === 'USER_STATUS');

    const up = (await create('alice', { symbol: 'BTCUSDT', kind: 'priceRises', target: '97000', note: 'take profit' }))
      .data;
    expect(up).toMatchObject({ symbol: 'btcusdt', target: '97000.00', startValue: '96500.00', state: 'active' });
    const down = (await create('alice', { symbol: 'btcusdt', kind: 'priceFalls', target: '96000.5' })).data;
    const bobs = (await create('bob', { symbol: 'btcusdt', kind: 'priceRises', target: '96800' })).data;
    expect((await create('alice', { symbol: 'btcusdt', kind: 'priceRises', target: '96800.015' })).code).toBe(
      ERRORS.tooPrecise,
    );

    await trade('96900');
    await watch();
    expect((await list('bob'))[0]).toMatchObject({ id: bobs.id, state: 'fired', firedValue: '96900.00' });
    expect((await list('alice', 'active')).map((a) => a.id).sort()).toEqual([up.id, down.id].sort());

    await trade('97000');
    await watch();
    const pushed = (await feed.next((m) => m.event === 'ALERT')) as { event: 'ALERT'; data: PriceAlert };
    expect(pushed).toMatchObject({
      event: 'ALERT',
      data: { id: up.id, state: 'fired', firedValue: '97000.00', note: 'take profit', firedAt: clock.now() },
    });
    // Prices staying past the target and further checks fire nothing more.
    await trade('97100');
    await watch();
    await watch();
    expect((await list('alice', 'fired')).map((a) => a.id)).toEqual([up.id]);
    expect(await t.db.all("SELECT id FROM price_alerts WHERE state = 'fired'")).toHaveLength(2);

    await trade('96000');
    await watch();
    expect((await list('alice', 'fired')).map((a) => [a.id, a.firedValue])).toEqual([
      [down.id, '96000.00'],
      [up.id, '97000.00'],
    ]);
    expect((await feed.next((m) => m.event === 'ALERT' && m.data.id === down.id)).event).toBe('ALERT');

    // Mail to the bound address, in the language the alert was set in; bob has none, so none for him.
    const mails = await outbox('alice@example.com');
    expect(mails).toHaveLength(2);
    expect(mails[0]).toEqual({
      subject: 'Price alert: BTC/USDT price rises to 97000.00',
      body: `Your price alert fired: BTC/USDT price rises to 97000.00. The market reached 97000.00 at ${new Date(pushed.data.firedAt!).toISOString()} (UTC). The alert is now done; set a new one on the Price alerts page to be told again.\n\nYour note: take profit`,
    });
  });

  it('fires 24 h change alerts above and below', async () => {
    // The window opened at 96,900.00 (the first trade); now 96,000.00: -0.92%.
    const below = (await create('alice', { symbol: 'btcusdt', kind: 'changeBelow', target: '-2' })).data;
    const above = (await create('alice', { symbol: 'btcusdt', kind: 'changeAbove', target: '0.5' })).data;
    expect(below.startValue).toBe('-0.92');
    await trade('95000');
    await watch();
    expect((await list('alice', 'active')).map((a) => a.id).sort()).toEqual([below.id, above.id].sort());
    await trade('94900');
    await watch();
    expect((await list('alice', 'fired'))[0]).toMatchObject({ id: below.id, firedValue: '-2.06' });
    await trade('97400');
    await watch();
    expect((await list('alice', 'fired'))[0]).toMatchObject({ id: above.id, firedValue: '0.51' });
    expect(await list('alice', 'active')).toEqual([]);
  });

  it('claims each alert once when several watchers check at the same moment', async () => {
    const a = (await create('alice', { symbol: 'btcusdt', kind: 'priceRises', target: '97500' })).data;
    await trade('97500');
    const deps = {
      db: t.db,
      clock,
      bus: app.bus,
      markets: app.markets,
      marketData: app.marketData,
      sender: { send: async () => {} },
      mails: false,
      log: app.log,
    };
    const fired = await Promise.all([checkAlerts(deps), checkAlerts(deps), checkAlerts(deps)]);
    expect(fired.reduce((x, y) => x + y, 0)).toBe(1);
    await watch();
    expect((await list('alice', 'fired'))[0]!.id).toBe(a.id);
  });

  it(`holds at most ${MAX_ACTIVE_ALERTS} active alerts per user, and fired ones do not count`, async () => {
    for (let i = 0; i < MAX_ACTIVE_ALERTS; i++)
      expect((await create('bob', { symbol: 'btcusdt', kind: 'priceRises', target: String(98000 + i) })).code).toBe(
        200,
      );
    const over = await create('bob', { symbol: 'btcusdt', kind: 'priceRises', target: '99000' });
    expect([over.code, over.msg]).toEqual([
      ERRORS.alertLimit,
      `You can have at most ${MAX_ACTIVE_ALERTS} active alerts: delete one first`,
    ]);
    expect((await create('bob', { symbol: 'btcusdt', kind: 'priceRises', target: '99000' }, 'zh-CN')).msg).toBe(
      `您最多可以有 ${MAX_ACTIVE_ALERTS} 个生效中的提醒：请先删除一个`,
    );
    expect(await list('bob', 'active')).toHaveLength(MAX_ACTIVE_ALERTS);
    const first = (await list('bob', 'active')).at(-1)!;
    expect((await remove('bob', first.id)).code).toBe(200);
    expect((await create('bob', { symbol: 'btcusdt', kind: 'priceRises', target: '99000' })).code).toBe(200);
  });

  it("never shows or deletes another user's alerts", async () => {
    const alices = await list('alice');
    expect(alices.length).toBeGreaterThan(0);
    const bobs = await list('bob');
    expect(bobs.some((b) => alices.some((a) => a.id === b.id))).toBe(false);
    for (const a of alices) expect((await remove('bob', a.id)).code).toBe(ERRORS.alertNotFound);
    expect(await list('alice')).toEqual(alices);
    for (const bad of ['1', 1.5, null, -1]) expect((await remove('bob', bad)).status).toBe(400);
  });

  it('keeps alerts across a restart and fires one whose crossing came just before the stop', async () => {
    const a = (await create('alice', { symbol: 'btcusdt', kind: 'priceFalls', target: '95500' })).data;
    const kept = (await create('alice', { symbol: 'btcusdt', kind: 'priceRises', target: '105000' })).data;
    // The trade lands, and the server stops before its watcher's next round.
    await trade('95400');
    await app.close();
    await start();
    const active = (await list('alice', 'active')).map((x) => x.id);
    expect(active).toContain(a.id);
    expect(active).toContain(kept.id);
    await watch();
    expect((await list('alice', 'fired'))[0]).toMatchObject({ id: a.id, firedValue: '95400.00' });
    await watch();
    expect((await list('alice', 'active')).map((x) => x.id)).toEqual([kept.id]);
  });
});
