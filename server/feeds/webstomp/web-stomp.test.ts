import type { FastifyInstance } from 'fastify';
import type { Client, IFrame, IMessage, StompConfig } from '@stomp/stompjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, operatorToken, signUp, testApp } from '../../../tests/support/app.ts';
import { TEST_BROKER_URL } from '../../../tests/support/broker.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../../tests/support/databases.ts';
import { TEST_BROKER_AUTH_PORT, TEST_WEB_STOMP_URL, WEB_STOMP_UNAVAILABLE } from '../../../tests/support/web-stomp.ts';
import { PLATFORM_GLOBAL } from '../../../isomorphic/contract/platform.ts';
import { STOMP_DESTINATION as D, STOMP_PATH } from '../../../isomorphic/contract/private-feed.ts';
import { stompClient } from '../../../src/lib/feed/stomp.ts';
import { merchantTopic, userTopics } from '../topics.ts';

type Who = { id: number; token: string };

/** Waits until `check` answers something (or 8 s): the broker delivers and closes in its own time. */
async function until<T>(check: () => T | undefined, what = 'the broker'): Promise<T> {
  const deadline = Date.now() + 8000;
  for (;;) {
    const v = check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * RabbitMQ's own Web-STOMP, its HTTP auth backend asking this server's hook (scripts/broker-setup.sh), the bus
 * on RabbitMQ: what a browser gets when BROKER_URL is set and STOMP_URL names Web-STOMP. The browser's own STOMP
 * client (src/lib/feed/stomp.ts) connects, reading the address from the platform config as the islands do.
 */
describe.skipIf(WEB_STOMP_UNAVAILABLE)('RabbitMQ Web-STOMP with the broker auth hook', () => {
  const [, open] = FEATURE_DIALECTS[0]!;
  let t: TestDatabase;
  let app: FastifyInstance;
  let embeddedBase: string;
  let alice: Who;
  let bob: Who;
  let merchant: Who;
  let ops: string;
  const clients: Client[] = [];

  /** The browser's client for a user, on Web-STOMP (the platform config's stompUrl) or the embedded socket. */
  const connect = (who: Who, opts: { embedded?: boolean; config?: StompConfig } = {}) => {
    (globalThis as Record<string, unknown>)[PLATFORM_GLOBAL] = opts.embedded
      ? { apiBase: embeddedBase, stompUrl: STOMP_PATH }
      : platformScript;
    const errors: IFrame[] = [];
    const closes: number[] = [];
    const messages: IMessage[] = [];
    let connected = false;
    const client = stompClient(
      { userId: who.id, token: who.token },
      {
        reconnectDelay: 0,
        onConnect: () => void (connected = true),
        onStompError: (f) => void errors.push(f),
        onWebSocketClose: (e) => void closes.push(e.code),
        ...opts.config,
      },
    );
    clients.push(client);
    client.activate();
    const subscribed = (destination: string) => {
      const receipt = `r-${destination}-${Math.random()}`;
      const done = new Promise<void>((resolve) => client.watchForReceipt(receipt, () => resolve()));
      client.subscribe(destination, (m) => void messages.push(m), { receipt });
      return done;
    };
    return {
      client,
      errors,
      closes,
      messages,
      subscribed,
      isConnected: () => connected,
      connected: () => until(() => connected || undefined, 'CONNECTED').then(() => undefined),
    };
  };
  let platformScript: Record<string, unknown>;

  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db, {
      BROKER_URL: TEST_BROKER_URL!,
      STOMP_URL: TEST_WEB_STOMP_URL,
      BROKER_AUTH_PORT: String(TEST_BROKER_AUTH_PORT),
    }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    embeddedBase = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const script = (await app.inject({ url: '/platform/dev/config.js' })).body;
    platformScript = JSON.parse(script.slice(script.indexOf('=') + 1, script.lastIndexOf(';')));
    ops = await operatorToken(app, t.db);
    alice = await signUp(app, 'alice_webstomp');
    bob = await signUp(app, 'bob_webstomp');
    merchant = await signUp(app, 'merchant_webstomp');
    await t.db.run('UPDATE users SET is_merchant = 2 WHERE id = ?', [merchant.id]);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.deactivate()));
    delete (globalThis as Record<string, unknown>)[PLATFORM_GLOBAL];
    await app?.close();
    await t?.drop();
  });

  it('hands the browser Web-STOMP’s address in the platform config', () => {
    expect(platformScript.stompUrl).toBe(TEST_WEB_STOMP_URL);
  });

  it('delivers the refresh message the server publishes through the bus, with the body the embedded socket sends', async () => {
    const web = connect(alice);
    const embedded = connect(alice, { embedded: true });
    await Promise.all([web.connected(), embedded.connected()]);
    await Promise.all([web.subscribed(D.refresh(alice.id)), embedded.subscribed(D.refresh(alice.id))]);

    // A ledger credit is announced on the bus after its commit (account-bus.ts); both sockets carry it.
    await api(app, '/api/admin/credit', {
      token: ops,
      payload: { username: 'alice_webstomp', asset: 'USDT', amount: '50' },
    });
    const sent = await until(
      () => embedded.messages.find((m) => JSON.parse(m.body).kind === 'assets'),
      'the embedded socket',
    );
    const got = await until(() => web.messages.find((m) => m.body === sent.body), 'the same message on Web-STOMP');
    expect(got.headers).toMatchObject({ destination: D.refresh(alice.id), 'content-type': 'application/json' });
    expect(web.closes).toEqual([]);
  });

  it('delivers the user’s chat topic and a merchant’s merchant topic', async () => {
    const web = connect(alice);
    const shop = connect(merchant);
    await Promise.all([web.connected(), shop.connected()]);
    await Promise.all([web.subscribed(D.chat(alice.id)), shop.subscribed(D.merchant(merchant.id))]);
    const line = { content: 'from support', contentType: 1, from: 0, ts: Math.random() };
    const order = { kind: 'otc', ts: Math.random() };
    app.bus.publish(userTopics.chat(alice.id), line);
    app.bus.publish(merchantTopic(merchant.id), order);
    expect(JSON.parse((await until(() => web.messages.find((m) => m.body.includes(String(line.ts))))).body)).toEqual(
      line,
    );
    expect(JSON.parse((await until(() => shop.messages.find((m) => m.body.includes(String(order.ts))))).body)).toEqual(
      order,
    );
  });

  // Web-STOMP answers a refused subscription by closing the socket, without an ERROR frame.
  it.each([
    ['another user’s refresh topic', (a: Who, b: Who) => D.refresh(b.id)],
    ['another user’s chat topic', (a: Who, b: Who) => D.chat(b.id)],
    ['a merchant topic of a non-merchant', (a: Who) => D.merchant(a.id)],
    ['a wildcard over every user', () => '/topic/user.*.refresh'],
    ['everything on amq.topic', () => '/topic/#'],
    ['the user’s balances on the bus exchange', (a: Who) => `/exchange/lumex.events/user.${a.id}.balance`],
    ['a queue of its own name', () => '/queue/orders'],
  ])('refuses a subscription to %s by closing the socket', async (_label, destination) => {
    const web = connect(alice);
    await web.connected();
    web.client.subscribe(destination(alice, bob), (m) => void web.messages.push(m));
    await until(() => web.closes[0], 'the socket to close');
    expect(web.messages).toEqual([]);
  });

  it.each([
    ['a made-up token', () => ({ login: String(alice.id), passcode: 'x'.repeat(43) })],
    ['another user’s token', () => ({ login: String(alice.id), passcode: bob.token })],
    ['a token without a login', () => ({ passcode: alice.token })],
    ['no credentials', () => ({})],
    ['the broker’s own user name with a user’s token', () => ({ login: 'guest', passcode: alice.token })],
  ])('refuses a CONNECT with %s', async (_label, headers) => {
    const web = connect(alice, { config: { connectHeaders: headers() } });
    // The ERROR comes instead of CONNECTED; Web-STOMP leaves the socket open for another CONNECT.
    expect((await until(() => web.errors[0], 'an ERROR frame')).headers.message).toBe('Bad CONNECT');
    expect(web.isConnected()).toBe(false);
  });

  it('refuses a token after logout', async () => {
    const carol = await signUp(app, 'carol_webstomp');
    await api(app, '/api/user/logout', { token: carol.token });
    const web = connect(carol);
    expect((await until(() => web.errors[0], 'an ERROR frame')).headers.message).toBe('Bad CONNECT');
  });

  it.each([
    ['the user’s own chat topic', (a: Who) => D.chat(a.id)],
    ['the user’s own refresh topic', (a: Who) => D.refresh(a.id)],
    ['another user’s chat topic', (_a: Who, b: Who) => D.chat(b.id)],
    ['amq.topic by exchange', (a: Who) => `/exchange/amq.topic/user.${a.id}.chat`],
    ['a queue', () => '/queue/orders'],
  ])('lets nobody SEND to %s: the socket closes and subscribers get nothing', async (_label, destination) => {
    const reader = connect(alice);
    const writer = connect(alice);
    await Promise.all([reader.connected(), writer.connected()]);
    await reader.subscribed(D.chat(alice.id));
    writer.client.publish({
      destination: destination(alice, bob),
      body: JSON.stringify({ content: 'forged', contentType: 1 }),
    });
    await until(() => writer.closes[0], 'the socket to close');
    // The marker goes the same way after the SEND: once it is in, a forged line would have been too.
    app.bus.publish(userTopics.chat(alice.id), { content: 'marker', contentType: 1, from: 0, ts: 4 });
    await until(() => reader.messages.find((m) => m.body.includes('marker')));
    expect(reader.messages.map((m) => JSON.parse(m.body).content)).toEqual(['marker']);
  });
});
