import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seal } from '../../isomorphic/crypto/seal.ts';
import { ERRORS } from '../../isomorphic/contract/codes.ts';
import { api, lastCode, testApp } from '../../tests/support/app.ts';
import { forgetSessions } from './session.service.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';

describe.each(FEATURE_DIALECTS)('accounts and sessions on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let sealKey: string;
  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db, { LOGIN_MAX_FAILURES: '3' }));
    const script = (await app.inject({ method: 'GET', url: '/platform/dev/config.js' })).body;
    sealKey = JSON.parse(script.slice(script.indexOf('=') + 1, script.lastIndexOf(';'))).sealKey;
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  const register = (body: object) => api(app, '/api/user/register', { payload: body });
  const login = (body: object) => api(app, '/api/user/login', { payload: body });

  it('registers by account name and logs in with it', async () => {
    const reg = await register({
      type: 'account',
      username: 'alice_01',
      password: 'abc123',
      confirmPassword: 'abc123',
    });
    expect(reg).toMatchObject({ status: 200, code: 200, data: { username: 'alice_01', is_merchant: 1, role: 'user' } });
    expect(reg.data.userId).toMatch(/^\d{8}$/);
    expect(reg.data.inviteCode).toMatch(/^[A-Z2-9]{8}$/);

    const res = await login({ type: 'account', username: 'alice_01', password: 'abc123' });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ tenantId: '000000', userInfo: { username: 'alice_01' } });
    expect(res.data.token).toHaveLength(43);
    const info = await api(app, '/api/user/getInfo', { token: res.data.token });
    expect(info.data.username).toBe('alice_01');
    // The satoken header is accepted like authorization.
    const viaSatoken = await api(app, '/api/user/getInfo', { headers: { satoken: res.data.token } });
    expect(viaSatoken.code).toBe(200);
  });

  it('registers by e-mail with a code from the outbox, once', async () => {
    expect(
      (await api(app, '/api/user/sendEmailCode', { query: { email: 'Bob@Example.com', purpose: 'register' } })).code,
    ).toBe(200);
    const code = await lastCode(t.db, 'bob@example.com');
    const body = {
      type: 'email',
      email: 'bob@example.com',
      emailCode: code,
      password: 'Passw0rd!',
      confirmPassword: 'Passw0rd!',
    };
    expect((await register(body)).code).toBe(200);
    // The same code cannot create a second account, and the address is taken anyway.
    expect((await register(body)).code).toBe(ERRORS.emailTaken);
    expect((await login({ type: 'email', email: 'BOB@example.com', password: 'Passw0rd!' })).code).toBe(200);
  });

  it('registers by phone with an SMS code, normalising the number', async () => {
    expect(
      (
        await api(app, '/api/user/sendMobileCode', {
          query: { countryCode: 'DE', phone: '015123456789', purpose: 'register' },
        })
      ).code,
    ).toBe(200);
    const code = await lastCode(t.db, '+4915123456789');
    const reg = await register({
      type: 'phone',
      countryCode: 'DE',
      phone: '015123456789',
      smsCode: code,
      password: 'abc123',
      confirmPassword: 'abc123',
    });
    expect(reg.data.phone).toBe('+4915123456789');
    expect((await login({ type: 'phone', countryCode: 'DE', phone: '15123456789', password: 'abc123' })).code).toBe(
      200,
    );
    expect(
      (await api(app, '/api/user/sendMobileCode', { query: { countryCode: 'DE', phone: '123', purpose: 'register' } }))
        .code,
    ).toBe(ERRORS.badRequest);
  });

  it('rejects a wrong, expired-by-use or over-guessed code and counts the guesses', async () => {
    await api(app, '/api/user/sendEmailCode', { query: { email: 'carol@example.com' } });
    const good = await lastCode(t.db, 'carol@example.com');
    const wrong = good === '000000' ? '111111' : '000000';
    const body = { type: 'email', email: 'carol@example.com', password: 'abc123', confirmPassword: 'abc123' };
    for (let i = 0; i < 5; i++) expect((await register({ ...body, emailCode: wrong })).code).toBe(ERRORS.codeInvalid);
    // After five wrong guesses even the right code is refused: a new one must be requested.
    expect((await register({ ...body, emailCode: good })).code).toBe(ERRORS.codeTooManyAttempts);
    await api(app, '/api/user/sendEmailCode', { query: { email: 'carol@example.com' } });
    expect((await register({ ...body, emailCode: await lastCode(t.db, 'carol@example.com') })).code).toBe(200);
  });

  it('links an invite code to the inviter and refuses unknown ones', async () => {
    const inviter = await register({
      type: 'account',
      username: 'inviter',
      password: 'abc123',
      confirmPassword: 'abc123',
    });
    const invited = await register({
      type: 'account',
      username: 'invited',
      password: 'abc123',
      confirmPassword: 'abc123',
      inviteCode: inviter.data.inviteCode.toLowerCase(),
    });
    expect(invited.code).toBe(200);
    const row = await t.db.get<{ inviter_id: bigint }>('SELECT inviter_id FROM users WHERE username = ?', ['invited']);
    expect(Number(row!.inviter_id)).toBe(inviter.data.id);
    expect(
      (
        await register({
          type: 'account',
          username: 'nobody',
          password: 'abc123',
          confirmPassword: 'abc123',
          inviteCode: 'ZZZZ9999',
        })
      ).code,
    ).toBe(ERRORS.inviteCodeUnknown);
  });

  it('locks an account name after repeated wrong passwords, without revealing whether it exists', async () => {
    await register({ type: 'account', username: 'dave_01', password: 'abc123', confirmPassword: 'abc123' });
    for (let i = 0; i < 3; i++)
      expect((await login({ type: 'account', username: 'dave_01', password: 'wrong1' })).code).toBe(
        ERRORS.badCredentials,
      );
    const locked = await login({ type: 'account', username: 'dave_01', password: 'abc123' });
    expect(locked).toMatchObject({ status: 429, code: ERRORS.accountLocked });
    expect(locked.msg).toMatch(/15 minutes/);
    for (let i = 0; i < 3; i++) await login({ type: 'account', username: 'ghost_01', password: 'wrong1' });
    expect((await login({ type: 'account', username: 'ghost_01', password: 'wrong1' })).code).toBe(
      ERRORS.accountLocked,
    );
  });

  it('rotates refresh tokens and revokes the family when an old one comes back later', async () => {
    await register({ type: 'account', username: 'erin_01', password: 'abc123', confirmPassword: 'abc123' });
    const first = (await login({ type: 'account', username: 'erin_01', password: 'abc123' })).data;
    const second = await api(app, '/api/user/refreshToken', { payload: { refreshToken: first.refreshToken } });
    expect(second.code).toBe(200);
    expect(second.data.token).not.toBe(first.token);
    // Both work: calls a page sent with the old token while its refresh was on the way are still answered.
    expect((await api(app, '/api/user/getInfo', { token: first.token })).code).toBe(200);
    expect((await api(app, '/api/user/getInfo', { token: second.data.token })).code).toBe(200);
    // Within the grace minute a replay only fails (two tabs racing)…
    expect((await api(app, '/api/user/refreshToken', { payload: { refreshToken: first.refreshToken } })).code).toBe(
      ERRORS.refreshInvalid,
    );
    expect((await api(app, '/api/user/getInfo', { token: second.data.token })).code).toBe(200);
    // …after it, a replay is theft: every session of the family ends, and the old access token is long dead.
    await t.db.run('UPDATE sessions SET revoked_at = revoked_at - 120000 WHERE revoke_reason = ?', ['rotated']);
    forgetSessions();
    expect((await api(app, '/api/user/getInfo', { token: first.token })).status).toBe(401);
    expect((await api(app, '/api/user/refreshToken', { payload: { refreshToken: first.refreshToken } })).code).toBe(
      ERRORS.refreshInvalid,
    );
    expect((await api(app, '/api/user/getInfo', { token: second.data.token })).status).toBe(401);
  });

  it.each([
    ['logging out with the new token', async (token: string) => api(app, '/api/user/logout', { token })],
    [
      'changing the password',
      async (token: string, userId: number) =>
        api(app, '/api/user/updatePwd', {
          token,
          payload: { sealed: await seal({ oldPassword: 'abc123', newPassword: 'xyz789' }, sealKey, userId) },
        }),
    ],
  ])('ends the rotated token at once on %s', async (_name, end) => {
    const username = `rot_${Math.random().toString(36).slice(2, 8)}`;
    await register({ type: 'account', username, password: 'abc123', confirmPassword: 'abc123' });
    const first = (await login({ type: 'account', username, password: 'abc123' })).data;
    const second = (await api(app, '/api/user/refreshToken', { payload: { refreshToken: first.refreshToken } })).data;
    expect((await api(app, '/api/user/getInfo', { token: first.token })).code).toBe(200);
    expect((await end(second.token, first.userInfo.id)).code).toBe(200);
    expect((await api(app, '/api/user/getInfo', { token: first.token })).status).toBe(401);
    expect((await api(app, '/api/user/getInfo', { token: second.token })).status).toBe(401);
  });

  it('answers 401 for a missing, unknown, expired or logged-out token', async () => {
    expect((await api(app, '/api/user/getInfo')).status).toBe(401);
    expect((await api(app, '/api/user/getInfo', { token: 'x'.repeat(43) })).status).toBe(401);
    await register({ type: 'account', username: 'fay_0001', password: 'abc123', confirmPassword: 'abc123' });
    const s = (await login({ type: 'account', username: 'fay_0001', password: 'abc123' })).data;
    const s2 = (await login({ type: 'account', username: 'fay_0001', password: 'abc123' })).data;
    expect((await api(app, '/api/user/logout', { token: s.token })).code).toBe(200);
    expect((await api(app, '/api/user/getInfo', { token: s.token })).status).toBe(401);
    await t.db.run('UPDATE sessions SET expires_at = 0 WHERE user_id = ?', [s2.userInfo.id]);
    const expired = await api(app, '/api/user/getInfo', { token: s2.token, lang: 'de' });
    expect(expired).toMatchObject({ status: 401, code: 401 });
    expect(expired.msg).toMatch(/Sitzung/);
  });

  it('resets a forgotten password with an e-mailed code and ends every session', async () => {
    await api(app, '/api/user/sendEmailCode', { query: { email: 'gina@example.com' } });
    await register({
      type: 'email',
      email: 'gina@example.com',
      emailCode: await lastCode(t.db, 'gina@example.com'),
      password: 'abc123',
      confirmPassword: 'abc123',
    });
    const s = (await login({ type: 'email', email: 'gina@example.com', password: 'abc123' })).data;
    // An address without an account is answered like one with an account, and is sent nothing.
    const unknown = await api(app, '/api/user/sendEmailCode', {
      query: { email: 'nobody@example.com', purpose: 'reset' },
    });
    const known = await api(app, '/api/user/sendEmailCode', { query: { email: 'gina@example.com', purpose: 'reset' } });
    expect(unknown).toEqual(known);
    expect(await t.db.get("SELECT id FROM outbox WHERE target = 'nobody@example.com'")).toBeUndefined();
    expect(
      (
        await api(app, '/api/user/backPwd', {
          payload: {
            type: 'email',
            email: 'nobody@example.com',
            emailCode: '123456',
            password: 'newpass1',
            confirmPassword: 'newpass1',
          },
        })
      ).code,
    ).toBe(ERRORS.codeInvalid);
    await api(app, '/api/user/sendEmailCode', { query: { email: 'gina@example.com', purpose: 'reset' } });
    const code = await lastCode(t.db, 'gina@example.com');
    const reset = await api(app, '/api/user/backPwd', {
      payload: {
        type: 'email',
        email: 'gina@example.com',
        emailCode: code,
        password: 'newpass1',
        confirmPassword: 'newpass1',
      },
    });
    expect(reset.code).toBe(200);
    expect((await api(app, '/api/user/getInfo', { token: s.token })).status).toBe(401);
    expect((await login({ type: 'email', email: 'gina@example.com', password: 'abc123' })).code).toBe(
      ERRORS.badCredentials,
    );
    expect((await login({ type: 'email', email: 'gina@example.com', password: 'newpass1' })).code).toBe(200);
  });

  it('changes the login password through a sealed body and refuses a tampered one', async () => {
    await register({ type: 'account', username: 'hank_01', password: 'abc123', confirmPassword: 'abc123' });
    const s = (await login({ type: 'account', username: 'hank_01', password: 'abc123' })).data;
    const wrongOld = await api(app, '/api/user/updatePwd', {
      token: s.token,
      payload: { sealed: await seal({ oldPassword: 'nope12', newPassword: 'xyz789' }, sealKey, s.userInfo.id) },
    });
    expect(wrongOld.code).toBe(ERRORS.oldPasswordWrong);
    const sealed = await seal({ oldPassword: 'abc123', newPassword: 'xyz789' }, sealKey, s.userInfo.id);
    const parts = sealed.split('.');
    const flipped = parts[3]!.startsWith('A') ? `B${parts[3]!.slice(1)}` : `A${parts[3]!.slice(1)}`;
    const tampered = await api(app, '/api/user/updatePwd', {
      token: s.token,
      payload: { sealed: [...parts.slice(0, 3), flipped].join('.') },
    });
    expect(tampered.code).toBe(ERRORS.sealedInvalid);
    const weak = await api(app, '/api/user/updatePwd', {
      token: s.token,
      payload: { sealed: await seal({ oldPassword: 'abc123', newPassword: 'a b' }, sealKey, s.userInfo.id) },
    });
    expect(weak.code).toBe(ERRORS.badRequest);
    expect((await api(app, '/api/user/updatePwd', { token: s.token, payload: { sealed } })).code).toBe(200);
    expect((await api(app, '/api/user/getInfo', { token: s.token })).status).toBe(401);
    expect((await login({ type: 'account', username: 'hank_01', password: 'xyz789' })).code).toBe(200);
  });

  it('sets the fund password once, proven by the login password', async () => {
    await register({ type: 'account', username: 'ivy_0001', password: 'abc123', confirmPassword: 'abc123' });
    const s = (await login({ type: 'account', username: 'ivy_0001', password: 'abc123' })).data;
    const set = (loginPassword: string) =>
      seal({ loginPassword, password: 'fund99', confirmPassword: 'fund99' }, sealKey, s.userInfo.id).then((sealed) =>
        api(app, '/api/user/tardPwdSet', { token: s.token, payload: { sealed } }),
      );
    expect((await set('wrong1')).code).toBe(ERRORS.oldPasswordWrong);
    expect((await set('abc123')).code).toBe(200);
    expect((await api(app, '/api/user/getInfo', { token: s.token })).data.hasFundPassword).toBe(true);
    expect((await set('abc123')).code).toBe(ERRORS.fundPasswordSet);
  });

  it('answers the requirements’ other names for the password calls alike', async () => {
    await register({ type: 'account', username: 'jack_alias', password: 'abc123', confirmPassword: 'abc123' });
    let s = (await login({ type: 'account', username: 'jack_alias', password: 'abc123' })).data;
    let password = 'abc123';
    for (const [path, next] of [
      ['/api/user/updateUserLoginPwd', 'pass01x'],
      ['/api/blade-user/update-password', 'pass02x'],
    ] as const) {
      const sealed = await seal({ oldPassword: password, newPassword: next }, sealKey, s.userInfo.id);
      expect((await api(app, path, { token: s.token, payload: { sealed } })).code, path).toBe(200);
      password = next;
      s = (await login({ type: 'account', username: 'jack_alias', password })).data;
    }
    const fund = await seal(
      { loginPassword: password, password: 'fund77', confirmPassword: 'fund77' },
      sealKey,
      s.userInfo.id,
    );
    expect((await api(app, '/api/app/coin/member/tradePwd', { token: s.token, payload: { sealed: fund } })).code).toBe(
      200,
    );
    expect((await api(app, '/api/user/getInfo', { token: s.token })).data.hasFundPassword).toBe(true);
    expect((await api(app, '/api/app/coin/member/tradePwd', { payload: { sealed: fund } })).status).toBe(401);
  });

  it('sends one address at most 10 codes a day, whichever client asks', async () => {
    for (let i = 0; i < 10; i++)
      expect(
        (
          await api(app, '/api/user/sendEmailCode', {
            query: { email: 'flood@example.com' },
            remoteAddress: `192.0.2.${i}`,
          })
        ).code,
      ).toBe(200);
    const refused = await api(app, '/api/user/sendEmailCode', {
      query: { email: 'flood@example.com' },
      remoteAddress: '192.0.2.99',
    });
    expect(refused).toMatchObject({
      code: ERRORS.codeDailyLimit,
      msg: 'Too many codes were sent to this address today. Try again tomorrow',
    });
    expect(
      (await api(app, '/api/user/sendEmailCode', { query: { email: 'flood@example.com', purpose: 'reset' } })).code,
    ).toBe(ERRORS.codeDailyLimit);
    const sent = await t.db.get<{ n: bigint }>("SELECT COUNT(*) AS n FROM outbox WHERE target = 'flood@example.com'");
    expect(Number(sent!.n)).toBe(10);
  });

  it('lists calling codes named in the caller’s language', async () => {
    const de = await api(app, '/api/user/getCountryCode', { lang: 'de' });
    expect(de.data.find((c: { code: string }) => c.code === 'DE')).toEqual({
      code: 'DE',
      dialCode: '49',
      name: 'Deutschland',
    });
    const ja = await api(app, '/api/user/getCountryCode', { lang: 'ja' });
    expect(ja.data.find((c: { code: string }) => c.code === 'JP').name).toBe('日本');
  });
});
