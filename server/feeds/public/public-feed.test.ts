import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedMessage } from '../../../isomorphic/contract/feed.ts';
import { api, testApp } from '../../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../../tests/support/databases.ts';
import { seedOperator } from '../../seed/operator.ts';
import { FeedTestClient } from '../../../tests/support/feed-client.ts';
import { ManualClock } from '../../clock/clock.ts';

/** A plain WebSocket client of the public feed. */
class Client extends FeedTestClient<FeedMessage> {}

describe.each(FEATURE_DIALECTS)('the public feed on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let url: string;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db));
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/ws/test-client`;
    await seedOperator(t.db, 'ops@example.com', 'opspass1');
    tokens.ops = (
      await api(app, '/api/user/login', { payload: { type: 'email', email: 'ops@example.com', password: 'opspass1' } })
    ).data.token;
    for (const [who, asset, amount] of [
      ['seller', 'BTC', '1'],
      ['buyer', 'USDT', '100000'],
    ] as const) {
      await api(app, '/api/user/register', {
        payload: { type: 'account', username: `${who}_feed`, password: 'abc123', confirmPassword: 'abc123' },
      });
      tokens[who] = (
        await api(app, '/api/user/login', { payload: { type: 'account', username: `${who}_feed`, password: 'abc123' } })
      ).data.token;
      await api(app, '/api/admin/credit', { token: tokens.ops, payload: { username: `${who}_feed`, asset, amount } });
    }
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  it('answers each subscription with a snapshot, then pushes depth, trades, candles and tickers', async () => {
    const c = new Client(url);
    await c.opened();
    c.send({ event: 'subscribe', topic: 'depth', symbol: 'btcusdt', step: '100' });
    c.send({ event: 'subscribe', topic: 'trade', symbol: 'BTCUSDT' });
    c.send({ event: 'subscribe', topic: 'kline', symbol: 'btcusdt', interval: '1m' });
    c.send({ event: 'subscribe', topic: 'detail', symbol: 'btcusdt' });
    c.send({ event: 'subscribe', topic: 'all_symbol_detail' });
    expect(await c.next((m) => m.event === 'DEPTH')).toMatchObject({ symbol: 'btcusdt', data: { bids: [], asks: [] } });
    expect(await c.next((m) => m.event === 'TRADE')).toMatchObject({ data: [] });
    expect(await c.next((m) => m.event === 'DETAIL')).toMatchObject({ data: { close: '96500.00' } });
    const all = await c.next((m) => m.event === 'ALL_SYMBOL_DETAIL');
    expect(all.event === 'ALL_SYMBOL_DETAIL' && all.data.find((d) => d.symbolName === 'btcusdt')).toMatchObject({
      close: '96500.00',
      zdf: '0.00',
    });
    await c.next((m) => m.event === 'KLINE');

    await api(app, '/api/currency/order/submit', {
      token: tokens.seller,
      payload: { symbol: 'btcusdt', side: 'sell', type: 'limit', price: '97050', quantity: '0.5' },
    });
    expect(await c.next((m) => m.event === 'DEPTH' && m.data.asks.length > 0)).toMatchObject({
      data: { asks: [['97100.00', '0.50000']] },
    });

    await api(app, '/api/currency/order/submit', {
      token: tokens.buyer,
      payload: { symbol: 'btcusdt', side: 'buy', type: 'limit', price: '97050', quantity: '0.1' },
    });
    expect(await c.next((m) => m.event === 'TRADE' && m.data.length > 0)).toMatchObject({
      data: [{ price: '97050.00', quantity: '0.10000', side: 'buy' }],
    });
    expect(await c.next((m) => m.event === 'KLINE' && m.data[4] === '97050.00')).toMatchObject({ interval: '1m' });
    expect(await c.next((m) => m.event === 'DETAIL' && m.data.close === '97050.00')).toMatchObject({
      data: { priceChangePercent: '0.00' },
    });
    expect(await c.next((m) => m.event === 'DEPTH' && m.data.asks[0]?.[1] === '0.40000')).toBeTruthy();

    c.send({ event: 'unsubscribe', topic: 'trade', symbol: 'btcusdt' });
    c.send({ event: 'ping' });
    await c.next((m) => m.event === 'PONG');
    await api(app, '/api/currency/order/submit', {
      token: tokens.buyer,
      payload: { symbol: 'btcusdt', side: 'buy', type: 'limit', price: '97050', quantity: '0.1' },
    });
    await c.next((m) => m.event === 'DEPTH' && m.data.asks[0]?.[1] === '0.30000');
    expect(c.messages.some((m) => m.event === 'TRADE')).toBe(false);
    c.close();
  });

  it('pushes a perpetual contract’s book, trades and prices on its own topic', async () => {
    const c = new Client(url);
    await c.opened();
    c.send({ event: 'subscribe', topic: 'perpetual', symbol: 'BTCUSDT_PERP' });
    expect(await c.next((m) => m.event === 'PERPETUAL')).toMatchObject({
      symbol: 'btcusdt_perp',
      data: { symbol: 'btcusdt_perp', bids: [], asks: [] },
    });
    // The contract needs a mark (its tick comes with the next second) before it takes orders.
    const markOf = async () =>
      (await api(app, '/api/app/coin/open/getContract', { method: 'GET' })).data.find(
        (x: { symbol: string }) => x.symbol === 'btcusdt_perp',
      ).mark as string | null;
    let mark = await markOf();
    for (let i = 0; i < 50 && mark === null; i++) {
      await new Promise((r) => setTimeout(r, 100));
      mark = await markOf();
    }
    expect(
      (
        await api(app, '/api/asset/transferFunds', {
          token: tokens.buyer,
          payload: { coin: 'USDT', from: 1, to: 2, amount: '1000' },
        })
      ).code,
    ).toBe(200);
    const price = (Number(mark) * 1.01).toFixed(1);
    expect(
      (
        await api(app, '/api/contract/order/submit', {
          token: tokens.buyer,
          payload: { symbol: 'btcusdt_perp', side: 'sell', type: 'limit', price, quantity: '0.01' },
        })
      ).code,
    ).toBe(200);
    expect(await c.next((m) => m.event === 'PERPETUAL' && m.data.asks.length > 0)).toMatchObject({
      data: { asks: [{ price, quantity: '0.010' }] },
    });
    c.send({ event: 'subscribe', topic: 'perpetual', symbol: 'dogeusdt_perp' });
    expect(await c.next((m) => m.event === 'ERROR')).toEqual({ event: 'ERROR', msg: 'unknown symbol' });
    c.close();
  });

  it.each([
    ['malformed JSON', '{oops', 'malformed JSON'],
    ['an unknown event', JSON.stringify({ event: 'shout' }), 'unknown event'],
    ['an unknown topic', JSON.stringify({ event: 'subscribe', topic: 'gossip', symbol: 'btcusdt' }), 'unknown topic'],
    [
      'an unknown symbol',
      JSON.stringify({ event: 'subscribe', topic: 'detail', symbol: 'nopeusdt' }),
      'unknown symbol',
    ],
    [
      'an unknown interval',
      JSON.stringify({ event: 'subscribe', topic: 'kline', symbol: 'btcusdt', interval: '7m' }),
      'unknown interval',
    ],
    [
      'a step off the tick',
      JSON.stringify({ event: 'subscribe', topic: 'depth', symbol: 'btcusdt', step: '0.001' }),
      'invalid step',
    ],
    [
      'a step outside the market’s grouping set',
      JSON.stringify({ event: 'subscribe', topic: 'depth', symbol: 'btcusdt', step: '0.03' }),
      'invalid step',
    ],
    [
      'a step that is not text',
      JSON.stringify({ event: 'subscribe', topic: 'depth', symbol: 'btcusdt', step: { x: 1 } }),
      'invalid step',
    ],
  ])('answers %s with an error and stays open', async (_label, raw, msg) => {
    const c = new Client(url);
    await c.opened();
    c.ws.send(raw);
    expect(await c.next((m) => m.event === 'ERROR')).toEqual({ event: 'ERROR', msg });
    c.send({ event: 'ping' });
    await c.next((m) => m.event === 'PONG');
    c.close();
  });

  it('frees a topic when its last subscriber leaves, whether by unsubscribing or by closing', async () => {
    const before = app.publicFeed.topics.size;
    const a = new Client(url);
    const b = new Client(url);
    await Promise.all([a.opened(), b.opened()]);
    for (const c of [a, b]) {
      for (const step of ['0.01', '0.1', '1', '10'])
        c.send({ event: 'subscribe', topic: 'depth', symbol: 'ethusdt', step });
      c.send({ event: 'subscribe', topic: 'trade', symbol: 'solusdt' });
    }
    await a.next((m) => m.event === 'TRADE');
    await b.next((m) => m.event === 'TRADE');
    expect(app.publicFeed.topics.size).toBe(before + 5);
    a.send({ event: 'unsubscribe', topic: 'trade', symbol: 'solusdt' });
    b.send({ event: 'unsubscribe', topic: 'trade', symbol: 'solusdt' });
    b.send({ event: 'ping' });
    await b.next((m) => m.event === 'PONG');
    expect(app.publicFeed.topics.size).toBe(before + 4);
    a.close();
    b.close();
    await expect.poll(() => app.publicFeed.topics.size).toBe(before);
  });

  it('holds at most 20 connections from one address', async () => {
    const open = () => app.publicFeed.connections.openFrom('127.0.0.1');
    await expect.poll(open, { timeout: 5000 }).toBe(0);
    const clients = Array.from({ length: 20 }, () => new Client(url));
    await Promise.all(clients.map((c) => c.opened()));
    const extra = new WebSocket(url);
    expect(await new Promise<number>((resolve) => (extra.onclose = (e) => resolve(e.code)))).toBe(1008);
    clients.pop()!.close();
    await expect.poll(open, { timeout: 5000 }).toBe(19);
    const again = new Client(url);
    await again.opened();
    for (const c of [...clients, again]) c.close();
    await expect.poll(open, { timeout: 5000 }).toBe(0);
  });
});

describe.each(FEATURE_DIALECTS)('the public feed on the bus and the app clock, on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  const clock = new ManualClock(Date.now());
  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db, {}, clock));
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  it('pushes what the bus carries, whichever process published it, and depth at most every 100 ms of the clock', async () => {
    const c = new Client(`ws://127.0.0.1:${(app.server.address() as { port: number }).port}/ws/bus-client`);
    await c.opened();
    c.send({ event: 'subscribe', topic: 'depth', symbol: 'btcusdt' });
    c.send({ event: 'subscribe', topic: 'trade', symbol: 'btcusdt' });
    await c.next((m) => m.event === 'DEPTH');
    await c.next((m) => m.event === 'TRADE');

    // The clock has not moved since the app started: its depth job first runs 100 ms from then.
    app.bus.publish('market.btcusdt.book', { symbol: 'btcusdt' });
    await app.bus.ready();
    await clock.advance(99);
    c.send({ event: 'ping' });
    await c.next((m) => m.event === 'PONG');
    expect(c.messages.filter((m) => m.event === 'DEPTH')).toEqual([]);
    await clock.advance(1);
    expect(await c.next((m) => m.event === 'DEPTH')).toMatchObject({ symbol: 'btcusdt', ts: clock.now() });

    // A trade of another process reaches this one's subscribers through the bus alone, newest first.
    app.bus.publish('market.btcusdt.trades', {
      symbol: 'btcusdt',
      price: '97001.00',
      trades: [
        { id: 9001, price: '97000.00', quantity: '0.20000', side: 'sell', time: 1 },
        { id: 9002, price: '97001.00', quantity: '0.10000', side: 'buy', time: 2 },
      ],
    });
    expect(await c.next((m) => m.event === 'TRADE' && m.data.length > 0)).toMatchObject({
      data: [{ id: 9002 }, { id: 9001, price: '97000.00', quantity: '0.20000', side: 'sell' }],
    });
    c.close();
  });
});
