import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, signUp, testApp } from '../../../tests/support/app.ts';
import { apiKeyFor, ccxtSpot, ed25519KeyFor, listening } from '../../../tests/support/binance.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../../tests/support/databases.ts';
import { credit } from '../../../tests/support/trading.ts';
import ccxt from 'ccxt';
import { auditLedger } from '../../ledger/ledger.ts';

type Exchange = ReturnType<typeof ccxtSpot>;

describe.each(FEATURE_DIALECTS)("the spot door (%s): CCXT binance's unified calls", (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  let alice: Exchange;
  let bob: Exchange;
  let aliceToken: string;

  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db));
    base = await listening(app);
    const a = await signUp(app, 'ccxtalice');
    const b = await signUp(app, 'ccxtbob');
    aliceToken = a.token;
    await credit(app.core, a.id, 'USDT', 100_000n * 10n ** 8n);
    await credit(app.core, b.id, 'BTC', 2n * 10n ** 8n);
    alice = ccxtSpot(base, await apiKeyFor(app, a.token));
    bob = ccxtSpot(base, await apiKeyFor(app, b.token));
    await alice.loadMarkets();
    await bob.loadMarkets();
  });
  afterAll(async () => {
    // Whatever the door did, the ledger still balances: per asset every account sums to zero, none is negative.
    await app.core.settled();
    expect(await auditLedger(t.db)).toEqual([]);
    await app.close();
    await t.drop();
  });

  it("loads the markets with Binance's filters", async () => {
    const m = alice.market('BTC/USDT');
    expect(m.id).toBe('BTCUSDT');
    expect(m.precision.price).toBe(0.01);
    expect(m.precision.amount).toBe(0.00001);
    expect(m.limits.cost?.min).toBe(5);
    expect(await alice.fetchTime()).toBeGreaterThan(0);
  });

  it('two users trade: limit, market and market by cost; the fills read back', async () => {
    const ask = await bob.createOrder('BTC/USDT', 'limit', 'sell', 0.5, 96_000);
    expect(ask.status).toBe('open');
    expect(ask.clientOrderId).toBeTruthy();
    const open = await bob.fetchOpenOrders('BTC/USDT');
    expect(open.map((o) => o.id)).toEqual([ask.id]);

    const taken = await alice.createOrder('BTC/USDT', 'limit', 'buy', 0.1, 96_000);
    expect(taken.status).toBe('closed');
    expect(taken.filled).toBe(0.1);
    expect(taken.trades.length).toBe(1);

    const byCost = await alice.createMarketBuyOrderWithCost('BTC/USDT', 960);
    expect(byCost.status).toBe('closed');
    expect(byCost.filled).toBe(0.01);
    // By amount, as Binance's MARKET BUY with quantity: it holds the band's top price and gives back what it saved.
    const before = (await alice.fetchBalance()).USDT!.free!;
    const byAmount = await alice.createOrder('BTC/USDT', 'market', 'buy', 0.01);
    expect(byAmount).toMatchObject({ status: 'closed', filled: 0.01, amount: 0.01, cost: 960 });
    // 960 and the 0.1% fee is taken from the BTC bought, so USDT goes down by exactly the cost.
    expect((await alice.fetchBalance()).USDT!.free).toBeCloseTo(before - 960, 8);

    const fetched = await bob.fetchOrder(ask.id!, 'BTC/USDT');
    expect(fetched.status).toBe('open');
    expect(fetched.filled).toBeCloseTo(0.12, 8);

    const mine = await alice.fetchMyTrades('BTC/USDT');
    expect(mine.map((x) => x.price)).toEqual([96_000, 96_000, 96_000]);
    expect(mine.every((x) => x.side === 'buy' && x.takerOrMaker === 'taker')).toBe(true);

    // Bob buys back by a market sell of Alice's bid.
    await alice.createOrder('BTC/USDT', 'limit', 'buy', 0.05, 95_000);
    const sold = await bob.createOrder('BTC/USDT', 'market', 'sell', 0.02);
    expect(sold.status).toBe('closed');
    expect(sold.average).toBe(95_000);

    const trades = await alice.fetchTrades('BTC/USDT');
    expect(trades.length).toBe(4);
    const ticker = await alice.fetchTicker('BTC/USDT');
    expect(ticker.last).toBe(95_000);
    expect(ticker.bid).toBe(95_000);
    expect(ticker.ask).toBe(96_000);
    const tickers = await alice.fetchTickers(['BTC/USDT', 'ETH/USDT']);
    expect(Object.keys(tickers).sort()).toEqual(['BTC/USDT', 'ETH/USDT']);
    const candles = await alice.fetchOHLCV('BTC/USDT', '1m');
    expect(candles.at(-1)?.[4]).toBe(95_000);
  });

  it("fetchBalance equals the web's spot balances", async () => {
    const balance = await alice.fetchBalance();
    const web = await api<Array<{ coin: string; available: string; frozen: string }>>(app, '/api/asset/getMyBalance', {
      method: 'GET',
      token: aliceToken,
      query: { type: '1' },
    });
    for (const row of web.data) {
      expect(balance[row.coin]?.free).toBe(Number(row.available));
      expect(balance[row.coin]?.used).toBe(Number(row.frozen));
    }
    expect(balance.BTC?.free).toBeGreaterThan(0);
    expect(balance.USDT?.used).toBeGreaterThan(0);
  });

  it('cancels one order and then all of a market; closed and all orders list them', async () => {
    const a = await alice.createOrder('BTC/USDT', 'limit', 'buy', 0.01, 94_000);
    const cancelled = await alice.cancelOrder(a.id!, 'BTC/USDT');
    expect(cancelled.status).toBe('canceled');
    await alice.createOrder('BTC/USDT', 'limit', 'buy', 0.01, 93_000);
    await alice.cancelAllOrders('BTC/USDT');
    expect(await alice.fetchOpenOrders('BTC/USDT')).toEqual([]);
    const all = await alice.fetchOrders('BTC/USDT');
    expect(all.find((o) => o.id === a.id)?.status).toBe('canceled');
    const closed = await alice.fetchClosedOrders('BTC/USDT');
    expect(closed.length).toBe(3);
    expect(closed.every((o) => o.status === 'closed')).toBe(true);
    expect(all.length).toBe(6);
  });

  it('signs with Ed25519 when its secret is a PEM private key: balance, order and cancel, as with HMAC', async () => {
    const ed = ccxtSpot(base, await ed25519KeyFor(app, aliceToken));
    await ed.loadMarkets();
    expect((await ed.fetchBalance()).USDT?.free).toBe((await alice.fetchBalance()).USDT?.free);
    const bid = await ed.createOrder('BTC/USDT', 'limit', 'buy', 0.01, 92_000);
    expect(bid).toMatchObject({ status: 'open', price: 92_000, amount: 0.01 });
    // One account, two keys: the HMAC key sees the order the Ed25519 key placed.
    expect((await alice.fetchOpenOrders('BTC/USDT')).map((o) => o.id)).toContain(bid.id);
    expect((await ed.cancelOrder(bid.id!, 'BTC/USDT')).status).toBe('canceled');
    // A read-only Ed25519 key is refused trading as Binance refuses it (-2015).
    const reader = ccxtSpot(base, await ed25519KeyFor(app, aliceToken, ['read']));
    await reader.loadMarkets();
    await expect(reader.createOrder('BTC/USDT', 'limit', 'buy', 0.01, 92_000)).rejects.toBeInstanceOf(
      ccxt.AuthenticationError,
    );
    expect(await alice.fetchOpenOrders('BTC/USDT')).toEqual([]);
  });

  it("raises CCXT's exceptions for Binance's codes", async () => {
    await expect(alice.createOrder('BTC/USDT', 'limit', 'buy', 10, 96_000)).rejects.toBeInstanceOf(
      ccxt.InsufficientFunds,
    );
    await expect(alice.fetchOrder('999999', 'BTC/USDT')).rejects.toBeInstanceOf(ccxt.OrderNotFound);
    await expect(alice.cancelOrder('999999', 'BTC/USDT')).rejects.toBeInstanceOf(ccxt.OrderNotFound);
    await expect(alice.createOrder('BTC/USDT', 'limit', 'buy', 0.000001, 96_000)).rejects.toBeInstanceOf(
      ccxt.InvalidOrder,
    );
    await expect(alice.publicGetTicker24hr({ symbol: 'NOPEUSDT' })).rejects.toBeInstanceOf(ccxt.BadSymbol);
    const stranger = ccxtSpot(base, {
      apiKey: 'x'.repeat(64),
      secret: 'y'.repeat(64),
    });
    await expect(stranger.fetchBalance()).rejects.toBeInstanceOf(ccxt.AuthenticationError);
  });
});
