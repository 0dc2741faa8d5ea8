import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../isomorphic/contract/codes.ts';
import { generate } from 'otplib';
import { ManualClock } from '../clock/clock.ts';
import { api, testApp } from '../../tests/support/app.ts';
import { signUp } from '../../tests/support/accounts.ts';
import { API_KEY_PATHS, type MadeKey } from '../../tests/support/binance.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';

const { list: KEYS, create: CREATE, remove: DELETE } = API_KEY_PATHS;

describe.each(FEATURE_DIALECTS)('API keys on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  const clock = new ManualClock(Date.UTC(2026, 5, 1));
  const tokens: Record<string, string> = {};
  const keys: Record<string, MadeKey> = {};
  const call = (who: string, url: string, opts: Parameters<typeof api>[2] = {}) =>
    api(app, url, { token: tokens[who], ...opts });
  const create = (who: string, body: object) => call(who, CREATE, { payload: body });

  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db, {}, clock));
    for (const who of ['alice', 'bob']) tokens[who] = (await signUp(app, `${who}_keys`)).token;
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

  it('deletes only the user’s own keys, once, and refuses ids that are not ids', async () => {
    expect((await call('alice', `${DELETE}?id=${keys.bob.id}`, { method: 'GET' })).code).toBe(ERRORS.apiKeyNotFound);
    const spare = (await create('bob', { label: 'Spare' })).data as MadeKey;
    expect((await call('bob', `${DELETE}?id=${spare.id}`, { method: 'GET' })).code).toBe(200);
    expect((await call('bob', `${DELETE}?id=${spare.id}`, { method: 'GET' })).code).toBe(ERRORS.apiKeyNotFound);
    const left = (await call('bob', KEYS, { method: 'GET' })).data.records.map((k: { id: number }) => k.id);
    expect(left).toEqual([keys.bob.id]);
    for (const id of ['x', '-1', '0x1', ''])
      expect((await call('bob', `${DELETE}?id=${id}`, { method: 'GET' })).code).toBe(400);
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
