import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type IMessage } from '@stomp/stompjs';
import { ClusterNode, clusterBroker, dropBrokerConnections, dropClusterBroker } from '../../tests/support/cluster.ts';
import { TEST_BROKER_URL } from '../../tests/support/broker.ts';
import { openPostgresTest, type TestDatabase } from '../../tests/support/databases.ts';
import { FeedTestClient } from '../../tests/support/feed-client.ts';
import { auditLedger } from '../ledger/ledger.ts';
import { STOMP_PATH, type PrivateFeedMessage } from '../../isomorphic/contract/private-feed.ts';
import type { FeedMessage } from '../../isomorphic/contract/feed.ts';

const DB_URL = process.env.TEST_DATABASE_URL;
const VHOST = `lumex-cluster-test-${process.pid}`;
const OPERATOR = { email: 'operator@localhost.localdomain', password: 'cluster-op-1' };
const broker = DB_URL && TEST_BROKER_URL ? await clusterBroker(TEST_BROKER_URL, VHOST) : undefined;
if (DB_URL && TEST_BROKER_URL && !broker)
  console.warn(`RabbitMQ virtual host ${VHOST} could not be made: the cluster tests are skipped`);

type Answer = { code: number; msg: string; data: any };

/** A call through an edge; a network error or the edge's 503 (outcome unknown) is retried with the same key. */
async function call(
  edges: () => ClusterNode[],
  path: string,
  o: { token?: string; body?: unknown; key?: string } = {},
  deadlineMs = 40_000,
): Promise<Answer & { tries: number }> {
  const deadline = Date.now() + deadlineMs;
  for (let tries = 1; ; tries++) {
    const alive = edges().filter((e) => e.alive);
    const edge = alive[tries % alive.length]!;
    try {
      const res = await fetch(`${edge.url}${path}`, {
        method: o.body === undefined ? 'GET' : 'POST',
        headers: {
          ...(o.token ? { authorization: o.token } : {}),
          ...(o.key ? { 'idempotency-key': o.key } : {}),
          ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(o.body === undefined ? {} : { body: JSON.stringify(o.body) }),
      });
      const answer = (await res.json()) as Answer;
      if (res.status !== 503 || !o.key) return { ...answer, tries };
    } catch {
      // the edge went away mid-request: another one takes the retry
    }
    if (Date.now() > deadline) throw new Error(`${path} got no answer within ${deadlineMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function stomp(url: string, token: string, userId: number) {
  const received: IMessage[] = [];
  const client = new Client({
    webSocketFactory: () => new WebSocket(url, ['v12.stomp']),
    connectHeaders: { passcode: token },
    reconnectDelay: 200,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
  });
  client.onConnect = () => void client.subscribe(`/topic/user.${userId}.refresh`, (m) => void received.push(m));
  client.activate();
  return { client, received };
}

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.skipIf(!broker)(
  'a cluster: two trading cores (one a standby) and two edges on PostgreSQL and RabbitMQ',
  () => {
    let database: TestDatabase;
    const nodes: ClusterNode[] = [];
    let cores: ClusterNode[];
    let edges: ClusterNode[];
    let env: Record<string, string>;
    let ports = 0;
    const users: Record<string, { id: number; token: string }> = {};

    const start = (name: string, role: 'core' | 'edge') => {
      const node = new ClusterNode(name, 4900 + (process.pid % 50) * 10 + ports++, { ...env, ROLE: role });
      nodes.push(node);
      return node;
    };

    beforeAll(async () => {
      database = await openPostgresTest(DB_URL!);
      env = {
        DATABASE_URL: DB_URL!,
        DATABASE_SCHEMA: database.schema!,
        BROKER_URL: broker!,
        BROKER_AUTH_PORT: String(14_000 + (process.pid % 1000)),
        MARKET_MAKERS: '0',
        LOG_LEVEL: 'warn',
        CORE_LEASE_MS: '1500',
        CORE_TIMEOUT_MS: '8000',
        OPERATOR_EMAIL: OPERATOR.email,
        OPERATOR_PASSWORD: OPERATOR.password,
        DATA_DIR: `/tmp/lumex-cluster-${process.pid}`,
      };
      const first = start('core-a', 'core');
      await first.waitFor(/trading core active/);
      const standby = start('core-b', 'core');
      await standby.waitFor(/standing by/);
      cores = [first, standby];
      edges = [start('edge-1', 'edge'), start('edge-2', 'edge')];
      await Promise.all(edges.map((e) => e.answering()));
      const ops = await call(() => edges, '/api/user/login', { body: { type: 'email', ...OPERATOR } });
      for (const [name, asset, amount] of [
        ['alice', 'BTC', '50'],
        ['bob', 'USDT', '5000000'],
      ] as const) {
        const reg = await call(() => edges, '/api/user/register', {
          body: { type: 'account', username: `${name}_c`, password: 'abc123', confirmPassword: 'abc123' },
        });
        expect(reg.code, reg.msg).toBe(200);
        const login = await call(() => edges, '/api/user/login', {
          body: { type: 'account', username: `${name}_c`, password: 'abc123' },
        });
        users[name] = { id: reg.data.id, token: login.data.token };
        const credit = await call(() => edges, '/api/admin/credit', {
          token: ops.data.token,
          body: { username: `${name}_c`, asset, amount },
        });
        expect(credit.code, credit.msg).toBe(200);
      }
    }, 180_000);

    afterAll(async () => {
      await Promise.all(nodes.map((n) => n.kill('SIGTERM')));
      await database?.drop();
      if (env) rmSync(env.DATA_DIR!, { recursive: true, force: true });
      dropClusterBroker(VHOST);
    });

    /** Every order the cluster acknowledged, by id. */
    const acknowledged = new Set<number>();
    const order = async (who: 'alice' | 'bob', key: string) => {
      const r = await call(() => edges, '/api/currency/order/submit', {
        token: users[who]!.token,
        key,
        body: {
          symbol: 'btcusdt',
          side: who === 'alice' ? 'sell' : 'buy',
          type: 'limit',
          price: '96500',
          quantity: '0.001',
        },
      });
      if (r.code === 200) acknowledged.add(r.data.id);
      return r;
    };

    /** The tables hold every acknowledged order exactly once and nothing else, and the ledger adds up. */
    const expectExactlyOnce = async () => {
      let ids: number[] = [];
      for (let i = 0; i < 100; i++) {
        ids = (await ordersInTables()).map((r) => Number(r.id));
        if (ids.length >= acknowledged.size) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(ids.sort((a, b) => a - b)).toEqual([...acknowledged].sort((a, b) => a - b));
      expect(await auditLedger(database.db)).toEqual([]);
    };

    /** The user's private feed on an edge, authenticated. */
    const privateFeed = async (edge: ClusterNode, who: 'alice' | 'bob') => {
      const c = new FeedTestClient<PrivateFeedMessage>(`${edge.url.replace('http', 'ws')}/ws/coin/${users[who]!.id}`);
      await c.opened();
      c.send({ event: 'auth', token: users[who]!.token });
      await c.next((m) => m.event === 'USER_STATUS', 10_000);
      return c;
    };

    /** Orders of both users as the tables hold them, once the core has written what it acknowledged. */
    const ordersInTables = async () =>
      database.db.all<{ id: bigint }>('SELECT id FROM orders WHERE user_id IN (?, ?)', [
        users.alice!.id,
        users.bob!.id,
      ]);

    it('shows each user the other one’s fills on both edges’ private feeds and STOMP sockets, and the trade on both public feeds', async () => {
      const feeds: Array<{ who: 'alice' | 'bob'; c: FeedTestClient<PrivateFeedMessage> }> = [];
      for (const edge of edges) {
        for (const who of ['alice', 'bob'] as const) feeds.push({ who, c: await privateFeed(edge, who) });
      }
      // The public feed's trades, on a copy of the markets each edge keeps from the journal.
      const markets: Array<FeedTestClient<FeedMessage>> = [];
      for (const edge of edges) {
        const c = new FeedTestClient<FeedMessage>(`${edge.url.replace('http', 'ws')}/ws/cluster-${edge.port}`);
        await c.opened();
        c.send({ event: 'subscribe', topic: 'trade', symbol: 'btcusdt' });
        await c.next((m) => m.event === 'TRADE', 10_000);
        markets.push(c);
      }
      const socks = edges.map((edge) =>
        stomp(`${edge.url.replace('http', 'ws')}${STOMP_PATH}`, users.alice!.token, users.alice!.id),
      );
      await until(() => socks.every((s) => s.client.connected));
      await new Promise((r) => setTimeout(r, 300));

      const sell = await order('alice', 'first-sell');
      expect(sell.code, sell.msg).toBe(200);
      const buy = await order('bob', 'first-buy');
      expect(buy.code, buy.msg).toBe(200);
      // The fill reaches both users on both edges: alice's USDT and bob's BTC arrive as balance pushes.
      for (const f of feeds) {
        const gets = f.who === 'alice' ? 'USDT' : 'BTC';
        await f.c.next(
          (m) => m.event === 'OWNCOIN' && m.data.some((c) => c.coin.toUpperCase() === gets && Number(c.available) > 0),
          10_000,
        );
        f.c.close();
      }
      await until(() => socks.every((s) => s.received.length > 0));
      for (const c of markets) {
        const trade = await c.next((m) => m.event === 'TRADE' && m.data.length > 0, 10_000);
        expect(trade).toMatchObject({ symbol: 'btcusdt', data: [{ price: '96500.00' }] });
        c.close();
      }
      // Each edge answers the public market reads from its own copy: the trade is in its recent trades and ticker.
      for (const edge of edges) {
        const trades = (await (await fetch(`${edge.url}/api/app/coin/market/trades?symbol=btcusdt`)).json()) as Answer;
        expect(trades.data[0]).toMatchObject({ price: '96500.00' });
      }
      for (const s of socks) await s.client.deactivate();
    }, 60_000);

    it('fails over to the standby when the active core is killed mid-stream, losing and doubling nothing', async () => {
      const acked = new Map<string, number>();
      let killedAt = 0;
      let longestWait = 0;
      const stream = async (worker: number) => {
        for (let i = 0; i < 30; i++) {
          const key = `w${worker}-${i}`;
          const sent = Date.now();
          const r = await order(worker % 2 ? 'alice' : 'bob', key);
          expect(r.code, r.msg).toBe(200);
          acked.set(key, r.data.id);
          longestWait = Math.max(longestWait, Date.now() - sent);
          if (acked.size === 40 && !killedAt) {
            killedAt = Date.now();
            void cores[0]!.kill('SIGKILL');
          }
        }
      };
      await Promise.all([0, 1, 2, 3].map(stream));
      expect(cores[0]!.alive).toBe(false);
      const took = await cores[1]!.waitFor(/trading core active/, 1000);
      // The lease (1.5 s here) lapses, the standby takes it and loads; orders sent meanwhile wait in the queue.
      console.log(`failover: ${took.trim()}; the longest an order waited for its acknowledgement: ${longestWait} ms`);

      // Every acknowledged order is in the tables exactly once, under the id it was acknowledged with.
      expect(new Set(acked.values()).size).toBe(120);
      await expectExactlyOnce();

      // Trading goes on through the new core.
      const again = await order('bob', 'after-failover');
      expect(again.code, again.msg).toBe(200);
      // A client that repeats a request with its key (it never saw the answer) gets the first order back.
      const repeated = await order('bob', 'after-failover');
      expect(repeated.data).toEqual(again.data);
    }, 120_000);

    it('keeps every acknowledged order when the broker drops every connection and an edge is killed', async () => {
      const acked = new Map<string, number>();
      let faulted = false;
      const stream = async (worker: number) => {
        for (let i = 0; i < 20; i++) {
          const key = `f${worker}-${i}`;
          const r = await order(worker % 2 ? 'alice' : 'bob', key);
          expect(r.code, r.msg).toBe(200);
          acked.set(key, r.data.id);
          if (acked.size === 20 && !faulted) {
            faulted = true;
            dropBrokerConnections(VHOST);
            void edges[0]!.kill('SIGKILL');
          }
        }
      };
      await Promise.all([0, 1, 2, 3].map(stream));
      expect(new Set(acked.values()).size).toBe(80);
      await expectExactlyOnce();

      // A client of the killed edge reconnects to the other one and hears its fills there.
      const feed = await privateFeed(edges[1]!, 'bob');
      await new Promise((r) => setTimeout(r, 300));
      expect((await order('alice', 'after-fault-sell')).code).toBe(200);
      expect((await order('bob', 'after-fault-buy')).code).toBe(200);
      await feed.next((m) => m.event === 'ORDER', 15_000);
      feed.close();
    }, 120_000);
  },
);
