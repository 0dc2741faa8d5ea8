import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../isomorphic/contract/codes.ts';
import { generate } from 'otplib';
import { ManualClock } from '../clock/clock.ts';
import { api, testApp } from '../../tests/support/app.ts';
import { signInOperator, signUp } from '../../tests/support/accounts.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { sign } from './signature.ts';

const KEYS = '/api/app/coin/member/apis';
const CREATE = '/api/app/coin/member/api';
const DELETE = '/api/app/coin/member/api/del';
const RATE = 25;

interface Key {
  id: number;
  apiKey: string;
  secret: string;
}

describe.each(FEATURE_DIALECTS)('API keys and signed calls on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  const clock = new ManualClock(Date.UTC(2026, 5, 1));
  const tokens: Record<string, string> = {};
  const keys: Record<string, Key> = {};
  const call = (who: string, url: string, opts: Parameters<typeof api>[2] = {}) =>
    api(app, url, { token: tokens[who], ...opts });
  const create = (who: string, body: object) => call(who, CREATE, { payload: body });

  /**
   * A signed call as a program makes it: `query` and `body` as form text, timestamp and signature added to the
   * body when there is one, else to the query string.
   */
  async function signed(
    key: Key | undefined,
    method: 'GET' | 'POST',
    path: string,
    params: {
      query?: string;
      body?: string;
      timestamp?: number;
      recvWindow?: number;
      signature?: string;
      headers?: Record<string, string>;
      remoteAddress?: string;
    } = {},
  ) {
    const timing = `${params.recvWindow !== undefined ? `recvWindow=${params.recvWindow}&` : ''}timestamp=${params.timestamp ?? clock.now()}`;
    const inBody = params.body !== undefined;
    const query = inBody ? (params.query ?? '') : [params.query, timing].filter(Boolean).join('&');
    const body = inBody ? [params.body, timing].filter(Boolean).join('&') : undefined;
    const signature = params.signature ?? sign(key?.secret ?? 'none', query + (body ?? ''));
    const finalQuery = inBody ? query : `${query}&signature=${signature}`;
    const finalBody = inBody ? `${body}&signature=${signature}` : undefined;
    const opts: InjectOptions = {
      method,
      url: `${path}${finalQuery ? `?${finalQuery}` : ''}`,
      headers: {
        ...(key ? { 'x-lumex-apikey': key.apiKey } : {}),
        ...(finalBody !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...params.headers,
      },
      ...(finalBody !== undefined ? { payload: finalBody } : {}),
      ...(params.remoteAddress ? { remoteAddress: params.remoteAddress } : {}),
    };
    const res = await app.inject(opts);
    await app.core.settled();
    return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: any }) };
  }

  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db, { API_KEY_RATE_LIMIT: String(RATE) }, clock));
    tokens.ops = await signInOperator(app, t.db);
    for (const who of ['alice', 'bob']) {
      tokens[who] = (await signUp(app, `${who}_keys`)).token;
      expect(
        (
          await call('ops', '/api/admin/credit', {
            payload: { username: `${who}_keys`, asset: 'USDT', amount: '10000' },
          })
        ).code,
      ).toBe(200);
    }
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  it('creates keys with read by default, trade when asked, and shows the secret once', async () => {
    const read = await create('alice', { label: 'Reporting bot' });
    expect(read.data).toMatchObject({ label: 'Reporting bot', permissions: ['read'], ipList: [], lastUsedTime: null });
    expect(read.data.apiKey).toMatch(/^[A-Za-z0-9]{64}$/);
    expect(read.data.secret).toMatch(/^[A-Za-z0-9]{64}$/);
    keys.read = read.data;
    const trade = await create('alice', {
      label: 'Market maker',
      permissions: ['read', 'trade'],
      ipList: [' 127.0.0.1 ', '10.0.0.0/8'],
    });
    expect(trade.data).toMatchObject({ permissions: ['read', 'trade'], ipList: ['127.0.0.1', '10.0.0.0/8'] });
    keys.trade = trade.data;
    keys.bob = (await create('bob', { label: 'Bob', permissions: ['trade'] })).data;
    const list = await call('alice', KEYS, { method: 'GET' });
    expect(list.data.records.map((k: { id: number }) => k.id)).toEqual([keys.trade.id, keys.read.id]);
    expect(JSON.stringify(list.data)).not.toContain(keys.read.secret);
    // At rest the secret is sealed, never in plain text.
    const stored = await t.db.all<{ secret_sealed: string }>('SELECT secret_sealed FROM api_keys');
    for (const row of stored) for (const k of Object.values(keys)) expect(row.secret_sealed).not.toContain(k.secret);
  });

  it('refuses bad keys with a translated message and creates nothing', async () => {
    const count = async () => (await call('alice', KEYS, { method: 'GET' })).data.total;
    const before = await count();
    const withdraw = await create('alice', { label: 'Payouts', permissions: ['read', 'withdraw'] });
    expect(withdraw).toMatchObject({
      code: ERRORS.apiWithdrawNeedsWhitelist,
      msg: 'API keys cannot withdraw: withdrawals are made on the website, with the fund password',
    });
    expect(
      (await api(app, CREATE, { token: tokens.alice, lang: 'de', payload: { label: 'x', permissions: ['withdraw'] } }))
        .msg,
    ).not.toBe(withdraw.msg);
    expect((await create('alice', { label: 'x', ipList: ['example.com'] })).code).toBe(ERRORS.apiIpListInvalid);
    for (const body of [
      {},
      { label: '' },
      { label: 'a'.repeat(51) },
      { label: '<script>' },
      { label: 'x', permissions: ['admin'] },
      { label: 'x', permissions: 'trade' },
      { label: 'x', ipList: '1.2.3.4' },
      { label: 7 },
      { label: 'x', ipList: Array(21).fill('1.2.3.4') },
    ]) {
      expect((await create('alice', body)).code, JSON.stringify(body)).toBe(400);
    }
    expect((await api(app, CREATE, { payload: { label: 'x' } })).status).toBe(401);
    expect(await count()).toBe(before);
  });

  it('answers a signed read with the owner’s balances', async () => {
    const r = await signed(keys.read, 'GET', '/api/v1/account');
    expect(r.code).toBe(200);
    expect(r.data.permissions).toEqual(['read']);
    expect(r.data.balances).toContainEqual({ asset: 'USDT', free: '10000.00000000', locked: '0.00000000' });
    const time = await api(app, '/api/v1/time', { method: 'GET' });
    expect(time.data.serverTime).toBe(clock.now());
  });

  it('places a signed order through the exchange, shown in the owner’s order centre', async () => {
    const order = await signed(keys.trade, 'POST', '/api/v1/order', {
      query: 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC',
      body: 'quantity=0.001&price=95000',
    });
    expect(order.code).toBe(200);
    expect(order.data).toMatchObject({
      symbol: 'btcusdt',
      side: 'buy',
      type: 'limit',
      status: 'open',
      price: '95000.00',
    });
    const centre = await call('alice', '/api/currency/order/orderList?state=open');
    expect(centre.data.records.map((o: { id: number }) => o.id)).toContain(order.data.id);
    const open = await signed(keys.read, 'GET', '/api/v1/openOrders', { query: 'symbol=btcusdt' });
    expect(open.data.map((o: { id: number }) => o.id)).toContain(order.data.id);
    // Bob's key acts for Bob only: Alice's order is not his to cancel.
    expect((await signed(keys.bob, 'POST', '/api/v1/order/cancel', { query: `orderId=${order.data.id}` })).code).toBe(
      ERRORS.orderNotFound,
    );
    expect(
      (await signed(keys.trade, 'POST', '/api/v1/order/cancel', { body: `orderId=${order.data.id}` })).data,
    ).toMatchObject({ id: order.data.id, status: 'cancelled' });
    // The exchange's own checks answer as they do for the site.
    expect(
      (
        await signed(keys.trade, 'POST', '/api/v1/order', {
          query: 'symbol=BTCUSDT&side=BUY&type=LIMIT&quantity=0.001&price=95000.001',
        })
      ).code,
    ).toBe(ERRORS.tooPrecise);
    expect(
      (
        await signed(keys.trade, 'POST', '/api/v1/order', {
          query: 'symbol=BTCUSDT&side=HOLD&type=LIMIT&quantity=0.001&price=95000',
        })
      ).code,
    ).toBe(400);
  });

  it('refuses what the key may not do, and keys that are unknown, deleted or called from elsewhere', async () => {
    expect(
      (
        await signed(keys.read, 'POST', '/api/v1/order', {
          query: 'symbol=BTCUSDT&side=BUY&type=LIMIT&quantity=0.001&price=95000',
        })
      ).code,
    ).toBe(ERRORS.apiPermissionMissing);
    expect((await signed(undefined, 'GET', '/api/v1/account')).code).toBe(ERRORS.apiKeyInvalid);
    expect((await signed({ ...keys.read, apiKey: 'x'.repeat(64) }, 'GET', '/api/v1/account')).code).toBe(
      ERRORS.apiKeyInvalid,
    );
    expect((await signed(keys.trade, 'GET', '/api/v1/account', { remoteAddress: '203.0.113.9' })).code).toBe(
      ERRORS.apiIpNotAllowed,
    );
    expect((await signed(keys.trade, 'GET', '/api/v1/account', { remoteAddress: '10.1.2.3' })).code).toBe(200);
    // Another user's key id cannot be deleted; one's own can, and its calls stop at once.
    expect((await call('alice', `${DELETE}?id=${keys.bob.id}`, { method: 'GET' })).code).toBe(ERRORS.apiKeyNotFound);
    expect((await signed(keys.bob, 'GET', '/api/v1/account')).code).toBe(200);
    const spare = (await create('bob', { label: 'Spare' })).data as Key;
    expect((await call('bob', `${DELETE}?id=${spare.id}`, { method: 'GET' })).code).toBe(200);
    expect((await call('bob', `${DELETE}?id=${spare.id}`, { method: 'GET' })).code).toBe(ERRORS.apiKeyNotFound);
    expect((await signed(spare, 'GET', '/api/v1/account')).code).toBe(ERRORS.apiKeyInvalid);
    for (const id of ['x', '-1', '0x1', ''])
      expect((await call('bob', `${DELETE}?id=${id}`, { method: 'GET' })).code).toBe(400);
  });

  it('refuses bad signatures, stale or future timestamps and replays, with distinct codes', async () => {
    const now = clock.now();
    expect((await signed(keys.read, 'GET', '/api/v1/account', { signature: 'f'.repeat(64) })).code).toBe(
      ERRORS.signatureInvalid,
    );
    expect(
      (await signed(keys.bob, 'GET', '/api/v1/account', { signature: sign(keys.read.secret, `timestamp=${now}`) }))
        .code,
    ).toBe(ERRORS.signatureInvalid);
    const unsigned = await app.inject({
      method: 'GET',
      url: `/api/v1/account?timestamp=${now}`,
      headers: { 'x-lumex-apikey': keys.read.apiKey },
    });
    expect(unsigned.json().code).toBe(ERRORS.signatureInvalid);
    // A signature in either case of hex is the same signature.
    expect(
      (
        await signed(keys.read, 'GET', '/api/v1/account', {
          timestamp: now - 1,
          signature: sign(keys.read.secret, `timestamp=${now - 1}`).toUpperCase(),
        })
      ).code,
    ).toBe(200);
    const stale = await signed(keys.read, 'GET', '/api/v1/account', { timestamp: now - 5001 });
    expect(stale).toMatchObject({ code: ERRORS.timestampStale, msg: expect.stringContaining('5000 ms') });
    expect((await signed(keys.read, 'GET', '/api/v1/account', { timestamp: now + 1000 })).code).toBe(
      ERRORS.timestampStale,
    );
    expect((await signed(keys.read, 'GET', '/api/v1/account', { timestamp: now + 999 })).code).toBe(200);
    expect(
      (await signed(keys.read, 'GET', '/api/v1/account', { timestamp: now - 59_000, recvWindow: 60_000 })).code,
    ).toBe(200);
    expect((await signed(keys.read, 'GET', '/api/v1/account', { recvWindow: 60_001 })).code).toBe(
      ERRORS.recvWindowInvalid,
    );
    expect((await signed(keys.read, 'GET', '/api/v1/account', { recvWindow: 0 })).code).toBe(ERRORS.recvWindowInvalid);
    const noTime = await app.inject({
      method: 'GET',
      url: `/api/v1/account?signature=${sign(keys.read.secret, '')}`,
      headers: { 'x-lumex-apikey': keys.read.apiKey },
    });
    expect(noTime.json()).toMatchObject({ code: 400, msg: 'Timestamp (timestamp) is required' });
    // The same signed request twice: the second is refused, and of racing copies one passes.
    const once = { query: 'symbol=BTCUSDT&side=BUY&type=LIMIT&quantity=0.001&price=94000', timestamp: now - 10 };
    expect((await signed(keys.trade, 'POST', '/api/v1/order', once)).code).toBe(200);
    expect((await signed(keys.trade, 'POST', '/api/v1/order', once)).code).toBe(ERRORS.signatureReplayed);
    const copies = await Promise.all(
      Array.from({ length: 5 }, () => signed(keys.trade, 'POST', '/api/v1/order', { ...once, timestamp: now - 11 })),
    );
    expect(copies.filter((c) => c.code === 200)).toHaveLength(1);
    expect(copies.filter((c) => c.code === ERRORS.signatureReplayed)).toHaveLength(4);
    const open = await signed(keys.read, 'GET', '/api/v1/openOrders', { query: 'symbol=BTCUSDT' });
    expect(open.data.filter((o: { price: string }) => o.price === '94000.00')).toHaveLength(2);
  });

  it('refuses malformed signed calls and changes nothing', async () => {
    // Each signature is accepted once, whatever the path: a call with the same parameters needs a new timestamp.
    expect((await signed(keys.read, 'GET', '/api/v1/openOrders')).code).toBe(ERRORS.signatureReplayed);
    const before = (await signed(keys.read, 'GET', '/api/v1/openOrders', { timestamp: clock.now() - 2 })).data.length;
    const json = await app.inject({
      method: 'POST',
      url: '/api/v1/order',
      headers: { 'x-lumex-apikey': keys.trade.apiKey },
      payload: { symbol: 'BTCUSDT', timestamp: clock.now() },
    });
    expect(json.json().code).toBe(ERRORS.apiBodyNotForm);
    expect(
      (
        await signed(keys.trade, 'POST', '/api/v1/order', {
          query: 'symbol=BTCUSDT&symbol=ETHUSDT&side=BUY&type=LIMIT&quantity=0.001&price=95000',
        })
      ).code,
    ).toBe(400);
    expect(
      (
        await signed(keys.trade, 'POST', '/api/v1/order', {
          body: 'symbol=BTCUSDT&side=BUY&side=SELL&type=LIMIT&quantity=0.001&price=95000',
        })
      ).code,
    ).toBe(400);
    expect(
      (
        await signed(keys.trade, 'POST', '/api/v1/order', {
          body: 'symbol=BTCUSDT&side=BUY&type=LIMIT&quantity=0.001&price=%E0%A4%A',
        })
      ).code,
    ).toBe(400);
    for (const bad of ['orderId=abc', 'orderId=-1', 'orderId=1e3', 'orderId='])
      expect((await signed(keys.trade, 'POST', '/api/v1/order/cancel', { query: bad })).code, bad).toBe(400);
    expect((await signed(keys.read, 'GET', '/api/v1/openOrders', { timestamp: clock.now() - 3 })).data.length).toBe(
      before,
    );
  });

  it('limits each key to its rate a minute, counting only calls it signed', async () => {
    const key = (await create('bob', { label: 'Busy' })).data as Key;
    await clock.advance(61_000);
    // Calls with a bad signature are refused before they count: a stranger knowing the key cannot use up its rate.
    for (let i = 0; i < 5; i++)
      expect((await signed(key, 'GET', '/api/v1/account', { signature: 'a'.repeat(64) })).code).toBe(
        ERRORS.signatureInvalid,
      );
    const answers = [];
    for (let i = 0; i < RATE + 2; i++)
      answers.push(await signed(key, 'GET', '/api/v1/account', { timestamp: clock.now() - i }));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(RATE);
    expect(answers.at(-1)).toMatchObject({ status: 429, code: ERRORS.tooManyRequests });
    // Other keys keep theirs.
    expect((await signed(keys.bob, 'GET', '/api/v1/account')).code).toBe(200);
    await clock.advance(61_000);
    expect((await signed(key, 'GET', '/api/v1/account')).code).toBe(200);
    expect(
      (await call('bob', KEYS, { method: 'GET' })).data.records.find((k: { id: number }) => k.id === key.id)
        .lastUsedTime,
    ).toBe(clock.now());
  });

  it('forgets signatures once their window and the rate minute have passed', async () => {
    const kept = async () => Number((await t.db.get<{ n: bigint }>('SELECT COUNT(*) AS n FROM api_key_uses'))!.n);
    expect(await kept()).toBeGreaterThan(0);
    await clock.advance(3 * 60_000);
    expect(await kept()).toBe(0);
  });

  it('asks for the authenticator code once it is bound, and takes each code once', async () => {
    const carol = await signUp(app, 'carol_keys');
    const setup = await api(app, '/api/app/coin/member/getGoogleVerification/secret', {
      method: 'GET',
      token: carol.token,
    });
    const code = () => generate({ secret: setup.data.secret, epoch: Math.floor(clock.now() / 1000) });
    expect(
      (
        await api(app, '/api/app/coin/member/googleVerificationBindingOrReset/bind', {
          token: carol.token,
          payload: { googleCode: await code(), loginPassword: 'abc123' },
        })
      ).code,
    ).toBe(200);
    await clock.advance(30_000);
    // From an address of its own: key creation allows 20 requests a minute per address, and the tests above use most.
    const make = (googleCode?: string) =>
      api(app, CREATE, {
        token: carol.token,
        remoteAddress: '198.51.100.7',
        payload: { label: 'Bot', ...(googleCode ? { googleCode } : {}) },
      });
    expect((await make()).code).toBe(ERRORS.googleCodeRequired);
    expect((await make('000000')).code).toBe(ERRORS.googleCodeWrong);
    const now = await code();
    expect((await make(now)).code).toBe(200);
    expect((await make(now)).code).toBe(ERRORS.googleCodeUsed);
    expect((await api(app, KEYS, { method: 'GET', token: carol.token })).data.total).toBe(1);
  });
});
