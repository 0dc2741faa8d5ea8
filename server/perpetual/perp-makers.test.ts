import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PerpBook as Book } from '../../isomorphic/contract/perpetual.ts';
import { api, operatorToken, signUp, testApp } from '../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { ManualClock } from '../clock/clock.ts';
import { MarketMakers } from '../spot/market-maker/market-maker.ts';
import { auditLedger } from '../ledger/ledger.ts';
import { PerpMakers } from './perp-makers.ts';

describe.each(FEATURE_DIALECTS)('the perpetual market makers on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let makers: PerpMakers;
  const clock = new ManualClock(Date.UTC(2026, 4, 1));
  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db, { MARKET_MAKERS: '0' }, clock));
    await new MarketMakers(t.db, app.core, app.spot, app.marketData, app.prices, app.log, {
      intervalMs: 0,
      seed: 1,
    }).start();
    makers = new PerpMakers(t.db, app.core, app.log, { intervalMs: 0, seed: 42 });
    await makers.start();
  });
  afterAll(async () => {
    makers.stop();
    await app.close();
    await t.drop();
  });

  it('quote every contract on both sides around its index, so a new user’s market order fills, and keep the ledger balanced', async () => {
    for (let i = 0; i < 4; i++) {
      await app.prices.advance();
      await clock.advance(1_000);
      await makers.tick();
    }
    await app.core.settled();
    for (const symbol of ['btcusdt_perp', 'ethusdt_perp', 'btcusd_perp', 'ethusd_perp']) {
      const book = (await api<Book>(app, '/api/perpetual/book', { method: 'GET', query: { symbol } })).data;
      expect(book.bids.length, symbol).toBeGreaterThan(2);
      expect(book.asks.length, symbol).toBeGreaterThan(2);
      // Around the index (they requote once it has moved 0.08% from their quotes).
      expect(Number(book.bids[0]!.price)).toBeLessThan(Number(book.asks[0]!.price));
      expect(Math.abs(Number(book.bids[0]!.price) / Number(book.index) - 1)).toBeLessThan(0.01);
      expect(Math.abs(Number(book.asks[0]!.price) / Number(book.index) - 1)).toBeLessThan(0.01);
    }
    const user = await signUp(app, 'perp_newcomer');
    await api(app, '/api/admin/credit', {
      token: await operatorToken(app, t.db),
      payload: { username: 'perp_newcomer', asset: 'USDT', amount: '1000' },
    });
    expect(
      (
        await api(app, '/api/asset/transferFunds', {
          token: user.token,
          payload: { coin: 'USDT', from: 1, to: 2, amount: '1000' },
        })
      ).code,
    ).toBe(200);
    const buy = await api<{ status: string }>(app, '/api/contract/order/submit', {
      token: user.token,
      payload: { symbol: 'btcusdt_perp', side: 'buy', type: 'market', quantity: '0.001' },
    });
    expect(buy.data.status).toBe('filled');
    expect(await auditLedger(t.db)).toEqual([]);
  });
});
