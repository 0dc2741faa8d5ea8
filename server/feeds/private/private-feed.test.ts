import Fastify, { type FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrivateFeedMessage } from '../../../isomorphic/contract/private-feed.ts';
import { api, operatorToken, signUp, testApp } from '../../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../../tests/support/databases.ts';
import { FeedTestClient } from '../../../tests/support/feed-client.ts';
import { MemoryBus } from '../../bus/memory-bus.ts';
import { privateFeed } from './private-feed.ts';

type Client = FeedTestClient<PrivateFeedMessage>;
const baseUrl = (app: FastifyInstance) => `ws://127.0.0.1:${(app.server.address() as { port: number }).port}`;

describe.each(FEATURE_DIALECTS)('the private feed on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let ops: string;
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };
  const clients: Client[] = [];
  /** A socket to /ws/coin/{userId}, authenticated with the token when one is given. */
  const connect = async (userId: number | string, token?: string): Promise<Client> => {
    const c: Client = new FeedTestClient(`${baseUrl(app)}/ws/coin/${userId}`);
    clients.push(c);
    await c.opened();
    if (token) c.send({ event: 'auth', token });
    return c;
  };
  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db));
    await app.listen({ port: 0, host: '127.0.0.1' });
    ops = await operatorToken(app, t.db);
    alice = await signUp(app, 'alice_private');
    bob = await signUp(app, 'bob_private');
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await app.close();
    await t.drop();
  });

  it('never accepts a token for another user id, a dead token, or a socket that does not authenticate first', async () => {
    expect(await (await connect(bob.id, alice.token)).closed).toEqual({
      code: 4003,
      reason: 'token belongs to another user',
    });
    expect(await (await connect(alice.id, 'not-a-token')).closed).toMatchObject({ code: 4001 });
    const silent = await connect(alice.id);
    silent.send({ event: 'ping' });
    expect(await silent.closed).toEqual({ code: 4001, reason: 'authenticate first' });
    expect(await (await connect('0012', alice.token)).closed).toMatchObject({ code: 1008 });
  });

  it('tells the user their status, answers ping, and pushes their own balances and orders as they change', async () => {
    const a = await connect(alice.id, alice.token);
    const b = await connect(bob.id, bob.token);
    expect(await a.next((m) => m.event === 'USER_STATUS')).toMatchObject({
      data: { userId: alice.id, status: 'active', isMerchant: 1 },
    });
    await b.next((m) => m.event === 'USER_STATUS');
    a.send({ event: 'ping' });
    await a.next((m) => m.event === 'PONG');

    // A ledger posting (an operator's credit), announced after its commit.
    await api(app, '/api/admin/credit', {
      token: ops,
      payload: { username: 'alice_private', asset: 'USDT', amount: '1000' },
    });
    await api(app, '/api/admin/credit', {
      token: ops,
      payload: { username: 'bob_private', asset: 'BTC', amount: '1' },
    });
    expect(await a.next((m) => m.event === 'OWNCOIN')).toMatchObject({
      data: [{ type: 1, coin: 'USDT', available: '1000.00000000', frozen: '0.00000000' }],
    });
    expect(await b.next((m) => m.event === 'OWNCOIN')).toMatchObject({
      data: [{ type: 1, coin: 'BTC', available: '1.00000000' }],
    });

    // An order through the journal: its order change at once, its hold once the projector has written it.
    const order = await api(app, '/api/currency/order/submit', {
      token: alice.token,
      payload: { symbol: 'btcusdt', side: 'buy', type: 'limit', price: '97000', quantity: '0.01' },
    });
    expect(order.code).toBe(200);
    expect(await a.next((m) => m.event === 'ORDER')).toMatchObject({ data: { symbol: 'btcusdt' } });
    expect(await a.next((m) => m.event === 'OWNCOIN')).toMatchObject({
      data: [{ type: 1, coin: 'USDT', available: '30.00000000', frozen: '970.00000000' }],
    });

    // Bob's sell fills it: each hears of their own side, and nothing of the other's.
    await api(app, '/api/currency/order/submit', {
      token: bob.token,
      payload: { symbol: 'btcusdt', side: 'sell', type: 'limit', price: '97000', quantity: '0.01' },
    });
    await a.next((m) => m.event === 'ORDER');
    const filled = await a.next((m) => m.event === 'OWNCOIN' && m.data.some((c) => c.coin === 'BTC'));
    expect(filled).toMatchObject({
      data: expect.arrayContaining([
        { type: 1, coin: 'USDT', available: '30.00000000', frozen: '0.00000000' },
        { type: 1, coin: 'BTC', available: '0.00999000', frozen: '0.00000000' },
      ]),
    });
    const sold = await b.next((m) => m.event === 'OWNCOIN' && m.data.some((c) => c.coin === 'USDT'));
    expect(sold).toMatchObject({
      data: expect.arrayContaining([{ type: 1, coin: 'BTC', available: '0.99000000', frozen: '0.00000000' }]),
    });
    const balances = (await api(app, '/api/asset/getMyBalance?type=1', { method: 'GET', token: alice.token })).data;
    expect(balances).toEqual(
      expect.arrayContaining([{ type: 1, coin: 'BTC', available: '0.00999000', frozen: '0.00000000' }]),
    );
    for (const m of a.messages) if (m.event === 'OWNCOIN') expect(JSON.stringify(m)).not.toContain('0.99000000');
  });
});

describe('the private feed’s heartbeat', () => {
  let t: TestDatabase;
  let main: FastifyInstance;
  let feed: FastifyInstance;
  beforeAll(async () => {
    t = await FEATURE_DIALECTS[0]![1]();
    ({ app: main } = await testApp(t.db));
    // The same feed with a heartbeat of 50 ms instead of 15 s, so the test need not wait.
    feed = Fastify();
    await feed.register(websocket);
    await feed.register(async (f) => privateFeed(f, t.db, new MemoryBus(), { heartbeatMs: 50 }));
    await feed.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await feed.close();
    await main.close();
    await t.drop();
  });

  it('sends HEARTBEAT, and ends the socket with USER_STATUS signedOut once the user logs out', async () => {
    const carol = await signUp(main, 'carol_private');
    const c: Client = new FeedTestClient(`${baseUrl(feed)}/ws/coin/${carol.id}`);
    await c.opened();
    c.send({ event: 'auth', token: carol.token });
    await c.next((m) => m.event === 'USER_STATUS');
    await c.next((m) => m.event === 'HEARTBEAT');
    await api(main, '/api/user/logout', { token: carol.token });
    expect(await c.next((m) => m.event === 'USER_STATUS')).toMatchObject({
      data: { userId: carol.id, status: 'signedOut' },
    });
    expect(await c.closed).toMatchObject({ code: 4001 });
  });
});
