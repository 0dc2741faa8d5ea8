import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { PriceRecord } from '../../isomorphic/contract/prices.ts';
import { formatUnits, parseUnits } from '../../isomorphic/money/units.ts';
import { api, operatorToken, signUp, testApp } from '../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { ManualClock } from '../clock/clock.ts';
import { auditLedger } from '../ledger/ledger.ts';

const T0 = Date.UTC(2026, 0, 1);
/** BTCUSDT's listing price in the seed (server/spot/seed.ts), at its price scale of 2. */
const LISTED = 9_650_000n;
const units = (s: string) => (parseUnits(s, 2) as { value: bigint }).value;

/** Where the demo index stands after a restart, on a whole app whose clock and sampler the test drives. */
describe.each(FEATURE_DIALECTS)('the demo index across a restart, on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  afterEach(async () => {
    await app.close();
    await t.drop();
  });

  it('resumes from the last recorded index, not from a wash trade printed at the top of the band before the restart', async () => {
    t = await open();
    const clock = new ManualClock(T0);
    ({ app } = await testApp(t.db, {}, clock));
    // A fresh install starts at the listing price.
    expect(app.prices.get('btcusdt')!.price).toBe(LISTED);
    app.prices.start(app.jobs, 1_000);
    await app.jobs.idle();
    for (let i = 0; i < 5; i++) await clock.advance(1_000);
    const latestIndex = async () =>
      units(
        (
          await api<PriceRecord[]>(app, '/api/app/coin/market/priceRecords', {
            method: 'GET',
            query: { symbol: 'btcusdt', limit: '1' },
          })
        ).data[0]!.index,
      );
    const before = await latestIndex();

    // Two accounts of one person trade 9.9% above the index, inside the 10% band.
    const ops = await operatorToken(app, t.db);
    const [seller, buyer] = [await signUp(app, 'wash_seller'), await signUp(app, 'wash_buyer')];
    await api(app, '/api/admin/credit', {
      token: ops,
      payload: { username: 'wash_seller', asset: 'BTC', amount: '0.01' },
    });
    await api(app, '/api/admin/credit', {
      token: ops,
      payload: { username: 'wash_buyer', asset: 'USDT', amount: '2000' },
    });
    const wash = formatUnits((before * 1_099n) / 1_000n, 2);
    const order = (token: string, side: string) =>
      api(app, '/api/currency/order/submit', {
        token,
        payload: { symbol: 'btcusdt', side, type: 'limit', price: wash, quantity: '0.01' },
      });
    expect((await order(seller.token, 'sell')).data.status).toBe('open');
    expect((await order(buyer.token, 'buy')).data.status).toBe('filled');
    await clock.advance(1_000); // the candles are written, and one more period recorded
    const recorded = await latestIndex();
    expect(recorded).not.toBe(LISTED);
    await app.close();

    ({ app } = await testApp(t.db, {}, clock));
    expect(formatUnits(app.marketData.ticker('btcusdt', clock.now()).close, 2)).toBe(wash);
    expect(app.prices.get('btcusdt')).toMatchObject({ price: recorded, source: 'walk' });
    expect(app.prices.mark('btcusdt')!.index).toBe(recorded);
    expect(await auditLedger(t.db)).toEqual([]);
  });
});
