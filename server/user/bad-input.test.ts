import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, testApp } from '../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';

const HUGE = 'x'.repeat(10_000);
const WRONG_TYPES: unknown[] = [null, 42, true, [], ['a'], { a: 1 }, HUGE, "' OR 1=1 --", '💥'.repeat(50)];

/** Every public body route with a valid body, so each case can break one thing at a time. */
const BODY_ROUTES: Array<[string, Record<string, unknown>]> = [
  ['/api/user/register', { type: 'account', username: 'valid_user', password: 'abc123', confirmPassword: 'abc123' }],
  ['/api/user/login', { type: 'account', username: 'existing_1', password: 'abc123' }],
  [
    '/api/user/backPwd',
    { type: 'email', email: 'a@example.com', emailCode: '123456', password: 'abc123', confirmPassword: 'abc123' },
  ],
  ['/api/user/refreshToken', { refreshToken: 'r'.repeat(43) }],
];
const QUERY_ROUTES: Array<[string, Record<string, string>]> = [
  ['/api/user/sendEmailCode', { email: 'a@example.com', purpose: 'register' }],
  ['/api/user/sendMobileCode', { countryCode: 'DE', phone: '015123456789', purpose: 'register' }],
];
const AUTHED_SEALED = ['/api/user/updatePwd', '/api/user/tardPwdSet'];

describe.each(FEATURE_DIALECTS)('bad input changes nothing on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let token: string;
  const snapshot = async () => {
    const counts: Record<string, number> = {};
    for (const table of ['users', 'sessions', 'verify_codes', 'outbox']) {
      counts[table] = Number((await t.db.get<{ n: bigint }>(`SELECT COUNT(*) AS n FROM ${table}`))!.n);
    }
    const hashes = await t.db.all('SELECT password_hash, fund_password_hash FROM users ORDER BY id');
    return { counts, hashes };
  };
  let before: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db, { LOGIN_MAX_FAILURES: '1000' }));
    await api(app, '/api/user/register', {
      payload: { type: 'account', username: 'existing_1', password: 'abc123', confirmPassword: 'abc123' },
    });
    token = (
      await api(app, '/api/user/login', { payload: { type: 'account', username: 'existing_1', password: 'abc123' } })
    ).data.token;
    before = await snapshot();
  });
  afterAll(async () => {
    expect(await snapshot()).toEqual(before);
    await app.close();
    await t.drop();
  });

  const expectRefused = (res: { status: number; code: number; msg: string }) => {
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.code).not.toBe(200);
    expect(res.msg.length).toBeGreaterThan(3);
    expect(res.msg).not.toMatch(/Error:|at \w+ \(|undefined|\[object/);
  };

  describe.each(BODY_ROUTES)('%s', (url, valid) => {
    it.each(Object.keys(valid))('refuses the body without %s', async (field) => {
      const { [field]: _gone, ...rest } = valid;
      expectRefused(await api(app, url, { payload: rest }));
    });
    it.each(Object.keys(valid).flatMap((field) => WRONG_TYPES.map((v) => [field, v] as const)))(
      'refuses %s = %j',
      async (field, value) => {
        const res = await api(app, url, { payload: { ...valid, [field]: value } });
        // A login with a well-formed but unknown name is a plain wrong password; everything else is refused as input.
        expectRefused(res);
      },
    );
    it.each([
      ['malformed JSON', { payload: '{"type":', headers: { 'content-type': 'application/json' } }],
      ['a JSON array', { payload: '[]', headers: { 'content-type': 'application/json' } }],
      ['a JSON string', { payload: '"hello"', headers: { 'content-type': 'application/json' } }],
      ['no body', {}],
      ['form encoding', { payload: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }],
      [
        'a body over the size limit',
        {
          payload: JSON.stringify({ ...valid, pad: 'p'.repeat(300_000) }),
          headers: { 'content-type': 'application/json' },
        },
      ],
    ])('refuses %s', async (_label, opts) => {
      expectRefused(await api(app, url, opts as object));
    });
  });

  describe.each(QUERY_ROUTES)('%s', (url, valid) => {
    it.each(Object.keys(valid).filter((f) => f !== 'purpose'))('refuses the query without %s', async (field) => {
      const { [field]: _gone, ...rest } = valid;
      expectRefused(await api(app, url, { query: rest }));
    });
    it.each(Object.keys(valid).flatMap((field) => ['', HUGE, "' OR 1=1 --", 'ZZ'].map((v) => [field, v] as const)))(
      'refuses %s = %j',
      async (field, value) => {
        expectRefused(await api(app, url, { query: { ...valid, [field]: value } }));
      },
    );
  });

  describe.each(AUTHED_SEALED)('%s', (url) => {
    it.each([
      ['no token', undefined, { sealed: 'v1.a.b.c'.padEnd(40, 'x') }, 401],
      ['garbage sealed body', 'token', { sealed: 'v1.a.b.c'.padEnd(40, 'x') }, 400],
      ['not sealed at all', 'token', { oldPassword: 'abc123', newPassword: 'x' }, 400],
      ['a sealed body that is too short', 'token', { sealed: 'v1' }, 400],
    ])('refuses %s', async (_label, withToken, payload, status) => {
      const res = await api(app, url, { token: withToken ? token : undefined, payload });
      expect(res.status).toBe(status);
      expect(res.code).not.toBe(200);
    });
  });

  it.each([
    ['wrong password', { type: 'account', username: 'existing_1', password: 'wrong1' }],
    ['unknown account', { type: 'account', username: 'nobody_1', password: 'abc123' }],
    ['unknown e-mail', { type: 'email', email: 'nobody@example.com', password: 'abc123' }],
    ['invalid phone', { type: 'phone', countryCode: 'DE', phone: '1234', password: 'abc123' }],
  ])('login with %s gets the same translated refusal', async (_label, body) => {
    const en = await api(app, '/api/user/login', { payload: body });
    expect(en).toMatchObject({ status: 400, code: 1002, msg: 'The account or password is incorrect' });
    const zh = await api(app, '/api/user/login', { payload: body, lang: 'zh-CN' });
    expect(zh.msg).not.toBe(en.msg);
    expect(zh.msg).toMatch(/[\u4e00-\u9fff]/);
  });

  it('names the field and translates the message', async () => {
    const en = await api(app, '/api/user/register', {
      payload: { type: 'account', username: 5, password: 'abc123', confirmPassword: 'abc123' },
    });
    expect(en.msg).toBe('Username or wallet address has the wrong type');
    const de = await api(app, '/api/user/register', {
      payload: { type: 'account', password: 'abc123', confirmPassword: 'abc123' },
      lang: 'de',
    });
    expect(de.msg).toMatch(/Benutzername/);
    const fr = await api(app, '/api/user/register', {
      payload: { type: 'account', username: 'valid_user', password: 'abc123', confirmPassword: 'abc124' },
      lang: 'fr',
    });
    expect(fr.msg).toMatch(/mots de passe/i);
  });
});
