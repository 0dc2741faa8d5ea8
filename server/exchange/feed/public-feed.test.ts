import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedMessage } from '../../../src/lib/contract/feed.ts';
import { api, testApp } from '../../../tests/support/app.ts';
import { DIALECTS, type TestDatabase } from '../../../tests/support/databases.ts';
import { seedOperator } from '../../seed/operator.ts';

/** A plain WebSocket client that keeps every message, and waits for the one a test expects. */
class Client {
  readonly messages: FeedMessage[] = [];
  private readonly ws: WebSocket;
  private readonly waiters: Array<() => void> = [];
  constructor(url: string) {
    this.ws = new WebSocket(url);
    this.ws.onmessage = (e) => {
      this.messages.push(JSON.parse(String(e.data)));
      for (const w of this.waiters.splice(0)) w();
    };
  }
  opened(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.ws.onopen = () => resolve();
      this.ws.onerror = () => reject(new Error('feed did not open'));
    });
  }
  send(cmd: object) {
    this.ws.send(JSON.stringify(cmd));
  }
  async next(match: (m: FeedMessage) => boolean, timeoutMs = 3000): Promise<FeedMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(match);
      if (found) {
        this.messages.splice(this.messages.indexOf(found), 1);
        return found;
      }
      if (Date.now() > deadline) throw new Error(`no matching message; got ${JSON.stringify(this.messages.map((m) => m.event))}`);
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 50);
      });
    }
  }
  close() {
    this.ws.close();
  }
}

describe.each(DIALECTS)('the public feed on %s', (_name, open) => {
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
    tokens.ops = (await api(app, '/api/user/login', { payload: { type: 'email', email: 'ops@example.com', password: 'opspass1' } })).data.token;
    for (const [who, asset, amount] of [['seller', 'BTC', '1'], ['buyer', 'USDT', '100000']] as const) {
      await api(app, '/api/user/register', { payload: { type: 'account', username: `${who}_feed`, password: 'abc123', confirmPassword: 'abc123' } });
      tokens[who] = (await api(app, '/api/user/login', { payload: { type: 'account', username: `${who}_feed`, password: 'abc123' } })).data.token;
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
    expect(all.event === 'ALL_SYMBOL_DETAIL' && all.data.find((d) => d.symbolName === 'btcusdt')).toMatchObject({ close: '96500.00', zdf: '0.00' });
    await c.next((m) => m.event === 'KLINE');

    await api(app, '/api/currency/order/submit', { token: tokens.seller, payload: { symbol: 'btcusdt', side: 'sell', type: 'limit', price: '97050', quantity: '0.5' } });
    expect(await c.next((m) => m.event === 'DEPTH' && m.data.asks.length > 0)).toMatchObject({ data: { asks: [['97100.00', '0.50000']] } });

    await api(app, '/api/currency/order/submit', { token: tokens.buyer, payload: { symbol: 'btcusdt', side: 'buy', type: 'limit', price: '97050', quantity: '0.1' } });
    expect(await c.next((m) => m.event === 'TRADE' && m.data.length > 0)).toMatchObject({ data: [{ price: '97050.00', quantity: '0.10000', side: 'buy' }] });
    expect(await c.next((m) => m.event === 'KLINE' && m.data[4] === '97050.00')).toMatchObject({ interval: '1m' });
    expect(await c.next((m) => m.event === 'DETAIL' && m.data.close === '97050.00')).toMatchObject({ data: { priceChangePercent: '0.00' } });
    expect(await c.next((m) => m.event === 'DEPTH' && m.data.asks[0]?.[1] === '0.40000')).toBeTruthy();

    c.send({ event: 'unsubscribe', topic: 'trade', symbol: 'btcusdt' });
    c.send({ event: 'ping' });
    await c.next((m) => m.event === 'PONG');
    await api(app, '/api/currency/order/submit', { token: tokens.buyer, payload: { symbol: 'btcusdt', side: 'buy', type: 'limit', price: '97050', quantity: '0.1' } });
    await c.next((m) => m.event === 'DEPTH' && m.data.asks[0]?.[1] === '0.30000');
    expect(c.messages.some((m) => m.event === 'TRADE')).toBe(false);
    c.close();
  });

  it.each([
    ['malformed JSON', '{oops', 'malformed JSON'],
    ['an unknown event', JSON.stringify({ event: 'shout' }), 'unknown event'],
    ['an unknown topic', JSON.stringify({ event: 'subscribe', topic: 'gossip', symbol: 'btcusdt' }), 'unknown topic'],
    ['an unknown symbol', JSON.stringify({ event: 'subscribe', topic: 'detail', symbol: 'nopeusdt' }), 'unknown symbol'],
    ['an unknown interval', JSON.stringify({ event: 'subscribe', topic: 'kline', symbol: 'btcusdt', interval: '7m' }), 'unknown interval'],
    ['a step off the tick', JSON.stringify({ event: 'subscribe', topic: 'depth', symbol: 'btcusdt', step: '0.001' }), 'invalid step'],
  ])('answers %s with an error and stays open', async (_label, raw, msg) => {
    const c = new Client(url);
    await c.opened();
    (c as unknown as { ws: WebSocket }).ws.send(raw);
    expect(await c.next((m) => m.event === 'ERROR')).toEqual({ event: 'ERROR', msg });
    c.send({ event: 'ping' });
    await c.next((m) => m.event === 'PONG');
    c.close();
  });
});
