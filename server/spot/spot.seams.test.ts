import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { api, signUp, testApp, operatorToken } from '../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { ManualClock } from '../clock/clock.ts';

describe.each(FEATURE_DIALECTS)('the exchange on the bus and the clock, on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  afterEach(async () => {
    await app.close();
    await t.drop();
  });

  async function traders() {
    const ops = await operatorToken(app, t.db);
    const seller = await signUp(app, 'seams_seller');
    const buyer = await signUp(app, 'seams_buyer');
    await api(app, '/api/admin/credit', {
      token: ops,
      payload: { username: 'seams_seller', asset: 'BTC', amount: '1' },
    });
    await api(app, '/api/admin/credit', {
      token: ops,
      payload: { username: 'seams_buyer', asset: 'USDT', amount: '100000' },
    });
    return { seller, buyer };
  }

  it('publishes trades (as JSON values), book changes and whose orders changed, per market', async () => {
    t = await open();
    ({ app } = await testApp(t.db));
    const { seller, buyer } = await traders();
    const got: Array<[string, unknown]> = [];
    app.bus.subscribe('market.btcusdt.*', (m, topic) => got.push([topic, m]));
    app.bus.subscribe('user.*.orders', (m, topic) => got.push([topic, m]));
    await api(app, '/api/currency/order/submit', {
      token: seller.token,
      payload: { symbol: 'btcusdt', side: 'sell', type: 'limit', price: '97050', quantity: '0.5' },
    });
    await api(app, '/api/currency/order/submit', {
      token: buyer.token,
      payload: { symbol: 'btcusdt', side: 'buy', type: 'limit', price: '97050', quantity: '0.1' },
    });
    const trades = got.filter(([topic]) => topic === 'market.btcusdt.trades').map(([, m]) => m);
    expect(trades).toEqual([
      {
        symbol: 'btcusdt',
        price: '97050.00',
        trades: [
          { id: expect.any(Number), price: '97050.00', quantity: '0.10000', side: 'buy', time: expect.any(Number) },
        ],
      },
    ]);
    // What crosses a process boundary must survive JSON unchanged (no bigints, no dates).
    expect(JSON.parse(JSON.stringify(got))).toEqual(got);
    expect(got.filter(([topic]) => topic === 'market.btcusdt.book')).toEqual([
      ['market.btcusdt.book', { symbol: 'btcusdt' }],
      ['market.btcusdt.book', { symbol: 'btcusdt' }],
    ]);
    const users = got.filter(([topic]) => topic.startsWith('user.')).map(([topic]) => topic);
    // The resting sell changes the seller's orders; the trade changes both sides'.
    expect(users.sort()).toEqual(
      [`user.${seller.id}.orders`, `user.${seller.id}.orders`, `user.${buyer.id}.orders`].sort(),
    );
    expect(got.find(([topic]) => topic === `user.${buyer.id}.orders`)).toEqual([
      `user.${buyer.id}.orders`,
      { symbol: 'btcusdt' },
    ]);
  });

  it('writes candles on the app clock, once a second', async () => {
    t = await open();
    const clock = new ManualClock(Date.now());
    ({ app } = await testApp(t.db, {}, clock));
    const { seller, buyer } = await traders();
    await api(app, '/api/currency/order/submit', {
      token: seller.token,
      payload: { symbol: 'btcusdt', side: 'sell', type: 'limit', price: '97050', quantity: '0.5' },
    });
    await api(app, '/api/currency/order/submit', {
      token: buyer.token,
      payload: { symbol: 'btcusdt', side: 'buy', type: 'limit', price: '97050', quantity: '0.1' },
    });
    const klines = () => t.db.get<{ n: bigint }>("SELECT COUNT(*) AS n FROM klines WHERE symbol = 'btcusdt'");
    expect(Number((await klines())!.n)).toBe(0);
    await clock.advance(999);
    expect(Number((await klines())!.n)).toBe(0);
    await clock.advance(1);
    expect(Number((await klines())!.n)).toBeGreaterThan(0);
  });
});
