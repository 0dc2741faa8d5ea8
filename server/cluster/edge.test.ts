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
    const config = loadConfig({ DATABASE_URL: DB_URL, BROKER_URL: broker, ROLE: 'edge', CORE_TIMEOUT_MS: '400', LOG_LEVEL: 'silent', BROKER_AUTH_PORT: String(15_000 + (process.pid % 1000)), DIST_DIR: '/nonexistent' });
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
    const res = await app.inject({ method: 'POST', url: '/api/currency/order/submit', headers: { lang: 'de', 'idempotency-key': 'order-1' }, payload: { symbol: 'btcusdt' } });
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
});
