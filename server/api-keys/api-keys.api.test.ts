import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../isomorphic/contract/codes.ts';
import { generate } from 'otplib';
import { ManualClock } from '../clock/clock.ts';
import { api, testApp } from '../../tests/support/app.ts';
import { signUp } from '../../tests/support/accounts.ts';
import { generateKeyPairSync } from 'node:crypto';
import { API_KEY_PATHS, ed25519Pair, type MadeKey } from '../../tests/support/binance.ts';
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
    expect(read.data).toMatchObject({
      label: 'Reporting bot',
      type: 'HMAC',
      permissions: ['read'],
      ipList: [],
      lastUsedTime: null,
    });
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

  it('makes a self-generated Ed25519 key from a pasted public key, with no secret, and refuses what is not one', async () => {
    // From an address of its own: key creation allows 20 requests a minute per address.
    const make = (body: object, lang?: string) =>
      api(app, CREATE, { token: tokens.bob, remoteAddress: '198.51.100.8', payload: body, ...(lang ? { lang } : {}) });
    const count = async () => (await call('bob', KEYS, { method: 'GET' })).data.total;
    const before = await count();
    const { publicKey, privateKey } = ed25519Pair();
    const bad = async (body: object, code: number) => expect((await make(body)).code, JSON.stringify(body)).toBe(code);
    await bad({ label: 'x', type: 'ED25519' }, ERRORS.apiPublicKeyInvalid);
    await bad({ label: 'x', type: 'ED25519', publicKey: 'ssh-ed25519 AAAAC3Nza' }, ERRORS.apiPublicKeyInvalid);
    await bad({ label: 'x', type: 'ED25519', publicKey: privateKey }, ERRORS.apiPrivateKeyPasted);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' });
    await bad({ label: 'x', type: 'ED25519', publicKey: String(rsa) }, ERRORS.apiPublicKeyNotEd25519);
    await bad({ label: 'x', type: 'HMAC', publicKey }, ERRORS.apiPublicKeyNotForHmac);
    await bad({ label: 'x', type: 'RSA' }, 400);
    await bad({ label: 'x', type: 'ED25519', publicKey: 'a'.repeat(1001) }, 400);
    const pasted = await make({ label: 'x', type: 'ED25519', publicKey: privateKey }, 'de');
    expect(pasted.msg).not.toBe((await make({ label: 'x', type: 'ED25519', publicKey: privateKey })).msg);
    expect(await count()).toBe(before);

    const made = await make({ label: 'Signer', type: 'ED25519', publicKey, permissions: ['read', 'trade'] });
    expect(made.data).toMatchObject({ label: 'Signer', type: 'ED25519', permissions: ['read', 'trade'] });
    expect(made.data.apiKey).toMatch(/^[A-Za-z0-9]{64}$/);
    expect(made.data).not.toHaveProperty('secret');
    const listed = (await call('bob', KEYS, { method: 'GET' })).data.records;
    expect(listed.map((k: { type: string }) => k.type)).toEqual(['ED25519', 'HMAC']);
    // The public key is kept as given (made canonical); the private key never reached the server.
    const row = await t.db.get<{ public_key: string; secret_sealed: string }>(
      'SELECT public_key, secret_sealed FROM api_keys WHERE id = ?',
      [made.data.id],
    );
    expect(row).toEqual({ public_key: publicKey.trim(), secret_sealed: '' });
    expect((await call('bob', `${DELETE}?id=${made.data.id}`, { method: 'GET' })).code).toBe(200);
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
