import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOperator, signUp } from '../../tests/support/accounts.ts';
import { api, testApp } from '../../tests/support/app.ts';
import { createPrivateKey, sign as signEd25519 } from 'node:crypto';
import { API_KEY_PATHS, ed25519Pair, type MadeKey } from '../../tests/support/binance.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { sign } from '../api-keys/signature.ts';
import { ManualClock } from '../clock/clock.ts';

const { list: KEYS, create: CREATE, remove: DELETE } = API_KEY_PATHS;
const RATE = 25;
const LIMIT = 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.001';

/**
 * The checks every signed call passes through the Binance door (server/binance/door.ts over api-keys.service.ts'
 * verifySigned): the key, its owner and IP allow-list, the signature, the timing, replays and the key's rate, each
 * answered with Binance's code. spot/spot.attacks.api.test.ts holds the order parameters' own refusals.
 */
describe.each(FEATURE_DIALECTS)('signed calls through the Binance door on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  const clock = new ManualClock(Date.UTC(2026, 5, 1));
  const tokens: Record<string, string> = {};
  const keys: Record<string, MadeKey> = {};
  const call = (who: string, url: string, opts: Parameters<typeof api>[2] = {}) =>
    api(app, url, { token: tokens[who], ...opts });
  const create = async (who: string, body: object) => (await call(who, CREATE, { payload: body })).data as MadeKey;
  /** A self-generated Ed25519 key: the public key registered, the private key kept here as a program keeps it. */
  const createEd25519 = async (who: string, body: object) => {
    const { publicKey, privateKey } = ed25519Pair();
    const made = (await call(who, CREATE, { payload: { ...body, type: 'ED25519', publicKey } })).data;
    return { ...made, secret: '', privateKey } as MadeKey & { privateKey: string };
  };
  /** Binance's Ed25519 signature: base64 of the Ed25519 signature of the payload, URL-encoded in the request. */
  const ed25519 = (privateKey: string, payload: string) =>
    encodeURIComponent(signEd25519(null, Buffer.from(payload), createPrivateKey(privateKey)).toString('base64'));

  /**
   * A signed call as a program makes it: `query` and `body` as form text, timestamp and signature added to the
   * body when there is one, else to the query string.
   */
  async function signed(
    key: (MadeKey & { privateKey?: string }) | undefined,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    params: {
      query?: string;
      body?: string;
      timestamp?: number;
      recvWindow?: number;
      signature?: string;
      remoteAddress?: string;
    } = {},
  ) {
    const timing = `${params.recvWindow !== undefined ? `recvWindow=${params.recvWindow}&` : ''}timestamp=${params.timestamp ?? clock.now()}`;
    const inBody = params.body !== undefined;
    const query = inBody ? (params.query ?? '') : [params.query, timing].filter(Boolean).join('&');
    const body = inBody ? [params.body, timing].filter(Boolean).join('&') : undefined;
    const signature =
      params.signature ??
      (key?.privateKey
        ? ed25519(key.privateKey, query + (body ?? ''))
        : sign(key?.secret ?? 'none', query + (body ?? '')));
    return raw(key, method, path, {
      query: inBody ? query : `${query}&signature=${signature}`,
      ...(inBody ? { body: `${body}&signature=${signature}` } : {}),
      ...(params.remoteAddress ? { remoteAddress: params.remoteAddress } : {}),
    });
  }

  /** A call sent as given, for the ones no program would sign. */
  async function raw(
    key: MadeKey | undefined,
    method: InjectOptions['method'],
    path: string,
    opts: { query?: string; body?: string | object; remoteAddress?: string },
  ) {
    const form = typeof opts.body === 'string';
    const res = await app.inject({
      method,
      url: `${path}${opts.query ? `?${opts.query}` : ''}`,
      headers: {
        ...(key ? { 'x-mbx-apikey': key.apiKey } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(opts.body !== undefined ? { payload: opts.body } : {}),
      ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
    });
    await app.core.settled();
    return { status: res.statusCode, body: res.json() as any };
  }
  const codeOf = async (answer: Promise<{ body: { code?: number } }>) => (await answer).body.code;
  let reads = 100;
  /** Alice's open orders at `price`, each read with a timestamp of its own (a signature is taken once). */
  const openAt = async (price: string) =>
    (
      await signed(keys.read, 'GET', '/api/v3/openOrders', {
        query: 'symbol=BTCUSDT',
        timestamp: clock.now() - reads++,
      })
    ).body.filter((o: { price: string }) => o.price === price).length;

  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db, { API_KEY_RATE_LIMIT: String(RATE) }, clock));
    tokens.ops = await signInOperator(app, t.db);
    for (const who of ['alice', 'bob']) {
      tokens[who] = (await signUp(app, `${who}_door`)).token;
      const credited = await call('ops', '/api/admin/credit', {
        payload: { username: `${who}_door`, asset: 'USDT', amount: '10000' },
      });
      expect(credited.code).toBe(200);
    }
    keys.read = await create('alice', { label: 'Reporting bot' });
    keys.trade = await create('alice', {
      label: 'Market maker',
      permissions: ['read', 'trade'],
      ipList: ['127.0.0.1', '10.0.0.0/8'],
    });
    keys.bob = await create('bob', { label: 'Bob', permissions: ['trade'] });
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  it('answers a signed read with the owner’s spot balances, and the server’s time', async () => {
    const r = await signed(keys.read, 'GET', '/api/v3/account');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ canTrade: false, accountType: 'SPOT' });
    expect(r.body.balances).toContainEqual({ asset: 'USDT', free: '10000.00000000', locked: '0.00000000' });
    expect((await raw(undefined, 'GET', '/api/v3/time', {})).body).toEqual({ serverTime: clock.now() });
  });

  it('places an order signed over query and body, shown in the owner’s order centre, cancelled by its owner only', async () => {
    const order = await signed(keys.trade, 'POST', '/api/v3/order', {
      query: 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC',
      body: 'quantity=0.001&price=95000',
    });
    expect(order.status).toBe(200);
    expect(order.body).toMatchObject({ symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', status: 'NEW' });
    const id = order.body.orderId as number;
    const centre = await call('alice', '/api/currency/order/orderList?state=open');
    expect(centre.data.records.map((o: { id: number }) => o.id)).toContain(id);
    const open = await signed(keys.read, 'GET', '/api/v3/openOrders', { query: 'symbol=BTCUSDT' });
    expect(open.body.map((o: { orderId: number }) => o.orderId)).toContain(id);
    // Bob's key acts for Bob only: Alice's order is not his to cancel.
    const theirs = await signed(keys.bob, 'DELETE', '/api/v3/order', { query: `symbol=BTCUSDT&orderId=${id}` });
    expect(theirs).toMatchObject({ status: 400, body: { code: -2011 } });
    const mine = await signed(keys.trade, 'DELETE', '/api/v3/order', { body: `symbol=BTCUSDT&orderId=${id}` });
    expect(mine.body).toMatchObject({ orderId: id, status: 'CANCELED' });
  });

  it('refuses keys that are unknown, deleted, or called from outside their IP allow-list (-2015)', async () => {
    const refused = { status: 401, body: { code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' } };
    expect(await signed(undefined, 'GET', '/api/v3/account')).toMatchObject(refused);
    expect(await signed({ ...keys.read, apiKey: 'x'.repeat(64) }, 'GET', '/api/v3/account')).toMatchObject(refused);
    expect(await signed(keys.trade, 'GET', '/api/v3/account', { remoteAddress: '203.0.113.9' })).toMatchObject(refused);
    expect((await signed(keys.trade, 'GET', '/api/v3/account', { remoteAddress: '10.1.2.3' })).status).toBe(200);
    // Only Binance's header carries the key: the web API's old X-LUMEX-APIKEY is gone.
    const query = `timestamp=${clock.now() - 2}`;
    const lumex = await app.inject({
      url: `/api/v3/account?${query}&signature=${sign(keys.read.secret, query)}`,
      headers: { 'x-lumex-apikey': keys.read.apiKey },
    });
    expect({ status: lumex.statusCode, body: lumex.json() }).toMatchObject(refused);
    // A deleted key's calls stop at once.
    const spare = await create('bob', { label: 'Spare' });
    expect((await signed(spare, 'GET', '/api/v3/account')).status).toBe(200);
    expect((await call('bob', `${DELETE}?id=${spare.id}`, { method: 'GET' })).code).toBe(200);
    expect(await signed(spare, 'GET', '/api/v3/account', { timestamp: clock.now() - 1 })).toMatchObject(refused);
  });

  it('refuses bad signatures (-1022), stale or future timestamps (-1021) and bad windows (-1131)', async () => {
    const now = clock.now() - 1000;
    const account = (params: Parameters<typeof signed>[3]) =>
      codeOf(signed(keys.read, 'GET', '/api/v3/account', params));
    expect(await account({ timestamp: now, signature: 'f'.repeat(64) })).toBe(-1022);
    // Another user's key with Alice's signature: a key signs only with its own secret.
    const borrowed = sign(keys.read.secret, `timestamp=${now}`);
    expect(await codeOf(signed(keys.bob, 'GET', '/api/v3/account', { timestamp: now, signature: borrowed }))).toBe(
      -1022,
    );
    expect(await codeOf(raw(keys.read, 'GET', '/api/v3/account', { query: `timestamp=${now}` }))).toBe(-1022);
    // A signature in either case of hex is the same signature.
    expect(await account({ timestamp: now, signature: borrowed.toUpperCase() })).toBeUndefined();
    const stale = await signed(keys.read, 'GET', '/api/v3/account', { timestamp: clock.now() - 5001 });
    expect(stale).toMatchObject({
      status: 400,
      body: { code: -1021, msg: 'Timestamp for this request is outside of the recvWindow.' },
    });
    expect(await account({ timestamp: clock.now() + 1000 })).toBe(-1021);
    expect(await account({ timestamp: clock.now() + 999 })).toBeUndefined();
    expect(await account({ timestamp: clock.now() - 59_000, recvWindow: 60_000 })).toBeUndefined();
    expect(await account({ timestamp: now - 2, recvWindow: 60_001 })).toBe(-1131);
    expect(await account({ timestamp: now - 3, recvWindow: 0 })).toBe(-1131);
    const noTime = await raw(keys.read, 'GET', '/api/v3/account', { query: `signature=${sign(keys.read.secret, '')}` });
    expect(noTime).toMatchObject({ status: 400, body: { code: -1102 } });
    expect(noTime.body.msg).toContain("'timestamp'");
  });

  it('takes each signature once: a replay, on any path, is -1022, and of racing copies exactly one passes', async () => {
    const now = clock.now();
    const once = { query: `${LIMIT}&price=94000`, timestamp: now - 10 };
    expect((await signed(keys.trade, 'POST', '/api/v3/order', once)).status).toBe(200);
    expect(await codeOf(signed(keys.trade, 'POST', '/api/v3/order', once))).toBe(-1022);
    const copies = await Promise.all(
      Array.from({ length: 5 }, () => signed(keys.trade, 'POST', '/api/v3/order', { ...once, timestamp: now - 11 })),
    );
    expect(copies.filter((c) => c.status === 200)).toHaveLength(1);
    expect(copies.filter((c) => c.body.code === -1022)).toHaveLength(4);
    expect(await openAt('94000.00')).toBe(2);
    // The same parameters signed for another call are the same signature: a new call needs a new timestamp.
    await signed(keys.read, 'GET', '/api/v3/account', { timestamp: now - 20 });
    expect(await codeOf(signed(keys.read, 'GET', '/api/v3/openOrders', { timestamp: now - 20 }))).toBe(-1022);
  });

  it('takes Ed25519 keys by the same rules: signature, timing, once only, permissions and IP list', async () => {
    const reader = await createEd25519('alice', { label: 'Ed reader', ipList: ['127.0.0.1'] });
    const trader = await createEd25519('alice', { label: 'Ed trader', permissions: ['read', 'trade'] });
    const order = { query: `${LIMIT}&price=93000` };
    const placed = await signed(trader, 'POST', '/api/v3/order', { ...order, body: 'newOrderRespType=ACK' });
    expect(placed).toMatchObject({ status: 200, body: { symbol: 'BTCUSDT' } });
    expect(await openAt('93000.00')).toBe(1);
    const now = clock.now() - 30;
    const account = (key: typeof reader, params: Parameters<typeof signed>[3] = {}) =>
      codeOf(signed(key, 'GET', '/api/v3/account', { timestamp: now, ...params }));
    expect(await account(reader)).toBeUndefined();
    // The same call again is the same signature (Ed25519 is deterministic): refused once used.
    expect(await account(reader)).toBe(-1022);
    // Tampered: the signature of other parameters; another key's; garbage; an HMAC signature under this key.
    const other = ed25519(trader.privateKey, `timestamp=${now - 1}`);
    expect(await account(reader, { timestamp: now - 2, signature: ed25519(reader.privateKey, 'timestamp=1') })).toBe(
      -1022,
    );
    expect(await account(reader, { timestamp: now - 1, signature: other })).toBe(-1022);
    expect(await account(reader, { timestamp: now - 3, signature: 'bm90IGEgc2lnbmF0dXJl' })).toBe(-1022);
    expect(await account(reader, { timestamp: now - 4, signature: sign('', `timestamp=${now - 4}`) })).toBe(-1022);
    expect(await account(reader, { timestamp: clock.now() - 5001 })).toBe(-1021);
    expect(await account(reader, { timestamp: now - 5, remoteAddress: '203.0.113.9' })).toBe(-2015);
    // A read-only Ed25519 key cannot trade, and nothing was placed.
    expect(await codeOf(signed(reader, 'POST', '/api/v3/order', { query: `${LIMIT}&price=93000` }))).toBe(-2015);
    expect(await openAt('93000.00')).toBe(1);
  });

  it('refuses malformed signed calls (-1100, -1101, -1102) and changes nothing', async () => {
    const before = await openAt('95000.00');
    const json = await raw(keys.trade, 'POST', '/api/v3/order', {
      body: { symbol: 'BTCUSDT', timestamp: clock.now() },
    });
    expect(json).toMatchObject({ status: 400, body: { code: -1100 } });
    expect(
      await codeOf(signed(keys.trade, 'POST', '/api/v3/order', { query: `${LIMIT}&symbol=ETHUSDT&price=95000` })),
    ).toBe(-1101);
    // A parameter that does not decode is refused as a doubled one is (api-keys/signature.ts readSigned).
    expect(await codeOf(signed(keys.trade, 'POST', '/api/v3/order', { body: `${LIMIT}&price=%E0%A4%A` }))).toBe(-1101);
    for (const [orderId, code] of [
      ['abc', -1100],
      ['-1', -1100],
      ['1e3', -1100],
      ['', -1102],
    ] as const)
      expect(
        await codeOf(signed(keys.trade, 'DELETE', '/api/v3/order', { query: `symbol=BTCUSDT&orderId=${orderId}` })),
        orderId,
      ).toBe(code);
    expect(await openAt('95000.00')).toBe(before);
  });

  it('limits each key to its rate a minute (429, -1003), counting only calls it signed, and marks it used', async () => {
    const key = await create('bob', { label: 'Busy' });
    await clock.advance(61_000);
    // Calls with a bad signature are refused before they count: a stranger knowing the key cannot use up its rate.
    for (let i = 0; i < 5; i++)
      expect(await codeOf(signed(key, 'GET', '/api/v3/account', { signature: 'a'.repeat(64) }))).toBe(-1022);
    const answers = [];
    for (let i = 0; i < RATE + 2; i++)
      answers.push(await signed(key, 'GET', '/api/v3/account', { timestamp: clock.now() - i }));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(RATE);
    expect(answers.at(-1)).toMatchObject({ status: 429, body: { code: -1003 } });
    // Other keys keep theirs.
    expect((await signed(keys.bob, 'GET', '/api/v3/account')).status).toBe(200);
    await clock.advance(61_000);
    expect((await signed(key, 'GET', '/api/v3/account')).status).toBe(200);
    const listed = (await call('bob', KEYS, { method: 'GET' })).data.records;
    expect(listed.find((k: { id: number }) => k.id === key.id).lastUsedTime).toBe(clock.now());
  });

  it('forgets signatures once their window and the rate minute have passed', async () => {
    const kept = async () => Number((await t.db.get<{ n: bigint }>('SELECT COUNT(*) AS n FROM api_key_uses'))!.n);
    expect(await kept()).toBeGreaterThan(0);
    await clock.advance(3 * 60_000);
    expect(await kept()).toBe(0);
  });
});
