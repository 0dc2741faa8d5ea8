import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../isomorphic/contract/codes.ts';
import { api, operatorToken, signUp, testApp } from '../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { auditLedger, balanceOf } from '../ledger/ledger.ts';

/**
 * The swap desk and the price band against a hostile user: wash trades between two of their own accounts, quotes
 * used twice or by someone else, prices moving during a quote, and a desk asked for more than it holds. Prices
 * come from a real price feed on loopback, which the test moves.
 */
describe.each(FEATURE_DIALECTS)('price integrity of the swap desk and order entry on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let feed: Server;
  const feedPrices: Record<string, string> = { BTCUSDT: '96500', ETHUSDT: '3450' };
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const call = (who: string, url: string, payload?: object) =>
    api(app, url, { token: tokens[who], ...(payload ? { payload } : {}) });
  const spot = (who: string, coin: string) => balanceOf(t.db, ids[who]!, ACCOUNT.spot, coin);
  const quote = (who: string, from: string, to: string, amount: string) =>
    call(who, '/api/texchange/getCurrencyPrice', { from, to, amount });
  const swap = (who: string, body: object) => call(who, '/api/texchange/currencyExchange', body);
  const movePrice = async (symbol: string, price: string) => {
    feedPrices[symbol] = price;
    await app.prices.advance();
  };

  beforeAll(async () => {
    feed = createServer((req, res) => {
      const symbol = (req.url ?? '').slice(1);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(feedPrices[symbol] ? { price: feedPrices[symbol] } : { error: 'unknown' }));
    });
    await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
    const port = (feed.address() as AddressInfo).port;
    t = await open();
    ({ app } = await testApp(t.db, { PRICE_FEED_URL: `http://127.0.0.1:${port}/{SYMBOL}` }));
    await app.prices.advance();
    tokens.ops = await operatorToken(app, t.db);
    for (const who of ['mallory', 'mallory2', 'alice']) {
      ({ id: ids[who], token: tokens[who] } = await signUp(app, `${who}_swap`));
      for (const [asset, amount] of [
        ['USDT', '200000'],
        ['BTC', '1'],
      ]) {
        expect((await call('ops', '/api/admin/credit', { username: `${who}_swap`, asset, amount })).code).toBe(200);
      }
    }
  });
  afterAll(async () => {
    expect(await auditLedger(t.db)).toEqual([]);
    await app.close();
    await t.drop();
    await new Promise((resolve) => feed.close(resolve));
  });

  it('refuses a limit order outside ±10% of the index price, so a wash trade cannot print 1,000,000', async () => {
    const sell = await call('mallory', '/api/currency/order/submit', {
      symbol: 'btcusdt',
      side: 'sell',
      type: 'limit',
      price: '1000000',
      quantity: '0.0001',
    });
    expect(sell).toMatchObject({ status: 400, code: ERRORS.priceOutOfBand });
    expect(sell.msg).toBe('The price must be between 86850.00 and 106150.00');
    const de = await api(app, '/api/currency/order/submit', {
      token: tokens.mallory,
      lang: 'de',
      payload: { symbol: 'btcusdt', side: 'buy', type: 'limit', price: '1', quantity: '0.0001' },
    });
    expect(de.msg).toBe('Der Preis muss zwischen 86850.00 und 106150.00 liegen');
    expect(await spot('mallory', 'BTC')).toEqual({ available: 1_00000000n, frozen: 0n });
    const edge = await call('mallory', '/api/currency/order/submit', {
      symbol: 'btcusdt',
      side: 'sell',
      type: 'limit',
      price: '106150',
      quantity: '0.0001',
    });
    expect(edge.code).toBe(200);
    await call('mallory', '/api/currency/order/cancelAll?symbol=btcusdt');
  });

  it('prices swaps from the index, never from the last trade', async () => {
    // Two accounts of one person trade at the top of the band: the last price jumps 10%, the swap price does not.
    expect(
      (
        await call('mallory', '/api/currency/order/submit', {
          symbol: 'btcusdt',
          side: 'sell',
          type: 'limit',
          price: '106150',
          quantity: '0.0001',
        })
      ).code,
    ).toBe(200);
    expect(
      (
        await call('mallory2', '/api/currency/order/submit', {
          symbol: 'btcusdt',
          side: 'buy',
          type: 'limit',
          price: '106150',
          quantity: '0.0001',
        })
      ).data.status,
    ).toBe('filled');
    expect(app.marketData.ticker('btcusdt').close).toBe(10615000n);
    const q = await quote('mallory', 'BTC', 'USDT', '0.01');
    expect(q.data).toMatchObject({ price: '96500.00000000', receive: '963.07000000', fee: '1.93000000' });
  });

  it('executes a quote once, for the user it was quoted to', async () => {
    const q = (await quote('alice', 'USDT', 'BTC', '96.5')).data;
    expect((await swap('mallory', { from: 'USDT', to: 'BTC', amount: '96.5', quote: q.quote })).code).toBe(
      ERRORS.quoteExpired,
    );
    const anonymous = (
      await api(app, '/api/texchange/getCurrencyPrice', { payload: { from: 'USDT', to: 'BTC', amount: '96.5' } })
    ).data;
    expect((await swap('alice', { from: 'USDT', to: 'BTC', amount: '96.5', quote: anonymous.quote })).code).toBe(
      ERRORS.quoteExpired,
    );
    const before = await spot('alice', 'BTC');
    const tries = await Promise.all(
      Array.from({ length: 3 }, () => swap('alice', { from: 'USDT', to: 'BTC', amount: '96.5', quote: q.quote })),
    );
    expect(tries.map((r) => r.code).sort()).toEqual([200, ERRORS.quoteUsed, ERRORS.quoteUsed]);
    expect((await spot('alice', 'BTC')).available - before.available).toBe(99800n);
    expect((await swap('alice', { from: 'USDT', to: 'BTC', amount: '96.5', quote: q.quote })).code).toBe(
      ERRORS.quoteUsed,
    );
  });

  it('never executes at a price worse for the platform than the live index, nor beyond the user’s tolerance', async () => {
    // BTC gets cheaper after the quote: the user would get more BTC live, but gets what was quoted.
    const cheaper = (await quote('alice', 'USDT', 'BTC', '965')).data;
    expect(cheaper.receive).toBe('0.00998000');
    await movePrice('BTCUSDT', '90000');
    const a = await swap('alice', { from: 'USDT', to: 'BTC', amount: '965', quote: cheaper.quote });
    expect(a.data.receive).toBe('0.00998000');
    // BTC gets dearer by 1%: beyond the default 0.5% tolerance the swap is refused; within a 3% one it
    // executes at the live price, not the quoted one.
    const dearer = (await quote('alice', 'USDT', 'BTC', '900')).data;
    expect(dearer.receive).toBe('0.00998000');
    await movePrice('BTCUSDT', '90900');
    expect((await swap('alice', { from: 'USDT', to: 'BTC', amount: '900', quote: dearer.quote })).code).toBe(
      ERRORS.priceMoved,
    );
    const b = await swap('alice', { from: 'USDT', to: 'BTC', amount: '900', quote: dearer.quote, slippageBps: 300 });
    expect(b.data.receive).toBe('0.00988118');
    await movePrice('BTCUSDT', '96500');
  });

  it('pays out only what the desk holds, and at most its per-asset limit in one swap', async () => {
    const desk = (await api(app, '/api/admin/swap/desk', { token: tokens.ops, method: 'GET' })).data as Array<{
      coin: string;
      maxPerSwap: string;
      inventory: string;
    }>;
    const btc = desk.find((d) => d.coin === 'BTC')!;
    // Seeded at the index price: 10,000 USDT a swap, 100,000 USDT of inventory.
    expect(btc.maxPerSwap).toBe('0.10362694');
    const tooBig = (await quote('alice', 'USDT', 'BTC', '11000')).data;
    expect((await swap('alice', { from: 'USDT', to: 'BTC', amount: '11000', quote: tooBig.quote })).code).toBe(
      ERRORS.swapAboveLimit,
    );
    expect((await call('alice', '/api/admin/swap/limit', { coin: 'BTC', maxPerSwap: '5' })).status).toBe(403);
    expect((await call('ops', '/api/admin/swap/limit', { coin: 'BTC', maxPerSwap: '5' })).code).toBe(200);
    const pool = await balanceOf(t.db, null, ACCOUNT.swapPool, 'BTC');
    const external = await balanceOf(t.db, null, ACCOUNT.external, 'BTC');
    const drain = (await quote('alice', 'USDT', 'BTC', '150000')).data;
    expect((await swap('alice', { from: 'USDT', to: 'BTC', amount: '150000', quote: drain.quote })).code).toBe(
      ERRORS.swapInventoryShort,
    );
    // Nothing moved, and nothing was taken from the outside world to pay it.
    expect(await balanceOf(t.db, null, ACCOUNT.swapPool, 'BTC')).toEqual(pool);
    expect(await balanceOf(t.db, null, ACCOUNT.external, 'BTC')).toEqual(external);
    expect((await call('ops', '/api/admin/swap/fund', { coin: 'BTC', amount: '2' })).code).toBe(200);
    const funded = (await quote('alice', 'USDT', 'BTC', '150000')).data;
    expect((await swap('alice', { from: 'USDT', to: 'BTC', amount: '150000', quote: funded.quote })).code).toBe(200);
    const audit = (await api(app, '/api/admin/audit', { token: tokens.ops, method: 'GET' })).data.records.map(
      (r: { action: string }) => r.action,
    );
    expect(audit).toEqual(expect.arrayContaining(['swap.fund', 'swap.limit']));
  });

  it('refuses to quote when the feed has gone quiet', async () => {
    delete feedPrices.ETHUSDT;
    await app.prices.advance();
    const fresh = await quote('alice', 'USDT', 'ETH', '10');
    expect(fresh.code).toBe(200);
    const later = Date.now() + 61_000;
    const realNow = Date.now;
    Date.now = () => later;
    try {
      expect((await quote('alice', 'USDT', 'ETH', '10')).code).toBe(ERRORS.noPrice);
    } finally {
      Date.now = realNow;
    }
  });
});
