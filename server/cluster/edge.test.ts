import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Connection } from 'rabbitmq-client';
import { TEST_BROKER_URL } from '../../tests/support/broker.ts';
import { clusterBroker, dropClusterBroker } from '../../tests/support/cluster.ts';
import { openPostgresTest, type TestDatabase } from '../../tests/support/databases.ts';
import { loadConfig } from '../config.ts';
import { createBus } from '../bus/create-bus.ts';
import type { Bus } from '../bus/bus.ts';
import { CommandClient, COMMAND_QUEUE, connectBroker } from './command-queue.ts';
import { buildEdge } from './edge.ts';
import { seedMarkets } from '../spot/seed.ts';

const DB_URL = process.env.TEST_DATABASE_URL;
// A virtual host of its own: no core of another test may answer here.
const VHOST = `lumex-edge-test-${process.pid}`;
const broker = DB_URL && TEST_BROKER_URL ? await clusterBroker(TEST_BROKER_URL, VHOST) : undefined;

describe.skipIf(!broker)('an edge whose core does not answer', () => {
  let t: TestDatabase;
  let bus: Bus;
  let conn: Connection;
  let commands: CommandClient;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await openPostgresTest(DB_URL!);
    await seedMarkets(t.db);
    const config = loadConfig({
      DATABASE_URL: DB_URL,
      BROKER_URL: broker,
      ROLE: 'edge',
      CORE_TIMEOUT_MS: '400',
      LOG_LEVEL: 'silent',
      BROKER_AUTH_PORT: String(15_000 + (process.pid % 1000)),
      DIST_DIR: '/nonexistent',
    });
    bus = await createBus({ brokerUrl: broker });
    conn = connectBroker(broker!, 'edge-test', { warn: () => {} });
    commands = new CommandClient(conn, config.coreTimeoutMs);
    app = await buildEdge({ config, db: t.db, bus, commands });
    await conn.queuePurge({ queue: COMMAND_QUEUE }).catch(() => {});
  });

  afterAll(async () => {
    await app?.close();
    await commands?.close();
    await conn?.queueDelete({ queue: COMMAND_QUEUE }).catch(() => {});
    await conn?.close();
    await bus?.close();
    await t?.drop();
    dropClusterBroker(VHOST);
  });

  it('tells the caller in their language that the outcome is unknown, and the request expires in the queue unread', async () => {
    const started = Date.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/currency/order/submit',
      headers: { lang: 'de', 'idempotency-key': 'order-1' },
      payload: { symbol: 'btcusdt' },
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toEqual({ code: 5010, msg: expect.stringContaining('Börse'), data: null });
    // Past its expiry the request is dropped, so a core that comes back later does not carry out what the
    // caller was told may have failed (a retry with the same key is the way to make sure).
    await new Promise((r) => setTimeout(r, 300));
    const { messageCount } = await conn.queueDeclare({ queue: COMMAND_QUEUE, passive: true });
    expect(messageCount).toBe(0);
  });

  it('serves the platform config script itself, with no core answering', async () => {
    const config = await app.inject({ method: 'GET', url: '/platform/dev/config.js' });
    expect(config.statusCode).toBe(200);
    expect(config.body).toContain('window.__PLATFORM__');
  });

  it('answers the public market reads from its copy of the markets, with no core answering', async () => {
    const get = async (url: string) => (await app.inject({ method: 'GET', url, headers: { lang: 'de' } })).json();
    const started = Date.now();
    expect(await get('/api/app/coin/market/ticker?symbol=btcusdt')).toMatchObject({
      code: 200,
      data: expect.anything(),
    });
    expect(await get('/api/app/coin/market/depth?symbol=btcusdt&limit=5')).toMatchObject({
      code: 200,
      data: { bids: expect.any(Array), asks: expect.any(Array) },
    });
    expect(await get('/api/app/coin/market/kline?symbol=btcusdt&interval=1m&limit=10')).toMatchObject({
      code: 200,
      data: expect.any(Array),
    });
    expect(await get('/api/app/coin/open/transaction/btc/usdt')).toMatchObject({ code: 200, data: expect.any(Array) });
    const markets = (await app.inject({ method: 'POST', url: '/api/common/getCoinList' })).json();
    expect(markets.data.currencyList.map((m: { symbol: string }) => m.symbol)).toContain('btcusdt');
    // A read by POST parses its JSON body on the edge; a body that is not JSON is refused there, in the caller's
    // language.
    const byPost = await app.inject({
      method: 'POST',
      url: '/api/app/coin/open/transaction',
      headers: { lang: 'de' },
      payload: { symbol: 'btcusdt', limit: 3 },
    });
    expect(byPost.json()).toMatchObject({ code: 200, data: expect.any(Array) });
    const broken = await app.inject({
      method: 'POST',
      url: '/api/app/coin/open/transaction',
      headers: { lang: 'de', 'content-type': 'application/json' },
      payload: '{"symbol":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe(400);
    const plain = await app.inject({
      method: 'POST',
      url: '/api/app/coin/open/transaction',
      headers: { lang: 'de', 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(plain.json()).toEqual({ code: 400, msg: 'Der Anfrage fehlen Daten oder sie ist fehlerhaft', data: null });
    const xml = await app.inject({
      method: 'POST',
      url: '/api/app/coin/open/transaction',
      headers: { lang: 'de', 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    // Far below CORE_TIMEOUT_MS for all of them: none waited for a core.
    expect(Date.now() - started).toBeLessThan(400);
    const unknown = await get('/api/app/coin/market/ticker?symbol=nopeusdt');
    expect(unknown).toMatchObject({ code: 3001, msg: expect.any(String) });
    expect(unknown.msg).not.toBe(
      (await app.inject({ method: 'GET', url: '/api/app/coin/market/ticker?symbol=nopeusdt' })).json().msg,
    );
  });

  it("hands a user's own reads to the core: with none answering, their outcome is unknown", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/currency/order/orderList',
      headers: { authorization: 'whatever' },
      payload: {},
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe(5010);
  });
});
