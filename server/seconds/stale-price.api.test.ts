import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../isomorphic/contract/codes.ts';
import type { SecondsOrder, SecondsPeriod } from '../../isomorphic/contract/seconds.ts';
import { api, operatorToken, signUp, testApp } from '../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { priceFeed } from '../../tests/support/price-feed.ts';
import { ManualClock } from '../clock/clock.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { auditLedger, balanceOf } from '../ledger/ledger.ts';

const T0 = Date.UTC(2026, 0, 1);
const USDT = (whole: number) => BigInt(whole) * 100_000_000n;

/**
 * Second contracts when the price feed stalls: the sampler keeps recording the feed's last price, but an order opens
 * only on one its source confirmed within SECONDS_PRICE_AGE_MS (2 s by default).
 */
describe.each(FEATURE_DIALECTS)('second contracts on a stalled price feed, on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let feed: Awaited<ReturnType<typeof priceFeed>>;
  let alice: { id: number; token: string };
  let btc300: SecondsPeriod;
  const feedPrices: Record<string, string> = { BTCUSDT: '96500.00' };
  const clock = new ManualClock(T0);
  const create = (lang?: string) =>
    api<SecondsOrder>(app, '/api/secondContractOrder/createSecondContractOrder', {
      token: alice.token,
      ...(lang ? { lang } : {}),
      payload: { symbol: 'btcusdt', periodId: btc300.id, direction: 'up', amount: '10' },
    });
  const contract = () => balanceOf(t.db, alice.id, ACCOUNT.contract, 'USDT');

  beforeAll(async () => {
    t = await open();
    feed = await priceFeed(feedPrices);
    ({ app } = await testApp(t.db, { PRICE_FEED_URL: feed.url, MARKET_MAKERS: '0' }, clock));
    const ops = await operatorToken(app, t.db);
    alice = await signUp(app, 'alice_stale');
    await api(app, '/api/admin/credit', {
      token: ops,
      payload: { username: 'alice_stale', asset: 'USDT', amount: '100' },
    });
    expect(
      (
        await api(app, '/api/asset/transferFunds', {
          token: alice.token,
          payload: { coin: 'USDT', from: 1, to: 2, amount: '100' },
        })
      ).code,
    ).toBe(200);
    app.prices.start(app.jobs, 1_000);
    await app.jobs.idle();
    btc300 = (await api<SecondsPeriod[]>(app, '/api/period/list', { payload: { symbol: 'btcusdt' } })).data.find(
      (p) => p.seconds === 300,
    )!; // none matures during the test
  });
  afterAll(async () => {
    await app.close();
    await feed.close();
    await t.drop();
  });

  it('opens on a price the feed confirmed within 2 s, refuses one it stopped confirming with a translated message, and holds nothing then', async () => {
    await clock.advance(1_000);
    expect((await create()).data).toMatchObject({ status: 'open', openPrice: '96500.00' });

    // The feed stops answering at T: every later sample still carries its price, confirmed at T.
    const confirmed = app.prices.mark('btcusdt')!.indexAt;
    delete feedPrices.BTCUSDT;
    for (const age of [1_000, 2_000]) {
      await clock.advance(1_000);
      expect(clock.now() - confirmed).toBe(age);
      expect((await create()).code, `${age} ms`).toBe(200);
    }
    const before = await contract();
    for (const wait of [1_000, 27_000]) {
      await clock.advance(wait);
      // Sampled this very second, yet on a price last confirmed more than 2 s ago (the index is not stale for 60 s).
      expect(app.prices.mark('btcusdt')).toMatchObject({ at: clock.now(), indexAt: confirmed, index: 9_650_000n });
      expect(app.prices.fresh('btcusdt')).toBeDefined();
      const refused = await create();
      expect(refused).toMatchObject({
        code: ERRORS.secondsPriceStale,
        msg: 'The index price has not been confirmed in the last 2 s (its feed is delayed); orders open again as soon as it is',
      });
      expect((await create('de')).msg).toBe(
        'Der Indexpreis wurde in den letzten 2 s nicht bestätigt (die Preisquelle ist verzögert); Orders sind wieder möglich, sobald er es ist',
      );
    }
    expect(await contract()).toEqual(before);

    // The feed answers again: the next sample opens.
    feedPrices.BTCUSDT = '96600.00';
    await clock.advance(1_000);
    expect((await create()).data).toMatchObject({ status: 'open', openPrice: '96600.00' });
    expect(await contract()).toEqual({ available: before.available - USDT(10), frozen: before.frozen + USDT(10) });
    expect(await auditLedger(t.db)).toEqual([]);
  });
});
