import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../isomorphic/contract/codes.ts';
import type { PriceRecord } from '../../isomorphic/contract/prices.ts';
import { formatUnits, parseUnits } from '../../isomorphic/money/units.ts';
import { api, operatorToken, signUp, testApp } from '../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { ManualClock } from '../clock/clock.ts';
import { EMA_SUBUNITS, divRound, median3, nextBasisEma } from './mark-price.ts';

const T0 = Date.UTC(2026, 0, 1);
const units = (s: string) => (parseUnits(s, 2) as { value: bigint }).value;

/** market/priceRecords and the mark in open/getPriceComparison, on a whole app driven by a manual clock. */
describe.each(FEATURE_DIALECTS)('recorded prices and the mark over the API, on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  const clock = new ManualClock(T0);
  let tradePrice: string;
  const records = (query: Record<string, string | string[]>) =>
    api<PriceRecord[]>(app, '/api/app/coin/market/priceRecords', { method: 'GET', query });

  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db, {}, clock));
    const ops = await operatorToken(app, t.db);
    const [alice, bob] = [await signUp(app, 'alice_marks'), await signUp(app, 'bob_marks')];
    await api(app, '/api/admin/credit', {
      token: ops,
      payload: { username: 'alice_marks', asset: 'BTC', amount: '1' },
    });
    await api(app, '/api/admin/credit', {
      token: ops,
      payload: { username: 'bob_marks', asset: 'USDT', amount: '20000' },
    });
    // Two accounts trade 5% above the index (inside the 10% band).
    const m = app.markets.market('btcusdt');
    const price = ((app.prices.get('btcusdt')!.price * 105n) / 100n / m.tick) * m.tick;
    tradePrice = formatUnits(price, 2);
    const order = (token: string, side: string) =>
      api(app, '/api/currency/order/submit', {
        token,
        payload: { symbol: 'btcusdt', side, type: 'limit', price: tradePrice, quantity: '0.1' },
      });
    expect((await order(alice.token, 'sell')).data.status).toBe('open');
    expect((await order(bob.token, 'buy')).data.status).toBe('filled');
    app.prices.start(app.jobs, 2_000);
    await app.jobs.idle();
    await clock.advance(4_000);
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  it('answers each sampling period’s index, mark and last, oldest first, with what the mark was computed from', async () => {
    const res = await records({ symbol: 'BTCUSDT' });
    expect(res).toMatchObject({ status: 200, code: 200 });
    expect(res.data.map((r) => r.periodStart - T0)).toEqual([0, 2_000, 4_000]);
    let ema = 0n;
    for (const r of res.data) {
      expect(r).toMatchObject({ symbol: 'btcusdt', indexSource: 'walk', last: tradePrice, fundingBasis: '0.00000000' });
      // Taken within its period (the first one once the process had the job's lease).
      expect(r.sampledAt - r.periodStart).toBeGreaterThanOrEqual(0);
      expect(r.sampledAt - r.periodStart).toBeLessThan(2_000);
      expect(r.lastTime).toEqual(expect.any(Number));
      // Anyone can check a record: the EMA steps on last − index, and the mark is the median of the three.
      const [index, last] = [units(r.index), units(r.last!)];
      ema = nextBasisEma(ema, last - index);
      expect(r.basisEma).toBe(formatUnits(ema, 6));
      expect(r.mark).toBe(formatUnits(median3(index, index + divRound(ema, EMA_SUBUNITS), last), 2));
      expect(units(r.mark)).toBeLessThan(last);
    }
  });

  it('shows the latest sampled mark in getPriceComparison', async () => {
    const [btc] = (
      await api(app, '/api/app/coin/open/getPriceComparison', { payload: { symbolNameList: ['btcusdt'] } })
    ).data;
    const latest = (await records({ symbol: 'btcusdt', limit: '1' })).data;
    expect(latest).toHaveLength(1);
    expect(btc).toMatchObject({ index: latest[0]!.index, mark: latest[0]!.mark, last: tradePrice });
    expect(btc.mark).toBe(formatUnits(app.prices.mark('btcusdt')!.price, 2));
  });

  it('pages by period start: from on, or the latest up to `to`', async () => {
    const from = String(T0 + 2_000);
    expect((await records({ symbol: 'btcusdt', from, limit: '1' })).data.map((r) => r.periodStart)).toEqual([
      T0 + 2_000,
    ]);
    expect((await records({ symbol: 'btcusdt', from, to: from })).data.map((r) => r.periodStart)).toEqual([T0 + 2_000]);
    expect(
      (await records({ symbol: 'btcusdt', to: String(T0 + 2_000), limit: '5' })).data.map((r) => r.periodStart),
    ).toEqual([T0, T0 + 2_000]);
    expect((await records({ symbol: 'btcusdt', from: String(T0 + 60_000) })).data).toEqual([]);
    // A market that is sampled but has not traded: no last, and the mark is the index.
    const [eth] = (await records({ symbol: 'ethusdt', limit: '1' })).data;
    expect(eth).toMatchObject({ last: null, lastTime: null, mark: eth!.index, basisEma: '0.000000' });
  });

  it.each([
    ['no symbol', {}, ERRORS.badRequest],
    ['an unknown market', { symbol: 'nopeusdt' }, ERRORS.unknownMarket],
    ['limit 0', { symbol: 'btcusdt', limit: '0' }, ERRORS.badRequest],
    ['limit over 1000', { symbol: 'btcusdt', limit: '1001' }, ERRORS.badRequest],
    ['a padded time', { symbol: 'btcusdt', from: '01' }, ERRORS.badRequest],
    ['a negative time', { symbol: 'btcusdt', to: '-1' }, ERRORS.badRequest],
    ['a time twice', { symbol: 'btcusdt', from: ['1', '2'] }, ERRORS.badRequest],
  ])('refuses %s', async (_label, query, code) => {
    const res = await records(query as Record<string, string>);
    expect(res.code).toBe(code);
    expect(res.data).toBeNull();
  });
});
