import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, testApp } from '../../../tests/support/app.ts';
import { apiKeyFor, ccxtSpot, listening } from '../../../tests/support/binance.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../../tests/support/databases.ts';
import { credit } from '../../../tests/support/trading.ts';

describe.each(FEATURE_DIALECTS)("the spot door (%s): market data in Binance's shapes", (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  const get = async (path: string) => {
    const res = await fetch(`${base}/api/v3/${path}`);
    return {
      status: res.status,
      weight: res.headers.get('x-mbx-used-weight-1m'),
      body: await res.json(),
    };
  };

  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db));
    base = await listening(app);
    const a = await signUp(app, 'mdseller');
    const b = await signUp(app, 'mdbuyer');
    await credit(app.core, a.id, 'ETH', 10n ** 8n);
    await credit(app.core, b.id, 'USDT', 10_000n * 10n ** 8n);
    const seller = ccxtSpot(base, await apiKeyFor(app, a.token));
    const buyer = ccxtSpot(base, await apiKeyFor(app, b.token));
    await seller.createOrder('ETH/USDT', 'limit', 'sell', 0.5, 3450);
    await buyer.createOrder('ETH/USDT', 'limit', 'buy', 0.2, 3450);
    await buyer.createOrder('ETH/USDT', 'limit', 'buy', 0.1, 3400);
    await app.core.settled();
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  it('answers trades, aggTrades, klines, avgPrice and the tickers', async () => {
    const trades = await get('trades?symbol=ETHUSDT');
    expect(trades.body).toEqual([
      expect.objectContaining({
        price: '3450.00',
        qty: '0.2000',
        quoteQty: '690.00000000',
        isBuyerMaker: false,
      }),
    ]);
    const agg = await get('aggTrades?symbol=ETHUSDT&limit=1');
    expect(agg.body[0]).toMatchObject({
      p: '3450.00',
      q: '0.2000',
      m: false,
    });
    const klines = await get('klines?symbol=ETHUSDT&interval=1m');
    const k = klines.body.at(-1);
    expect(k.slice(1, 6)).toEqual(['3450.00', '3450.00', '3450.00', '3450.00', '0.20000000']);
    expect(k[6]).toBe(k[0] + 59_999);
    expect((await get('uiKlines?symbol=ETHUSDT&interval=1m')).body).toEqual(klines.body);
    expect((await get('klines?symbol=ETHUSDT&interval=7m')).body).toEqual({
      code: -1120,
      msg: 'Invalid interval.',
    });
    expect((await get('avgPrice?symbol=ETHUSDT')).body).toMatchObject({
      mins: 5,
      price: '3450.00',
    });
    const book = await get('ticker/bookTicker?symbol=ETHUSDT');
    expect(book.body).toEqual({
      symbol: 'ETHUSDT',
      bidPrice: '3400.00',
      bidQty: '0.1000',
      askPrice: '3450.00',
      askQty: '0.3000',
    });
    const price = await get(`ticker/price?symbols=${encodeURIComponent('["ETHUSDT","BTCUSDT"]')}`);
    expect(price.body.map((p: { symbol: string }) => p.symbol)).toEqual(['ETHUSDT', 'BTCUSDT']);
    const day = await get('ticker/24hr?symbol=ETHUSDT');
    expect(day.body).toMatchObject({
      symbol: 'ETHUSDT',
      lastPrice: '3450.00',
      lastQty: '0.2000',
      volume: '0.20000000',
    });
    const rolling = await get('ticker?symbol=ETHUSDT&windowSize=1d');
    expect(rolling.body.lastPrice).toBe('3450.00');
    expect((await get('ticker?symbol=ETHUSDT&windowSize=3h')).body.code).toBe(-1100);
    expect((await get('ticker/24hr?symbols=ETHUSDT')).body.code).toBe(-1100);
    expect((await get('ticker/price?symbol=ethusdt')).body).toEqual({
      code: -1121,
      msg: 'Invalid symbol.',
    });
    expect((await get('trades')).body.code).toBe(-1102);
    expect((await get('trades?symbol=ETHUSDT&limit=abc')).body.code).toBe(-1100);
  });

  it("charges Binance's weights", async () => {
    // Weights count per clock minute: a run that straddles a minute's end is measured again.
    for (let attempt = 0; ; attempt++) {
      const minute = Math.floor(Date.now() / 60_000);
      const before = Number((await get('time')).weight);
      const used = [
        Number((await get('exchangeInfo')).weight) - before,
        Number((await get('ticker/24hr')).weight) - before,
        Number((await get('ticker/24hr?symbol=ETHUSDT')).weight) - before,
      ];
      if (minute !== Math.floor(Date.now() / 60_000) && attempt < 1) continue;
      expect(used).toEqual([20, 100, 102]);
      return;
    }
  });
});
