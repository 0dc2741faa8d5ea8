import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Liquidation, PerpPosition } from '../../isomorphic/contract/perpetual.ts';
import { api, operatorToken, signUp, testApp } from '../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { priceFeed } from '../../tests/support/price-feed.ts';
import { ManualClock } from '../clock/clock.ts';
import { MarketMakers } from '../spot/market-maker/market-maker.ts';
import { auditLedger } from '../ledger/ledger.ts';
import type { PerpBook } from './perp-book.ts';
import { PerpMakers } from './perp-makers.ts';

const T0 = Date.UTC(2026, 0, 1);
/** BTCUSDT's first bracket: 125× (initial margin 0.8%) and maintenance 0.4%; the band is 75% of the difference. */
const BAND = 0.75 * (1 / 125 - 0.004);
const MMR = 0.004;

/**
 * One account sells into the perpetual book every 250 ms for a minute, each order a limit 2% under the index
 * that sweeps the built-in makers' bids and rests the rest, and keeps a small bid 2.5% under it so the book's mid
 * sits there: the attack that once dragged the mark 2% and more off the index (the mark followed the top of the
 * book's mid, the makers quoted around the mark) and liquidated healthy longs.
 */
describe.each(FEATURE_DIALECTS)('the perpetual mark under a sustained one-sided sweep, on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let feed: Awaited<ReturnType<typeof priceFeed>>;
  let makers: PerpMakers;
  let ops: string;
  const clock = new ManualClock(T0);
  const users: Record<string, { id: number; token: string }> = {};
  const call = <T = unknown>(user: string, url: string, payload: Record<string, unknown> = {}) =>
    api<T>(app, url, { token: users[user]!.token, payload });
  const state = () => app.core.part<PerpBook>('perpetual').prices('btcusdt_perp');

  beforeAll(async () => {
    t = await open();
    feed = await priceFeed({ BTCUSDT: '96500.00', ETHUSDT: '3450.00' });
    ({ app } = await testApp(t.db, { PRICE_FEED_URL: feed.url, MARKET_MAKERS: '0' }, clock));
    await new MarketMakers(t.db, app.core, app.spot, app.marketData, app.prices, app.log, {
      intervalMs: 0,
      seed: 1,
    }).start();
    makers = new PerpMakers(t.db, app.core, app.log, { intervalMs: 0, seed: 42 });
    await makers.start();
    ops = await operatorToken(app, t.db);
    for (const [name, usdt] of [
      ['attacker', '1000000'],
      ['long50', '100'],
      ['long100', '100'],
    ] as const) {
      users[name] = await signUp(app, `${name}_sweep`);
      await api(app, '/api/admin/credit', {
        token: ops,
        payload: { username: `${name}_sweep`, asset: 'USDT', amount: usdt },
      });
      expect((await call(name, '/api/asset/transferFunds', { coin: 'USDT', from: 1, to: 2, amount: usdt })).code).toBe(
        200,
      );
    }
    app.prices.start(app.jobs, 1_000);
    for (let i = 0; i < 3; i++) {
      await clock.advance(1_000);
      await makers.tick();
    }
    await app.core.settled();
  });
  afterAll(async () => {
    makers.stop();
    await app.close();
    await feed.close();
    await t.drop();
  });

  it('moves the mark at most the band from the index and liquidates no long that is healthy at the index', async () => {
    const index = Number(state().index) / 10;
    // Two longs opened at the index in isolated margin: at 50× and at 100×.
    for (const [name, leverage] of [
      ['long50', 50],
      ['long100', 100],
    ] as const) {
      expect(
        (
          await call(name, '/api/app/coin/contract/updateLeverageRadio', {
            symbol: 'btcusdt_perp',
            leverage,
            marginMode: 'isolated',
          })
        ).code,
      ).toBe(200);
      expect(
        (
          await call<{ status: string }>(name, '/api/contract/order/submit', {
            symbol: 'btcusdt_perp',
            side: 'buy',
            type: 'market',
            quantity: '0.010',
          })
        ).data.status,
      ).toBe('filled');
    }
    const victims = new Map<string, PerpPosition>();
    for (const name of ['long50', 'long100']) {
      const [p] = (await call<PerpPosition[]>(name, '/api/contract/position/list')).data;
      victims.set(name, p!);
      // Where its isolated margin would no longer cover maintenance: margin + q·(m − entry) = q·m·MMR.
      const [q, entry, margin] = [Number(p!.quantity), Number(p!.entryPrice), Number(p!.margin)];
      const liquidation = (q * entry - margin) / (q * (1 - MMR));
      // Healthy at the index, and by more than the band.
      expect(liquidation, name).toBeLessThan(index * (1 - BAND));
    }
    expect(
      (
        await call('attacker', '/api/app/coin/contract/updateLeverageRadio', {
          symbol: 'btcusdt_perp',
          leverage: 20,
          marginMode: 'cross',
        })
      ).code,
    ).toBe(200);

    const [sweep, low] = [(index * 0.98).toFixed(1), (index * 0.975).toFixed(1)];
    let [lowestLast, furthest] = [Infinity, 0];
    for (let ms = 250; ms <= 60_000; ms += 250) {
      await call('attacker', '/api/contract/order/submit', {
        symbol: 'btcusdt_perp',
        side: 'sell',
        type: 'limit',
        price: sweep,
        quantity: '0.100',
      });
      if (ms % 1_000 === 0)
        await call('attacker', '/api/contract/order/submit', {
          symbol: 'btcusdt_perp',
          side: 'buy',
          type: 'limit',
          price: low,
          quantity: '0.005',
        });
      await clock.advance(250);
      if (ms % 1_000 === 0) await makers.tick();
      await app.core.settled();
      const s = state();
      if (s.mark === undefined || s.index === undefined) continue;
      const [mark, idx] = [Number(s.mark) / 10, Number(s.index) / 10];
      // A tenth of a unit for the rounding of the band's width to the tick.
      expect(Math.abs(mark - idx), `at ${ms} ms`).toBeLessThanOrEqual(idx * BAND + 0.1);
      furthest = Math.max(furthest, Math.abs(mark - idx) / idx);
      if (s.last !== undefined) lowestLast = Math.min(lowestLast, Number(s.last) / 10 / idx - 1);
    }
    // The sweep did print far under the index, and the mark went to the band's edge and no further.
    expect(lowestLast).toBeLessThan(-0.015);
    expect(furthest).toBeGreaterThan(BAND * 0.9);

    for (const [name, before] of victims) {
      const [now] = (await call<PerpPosition[]>(name, '/api/contract/position/list')).data;
      expect(now, name).toMatchObject({ side: 'long', quantity: before.quantity, entryPrice: before.entryPrice });
      expect(
        (
          await api<Liquidation[]>(app, '/api/perpetual/liquidations', {
            method: 'GET',
            token: users[name]!.token,
            query: {},
          })
        ).data,
      ).toEqual([]);
    }
    expect(await auditLedger(t.db)).toEqual([]);
  }, 120_000);
});
