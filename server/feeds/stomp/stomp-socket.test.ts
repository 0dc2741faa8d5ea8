import type { FastifyInstance } from 'fastify';
import { Client, type IFrame, type IMessage } from '@stomp/stompjs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, operatorToken, signUp, testApp } from '../../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../../tests/support/databases.ts';
import { MAX_FRAME_BYTES } from './stomp-session.ts';
import { STOMP_DESTINATION as D, STOMP_PATH } from '../../../isomorphic/contract/private-feed.ts';

/** The browser's STOMP client, connected to the server's socket with a token as passcode. */
function stomp(url: string, passcode: string, extra: Partial<ConstructorParameters<typeof Client>[0]> = {}) {
  const errors: IFrame[] = [];
  const closes: number[] = [];
  const client = new Client({
    webSocketFactory: () => new WebSocket(url, ['v12.stomp']),
    connectHeaders: { passcode },
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
    onStompError: (f) => void errors.push(f),
    onWebSocketClose: (e) => void closes.push(e.code),
    ...extra,
  });
  const connected = new Promise<IFrame>((resolve) => (client.onConnect = resolve));
  client.activate();
  return { client, connected, errors, closes };
}

/** Waits until `check` passes (or 3 s): for things the socket delivers in its own time. */
async function until<T>(check: () => T | undefined): Promise<T> {
  const deadline = Date.now() + 3000;
  for (;;) {
    const v = check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A bare WebSocket speaking raw frames, to send what a well-behaved client never would. */
class Raw {
  readonly ws: WebSocket;
  readonly data: string[] = [];
  readonly closed: Promise<number>;
  constructor(url: string) {
    this.ws = new WebSocket(url, ['v12.stomp']);
    this.ws.onmessage = (e) => void this.data.push(String(e.data));
    this.closed = new Promise((resolve) => (this.ws.onclose = (e) => resolve(e.code)));
  }
  opened = () => new Promise<void>((resolve) => (this.ws.onopen = () => resolve()));
  /** The message header of the ERROR frame the server sent. */
  error = async () => /^message:(.*)$/m.exec(await until(() => this.data.find((d) => d.startsWith('ERROR\n'))))![1]!;
}

describe.each(FEATURE_DIALECTS)('the STOMP socket on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let url: string;
  let ops: string;
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };
  const clients: Client[] = [];
  const connect = (passcode: string, extra = {}) => {
    const s = stomp(url, passcode, extra);
    clients.push(s.client);
    return s;
  };
  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db));
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(app.server.address() as { port: number }).port}${STOMP_PATH}`;
    ops = await operatorToken(app, t.db);
    alice = await signUp(app, 'alice_stomp');
    bob = await signUp(app, 'bob_stomp');
  });
  afterEach(() => vi.useRealTimers());
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.deactivate()));
    await app.close();
    await t.drop();
  });

  it('connects with the token, negotiates 5 s heart-beats, and delivers the bus messages of the user’s own topics', async () => {
    const { client, connected } = connect(alice.token, { heartbeatIncoming: 10_000, heartbeatOutgoing: 10_000 });
    const frame = await connected;
    expect(frame.headers).toMatchObject({ version: '1.2', 'heart-beat': '5000,5000', 'user-name': String(alice.id) });
    const got: IMessage[] = [];
    client.subscribe(D.refresh(alice.id), (m) => void got.push(m));
    client.subscribe(D.chat(alice.id), (m) => void got.push(m));
    const receipt = new Promise<void>((resolve) => client.watchForReceipt('r1', () => resolve()));
    client.publish({
      destination: D.chat(alice.id),
      body: JSON.stringify({ content: 'hello support' }),
      headers: { receipt: 'r1' },
    });
    await receipt;

    // A ledger credit is announced on the bus after its commit; the refresh topic carries it.
    await api(app, '/api/admin/credit', {
      token: ops,
      payload: { username: 'alice_stomp', asset: 'USDT', amount: '50' },
    });
    const refresh = await until(() => got.find((m) => m.headers.destination === D.refresh(alice.id)));
    expect(JSON.parse(refresh.body)).toMatchObject({ kind: 'assets' });
    const chat = await until(() => got.find((m) => m.headers.destination === D.chat(alice.id)));
    expect(JSON.parse(chat.body)).toMatchObject({ content: 'hello support', contentType: 1, from: alice.id });

    app.bus.publish(`user.${alice.id}.refresh`, { kind: 'otc', ts: 1 });
    await until(() => got.find((m) => m.body.includes('"otc"')));
    await client.deactivate();
  });

  it.each([
    [
      'another user’s refresh topic',
      (b: number) => ({ command: 'SUBSCRIBE', destination: D.refresh(b) }),
      'belongs to another user',
      4003,
    ],
    [
      'another user’s chat topic',
      (b: number) => ({ command: 'SUBSCRIBE', destination: D.chat(b) }),
      'belongs to another user',
      4003,
    ],
    [
      'a merchant topic of a non-merchant',
      (_b: number, a: number) => ({ command: 'SUBSCRIBE', destination: D.merchant(a) }),
      'not your merchant topic',
      4003,
    ],
    [
      'an unknown destination',
      () => ({ command: 'SUBSCRIBE', destination: '/queue/everything' }),
      'unknown destination',
      1002,
    ],
    ['a wildcard', () => ({ command: 'SUBSCRIBE', destination: '/topic/user.*.refresh' }), 'unknown destination', 1002],
    [
      'a merchant chat',
      (_b: number, a: number) => ({ command: 'SUBSCRIBE', destination: `/topic/merchant.${a}.chat` }),
      'unknown destination',
      1002,
    ],
    [
      'a SEND to another user’s chat',
      (b: number) => ({ command: 'SEND', destination: D.chat(b) }),
      'belongs to another user',
      4003,
    ],
    [
      'a SEND to a refresh topic',
      (_b: number, a: number) => ({ command: 'SEND', destination: D.refresh(a) }),
      'only a chat topic takes SEND',
      1002,
    ],
  ])('refuses %s with an ERROR frame and closes', async (_label, make, message, code) => {
    const { client, connected, errors, closes } = connect(alice.token);
    await connected;
    const f = make(bob.id, alice.id);
    if (f.command === 'SEND') client.publish({ destination: f.destination, body: '{"content":"hi"}' });
    else client.subscribe(f.destination, () => {});
    const error = await until(() => errors[0]);
    expect(error.headers.message).toContain(message);
    expect(await until(() => closes[0])).toBe(code);
  });

  it('gives a merchant their own merchant topic', async () => {
    const merchant = await signUp(app, 'merchant_stomp');
    await t.db.run('UPDATE users SET is_merchant = 2 WHERE id = ?', [merchant.id]);
    const { client, connected } = connect(merchant.token);
    await connected;
    const got: IMessage[] = [];
    client.subscribe(D.merchant(merchant.id), (m) => void got.push(m));
    const receipt = new Promise<void>((resolve) => client.watchForReceipt('sub', () => resolve()));
    client.subscribe(D.refresh(merchant.id), () => {}, { receipt: 'sub' });
    await receipt;
    app.bus.publish(`merchant.${merchant.id}.refresh`, { kind: 'otc', ts: 2 });
    expect(JSON.parse((await until(() => got[0])).body)).toEqual({ kind: 'otc', ts: 2 });
    await client.deactivate();
  });

  it('refuses a dead token and a token with another user’s login', async () => {
    const dead = connect('no-such-token');
    expect((await until(() => dead.errors[0])).headers.message).toBe('token unknown or expired');
    const other = connect(alice.token, { connectHeaders: { login: String(bob.id), passcode: alice.token } });
    expect((await until(() => other.errors[0])).headers.message).toBe('token belongs to another user');
  });

  it.each([
    ['a frame before CONNECT', `SUBSCRIBE\nid:1\ndestination:/topic/user.1.refresh\n\n\0`, 'not connected'],
    ['a malformed command line', `hello there\n\n\0`, 'malformed command line'],
    ['an unknown command', `CONNECT\naccept-version:1.2\npasscode:{token}\n\n\0SHOUT\n\n\0`, 'SHOUT is not supported'],
    [
      'a header without a colon',
      `CONNECT\naccept-version:1.2\npasscode:{token}\n\n\0SEND\ndestination\n\n\0`,
      'malformed header line',
    ],
    [
      'a bad escape',
      `CONNECT\naccept-version:1.2\npasscode:{token}\n\n\0SUBSCRIBE\nid:a\\tb\ndestination:/x\n\n\0`,
      'undefined escape',
    ],
    [
      'a wrong content-length',
      `CONNECT\naccept-version:1.2\npasscode:{token}\n\n\0SEND\ncontent-length:2\n\nabc\0`,
      'longer than its content-length',
    ],
    ['STOMP 1.0 only', `CONNECT\naccept-version:1.0\npasscode:{token}\n\n\0`, 'STOMP 1.2 only'],
    [
      'a chat message that is not JSON',
      `CONNECT\naccept-version:1.2\npasscode:{token}\n\n\0SEND\ndestination:/topic/user.{id}.chat\n\nhi\0`,
      'must be JSON',
    ],
    [
      'an oversize frame',
      `CONNECT\naccept-version:1.2\npasscode:{token}\n\n\0SEND\ndestination:/topic/user.{id}.chat\n\n${'x'.repeat(MAX_FRAME_BYTES)}\0`,
      'frame larger than',
    ],
  ])('answers %s with an ERROR frame, never a crash', async (_label, text, message) => {
    const raw = new Raw(url);
    await raw.opened();
    raw.ws.send(text.replaceAll('{token}', alice.token).replaceAll('{id}', String(alice.id)));
    expect(await raw.error()).toContain(message);
    await raw.closed;
    // The server still serves the next client.
    const { client, connected } = connect(alice.token);
    await connected;
    await client.deactivate();
  });

  it('answers DISCONNECT with its RECEIPT, then closes', async () => {
    const raw = new Raw(url);
    await raw.opened();
    raw.ws.send(`CONNECT\naccept-version:1.2\npasscode:${alice.token}\n\n\0DISCONNECT\nreceipt:bye-1\n\n\0`);
    expect(await until(() => raw.data.find((d) => d.startsWith('RECEIPT\n')))).toContain('receipt-id:bye-1');
    expect(await raw.closed).toBe(1000);
  });

  it('sends a heart-beat every 5 s and ends a client that stops sending its own', async () => {
    const raw = new Raw(url);
    await raw.opened();
    // Only the session's timers are driven by hand: the sockets run for real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    raw.ws.send(`CONNECT\naccept-version:1.2\nheart-beat:5000,5000\npasscode:${alice.token}\n\n\0`);
    expect(await until(() => raw.data.find((d) => d.startsWith('CONNECTED\n')))).toContain('heart-beat:5000,5000');
    vi.advanceTimersByTime(4_999);
    await new Promise((r) => setTimeout(r, 50));
    expect(raw.data.filter((d) => d === '\n')).toHaveLength(0);
    vi.advanceTimersByTime(1);
    await until(() => raw.data.includes('\n'));
    raw.ws.send('\n');
    await new Promise((r) => setTimeout(r, 50));
    vi.advanceTimersByTime(10_000);
    await new Promise((r) => setTimeout(r, 50));
    expect(raw.data.some((d) => d.startsWith('ERROR\n'))).toBe(false);
    vi.advanceTimersByTime(5_000);
    expect(await raw.error()).toBe('no heart-beat from the client');
    expect(await raw.closed).toBe(1001);
  });
});
