import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../../isomorphic/contract/codes.ts';
import { seal } from '../../../isomorphic/crypto/seal.ts';
import { api, lastCode, testApp } from '../../../tests/support/app.ts';
import { signInOperator, signUp } from '../../../tests/support/accounts.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../../tests/support/databases.ts';
import { ManualClock } from '../../clock/clock.ts';
import { TOTP_PERIOD_MS } from './totp.ts';

const HOUR = 3_600_000;
const SEND_EMAIL = '/api/app/coin/open/send/email';
const SEND_SMS = '/api/app/coin/open/send/sms';
const STATUS = '/api/app/coin/member/getMemberOtherData/security';
const BINDING = '/api/app/coin/member/accountVerificationBinding';
const GOOGLE = '/api/app/coin/member/googleVerificationBindingOrReset';
const TRC20 = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const TRC20_OTHER = 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK';

describe.each(FEATURE_DIALECTS)('account security on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let sealKey: string;
  let ops: string;
  const clock = new ManualClock(Date.UTC(2026, 0, 1, 12, 0, 5));
  const get = (token: string, url: string, query?: Record<string, string>) =>
    api(app, url, { method: 'GET', token, query });
  const post = (token: string | undefined, url: string, payload?: object) => api(app, url, { token, payload });
  const status = async (token: string) => (await get(token, STATUS)).data;
  /** The code the user's authenticator app shows now. */
  const googleNow = (secret: string) => generate({ secret, epoch: Math.floor(clock.now() / 1000) });
  /** Moves to the next 30-second step, so the app shows a new code. */
  const nextStep = () => clock.advance(TOTP_PERIOD_MS);

  /** A username account that binds an e-mail address through the API; answers its id and token. */
  async function withEmail(username: string, email: string) {
    const u = await signUp(app, username);
    expect((await get(u.token, SEND_EMAIL, { email })).code).toBe(200);
    expect((await post(u.token, '/api/user/bindEmail', { email, code: await lastCode(t.db, email) })).code).toBe(200);
    return u;
  }

  /** Binds the authenticator for a user; answers its secret. */
  async function bindGoogle(token: string): Promise<string> {
    const setup = await get(token, `/api/app/coin/member/getGoogleVerification/secret`);
    expect(setup.code).toBe(200);
    const bound = await post(token, `${GOOGLE}/bind`, {
      googleCode: await googleNow(setup.data.secret),
      loginPassword: 'abc123',
    });
    expect(bound.code).toBe(200);
    return setup.data.secret;
  }

  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db, { DATA_DIR: `/tmp/lumex-security-test-${process.pid}` }, clock));
    const script = (await app.inject({ url: '/platform/dev/config.js' })).body;
    sealKey = JSON.parse(script.slice(script.indexOf('=') + 1, script.lastIndexOf(';'))).sealKey;
    ops = await signInOperator(app, t.db);
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  describe('e-mail and phone bindings', () => {
    it('binds an e-mail to a username account; it then logs in and resets its password by it', async () => {
      const u = await signUp(app, 'bind_mail_1');
      expect(await status(u.token)).toMatchObject({
        username: 'bind_mail_1',
        email: null,
        verification: null,
        withdrawLock: null,
      });
      expect((await get(u.token, SEND_EMAIL, { email: 'Bind1@Example.com' })).code).toBe(200);
      const code = await lastCode(t.db, 'bind1@example.com');
      const wrong = code === '000000' ? '111111' : '000000';
      expect((await post(u.token, '/api/user/bindEmail', { email: 'bind1@example.com', code: wrong })).code).toBe(
        ERRORS.codeInvalid,
      );
      expect((await status(u.token)).email).toBeNull();

      const bound = await post(u.token, '/api/user/bindEmail', { email: 'bind1@example.com', code });
      expect(bound.code).toBe(200);
      expect(bound.data).toMatchObject({
        email: 'bind1@example.com',
        verification: 'email',
        withdrawLock: { reason: 'binding', until: clock.now() + 6 * HOUR },
      });
      expect(
        (await post(undefined, '/api/user/login', { type: 'email', email: 'BIND1@example.com', password: 'abc123' }))
          .code,
      ).toBe(200);

      await api(app, '/api/user/sendEmailCode', { query: { email: 'bind1@example.com', purpose: 'reset' } });
      const reset = await post(undefined, '/api/user/backPwd', {
        type: 'email',
        email: 'bind1@example.com',
        emailCode: await lastCode(t.db, 'bind1@example.com'),
        password: 'newpass1',
        confirmPassword: 'newpass1',
      });
      expect(reset.code).toBe(200);
      expect((await get(u.token, STATUS)).status).toBe(401);
      const again = await post(undefined, '/api/user/login', {
        type: 'account',
        username: 'bind_mail_1',
        password: 'newpass1',
      });
      expect(again.code).toBe(200);
      expect((await status(again.data.token)).withdrawLock).toEqual({
        reason: 'passwordReset',
        until: clock.now() + 24 * HOUR,
      });
    });

    it('refuses an address another account has bound, and the same address as the bound one', async () => {
      const a = await withEmail('bind_taken_a', 'taken@example.com');
      const b = await signUp(app, 'bind_taken_b');
      expect((await get(b.token, SEND_EMAIL, { email: 'taken@example.com' })).code).toBe(ERRORS.emailTaken);
      expect((await post(b.token, '/api/user/bindEmail', { email: 'taken@example.com', code: '123456' })).code).toBe(
        ERRORS.emailTaken,
      );
      expect((await get(a.token, SEND_EMAIL, { email: 'taken@example.com' })).code).toBe(ERRORS.sameAsBound);
      expect((await status(b.token)).email).toBeNull();
    });

    it('binds once when two accounts race with the same code, and once when one account submits twice', async () => {
      const c = await signUp(app, 'bind_race_c');
      const d = await signUp(app, 'bind_race_d');
      await get(c.token, SEND_EMAIL, { email: 'race@example.com' });
      const code = await lastCode(t.db, 'race@example.com');
      const results = await Promise.all([
        post(c.token, '/api/user/bindEmail', { email: 'race@example.com', code }),
        post(d.token, '/api/user/bindEmail', { email: 'race@example.com', code }),
        post(c.token, '/api/user/bindEmail', { email: 'race@example.com', code }),
      ]);
      expect(results.filter((r) => r.code === 200)).toHaveLength(1);
      for (const r of results.filter((x) => x.code !== 200))
        expect([ERRORS.codeInvalid, ERRORS.emailTaken, ERRORS.sameAsBound]).toContain(r.code);
      const owners = await t.db.all('SELECT username FROM users WHERE email = ?', ['race@example.com']);
      expect(owners).toHaveLength(1);
    });

    it('changes a bound e-mail only with codes sent to the old and the new address', async () => {
      const u = await withEmail('bind_change', 'old@example.com');
      await get(u.token, SEND_EMAIL, { email: 'new@example.com' });
      const fresh = await lastCode(t.db, 'new@example.com');
      expect((await post(u.token, '/api/user/bindEmail', { email: 'new@example.com', code: fresh })).code).toBe(
        ERRORS.codeInvalid,
      );
      expect((await get(u.token, SEND_EMAIL)).code).toBe(200);
      const old = await lastCode(t.db, 'old@example.com');
      expect(
        (
          await post(u.token, '/api/user/bindEmail', {
            email: 'new@example.com',
            code: fresh,
            oldCode: old === '000000' ? '111111' : '000000',
          })
        ).code,
      ).toBe(ERRORS.codeInvalid);
      expect((await status(u.token)).email).toBe('old@example.com');
      const changed = await post(u.token, '/api/user/bindEmail', {
        email: 'new@example.com',
        code: fresh,
        oldCode: old,
      });
      expect(changed.data.email).toBe('new@example.com');
      // The old address is free again, and the security code went only to the address the account had bound.
      const other = await signUp(app, 'bind_change_2');
      expect((await get(other.token, SEND_EMAIL, { email: 'old@example.com' })).code).toBe(200);
      const body = (await t.db.get<{ body: string }>(
        "SELECT body FROM outbox WHERE target = 'old@example.com' AND body LIKE '%security change%'",
      ))!.body;
      expect(body).toMatch(/security change/);
    });

    it('binds a phone, then logs in and resets the password by it', async () => {
      const u = await signUp(app, 'bind_phone');
      expect((await get(u.token, SEND_SMS, { countryCode: 'DE' })).code).toBe(ERRORS.badRequest);
      expect((await get(u.token, SEND_SMS)).code).toBe(ERRORS.phoneNotBound);
      expect((await get(u.token, SEND_SMS, { countryCode: 'DE', phone: '015123456700' })).code).toBe(200);
      const code = await lastCode(t.db, '+4915123456700');
      const bound = await post(u.token, BINDING, { type: 'phone', countryCode: 'DE', phone: '015123456700', code });
      expect(bound.data).toMatchObject({ phone: '+4915123456700', verification: 'sms' });
      expect(
        (
          await post(undefined, '/api/user/login', {
            type: 'phone',
            countryCode: 'DE',
            phone: '15123456700',
            password: 'abc123',
          })
        ).code,
      ).toBe(200);

      await api(app, '/api/user/sendMobileCode', {
        query: { countryCode: 'DE', phone: '015123456700', purpose: 'reset' },
      });
      const smsCode = await lastCode(t.db, '+4915123456700');
      expect(
        (
          await post(undefined, '/api/user/backPwd', {
            type: 'phone',
            countryCode: 'DE',
            phone: '015123456700',
            smsCode,
            password: 'phone22',
            confirmPassword: 'phone22',
          })
        ).code,
      ).toBe(200);
      expect(
        (
          await post(undefined, '/api/user/login', {
            type: 'phone',
            countryCode: 'DE',
            phone: '015123456700',
            password: 'phone22',
          })
        ).code,
      ).toBe(200);
    });

    it('sends a reset code only to numbers an account has, answering alike', async () => {
      const before = Number(
        (await t.db.get<{ n: bigint }>("SELECT COUNT(*) AS n FROM outbox WHERE target = '+4915123456799'"))!.n,
      );
      expect(
        (
          await api(app, '/api/user/sendMobileCode', {
            query: { countryCode: 'DE', phone: '015123456799', purpose: 'reset' },
          })
        ).code,
      ).toBe(200);
      expect(
        Number((await t.db.get<{ n: bigint }>("SELECT COUNT(*) AS n FROM outbox WHERE target = '+4915123456799'"))!.n),
      ).toBe(before);
    });
  });

  describe('the Google authenticator', () => {
    it('binds with a QR and a first code, then asks for a new code at every login', async () => {
      const u = await signUp(app, 'google_1');
      const setup = await get(u.token, '/api/app/coin/member/getGoogleVerification/secret');
      expect(setup.data.qr).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(setup.data.uri).toBe(`otpauth://totp/Lumex:google_1?secret=${setup.data.secret}&issuer=Lumex`);
      const code = await googleNow(setup.data.secret);
      expect((await post(u.token, `${GOOGLE}/bind`, { googleCode: code, loginPassword: 'wrong1' })).code).toBe(
        ERRORS.oldPasswordWrong,
      );
      expect(
        (
          await post(u.token, `${GOOGLE}/bind`, {
            googleCode: code === '000000' ? '111111' : '000000',
            loginPassword: 'abc123',
          })
        ).code,
      ).toBe(ERRORS.googleCodeWrong);
      expect((await status(u.token)).googleBound).toBe(false);
      expect((await post(u.token, `${GOOGLE}/bind`, { googleCode: code, loginPassword: 'abc123' })).data).toMatchObject(
        { googleBound: true, verification: 'google' },
      );
      expect((await get(u.token, '/api/app/coin/member/getGoogleVerification/secret')).code).toBe(
        ERRORS.googleAlreadyBound,
      );
      expect((await post(u.token, '/api/user/getInfo')).data.googleBound).toBe(true);

      const login = (googleCode?: string) =>
        post(undefined, '/api/user/login', { type: 'account', username: 'google_1', password: 'abc123', googleCode });
      expect(await login()).toMatchObject({ code: ERRORS.loginStep1, data: null });
      // The code that bound it was used: it cannot log in, even within its step.
      expect((await login(code)).code).toBe(ERRORS.googleCodeUsed);
      await nextStep();
      const fresh = await googleNow(setup.data.secret);
      // Two logins racing with one code: only one of them gets a session.
      const raced = await Promise.all([login(fresh), login(fresh)]);
      expect(raced.map((r) => r.code).sort((a, b) => a - b)).toEqual([200, ERRORS.googleCodeUsed]);
      expect(
        (
          await post(undefined, '/api/user/login', {
            type: 'account',
            username: 'google_1',
            password: 'wrong1',
            googleCode: fresh,
          })
        ).code,
      ).toBe(ERRORS.badCredentials);
    });

    it('locks after five wrong codes, counting reused ones', async () => {
      const u = await signUp(app, 'google_lock');
      const secret = await bindGoogle(u.token);
      const right = await googleNow(secret);
      const wrong = right === '000000' ? '111111' : '000000';
      const login = (googleCode: string) =>
        post(undefined, '/api/user/login', {
          type: 'account',
          username: 'google_lock',
          password: 'abc123',
          googleCode,
        });
      for (let i = 0; i < 4; i++) expect((await login(wrong)).code).toBe(ERRORS.googleCodeWrong);
      expect((await login(right)).code).toBe(ERRORS.googleCodeUsed);
      await nextStep();
      const locked = await login(await googleNow(secret));
      expect([locked.status, locked.code]).toEqual([429, ERRORS.googleCodeLocked]);
      await clock.advance(15 * 60_000);
      expect((await login(await googleNow(secret))).code).toBe(200);
    });

    it('is asked for by password changes and the fund password once bound', async () => {
      const u = await signUp(app, 'google_pwd');
      const secret = await bindGoogle(u.token);
      const sealed = async (data: object) => ({ sealed: await seal(data, sealKey, u.id) });
      expect(
        (
          await post(
            u.token,
            '/api/user/tardPwdSet',
            await sealed({ loginPassword: 'abc123', password: 'fund123', confirmPassword: 'fund123' }),
          )
        ).code,
      ).toBe(ERRORS.googleCodeRequired);
      await nextStep();
      expect(
        (
          await post(
            u.token,
            '/api/user/tardPwdSet',
            await sealed({
              loginPassword: 'abc123',
              password: 'fund123',
              confirmPassword: 'fund123',
              googleCode: await googleNow(secret),
            }),
          )
        ).code,
      ).toBe(200);
      expect(
        (await post(u.token, '/api/user/updatePwd', await sealed({ oldPassword: 'abc123', newPassword: 'abc456' })))
          .code,
      ).toBe(ERRORS.googleCodeRequired);
      await nextStep();
      expect(
        (
          await post(
            u.token,
            '/api/user/updatePwd',
            await sealed({ oldPassword: 'abc123', newPassword: 'abc456', googleCode: await googleNow(secret) }),
          )
        ).code,
      ).toBe(200);
    });

    it('resets with the login password and an e-mail code, pausing withdrawals for a day', async () => {
      const bare = await signUp(app, 'google_reset_0');
      await bindGoogle(bare.token);
      expect(
        (await post(bare.token, `${GOOGLE}/reset`, { loginPassword: 'abc123', channel: 'email', code: '123456' })).code,
      ).toBe(ERRORS.emailNotBound);

      const u = await withEmail('google_reset', 'greset@example.com');
      expect(
        (await post(u.token, `${GOOGLE}/reset`, { loginPassword: 'abc123', channel: 'email', code: '123456' })).code,
      ).toBe(ERRORS.googleNotBound);
      await bindGoogle(u.token);
      await get(u.token, SEND_EMAIL);
      const code = await lastCode(t.db, 'greset@example.com');
      expect((await post(u.token, `${GOOGLE}/reset`, { loginPassword: 'nope12', channel: 'email', code })).code).toBe(
        ERRORS.oldPasswordWrong,
      );
      expect((await post(u.token, `${GOOGLE}/reset`, { loginPassword: 'abc123', channel: 'sms', code })).code).toBe(
        ERRORS.phoneNotBound,
      );
      const reset = await post(u.token, `${GOOGLE}/reset`, { loginPassword: 'abc123', channel: 'email', code });
      expect(reset.data).toMatchObject({
        googleBound: false,
        verification: 'email',
        withdrawLock: { reason: 'googleReset', until: clock.now() + 24 * HOUR },
      });
      expect(
        (await post(undefined, '/api/user/login', { type: 'account', username: 'google_reset', password: 'abc123' }))
          .code,
      ).toBe(200);
    });
  });

  describe('the anti-phishing code', () => {
    it('needs an e-mail address and a confirmation, then heads every e-mail to that address', async () => {
      const bare = await signUp(app, 'anti_bare');
      expect((await post(bare.token, '/api/app/coin/member/antiCode', { antiCode: 'Lumex42' })).code).toBe(
        ERRORS.antiCodeNeedsEmail,
      );
      const u = await withEmail('anti_1', 'anti@example.com');
      expect((await post(u.token, '/api/app/coin/member/antiCode', { antiCode: 'Lumex42' })).code).toBe(
        ERRORS.codeInvalid,
      );
      expect((await post(u.token, '/api/app/coin/member/antiCode', { antiCode: 'no!' })).code).toBe(ERRORS.badRequest);
      await get(u.token, SEND_EMAIL);
      const set = await post(u.token, '/api/app/coin/member/antiCode', {
        antiCode: 'Lumex42',
        emailCode: await lastCode(t.db, 'anti@example.com'),
      });
      expect(set.data.antiCode).toBe('Lumex42');

      await api(app, '/api/user/sendEmailCode', { query: { email: 'anti@example.com', purpose: 'reset' }, lang: 'de' });
      const mail = (await t.db.get<{ body: string }>(
        "SELECT body FROM outbox WHERE target = 'anti@example.com' ORDER BY id DESC LIMIT 1",
      ))!.body;
      expect(mail.split('\n')[0]).toBe('Anti-Phishing-Code: Lumex42');
      await api(app, '/api/user/sendEmailCode', { query: { email: 'someone@example.com', purpose: 'register' } });
      expect(
        (await t.db.get<{ body: string }>("SELECT body FROM outbox WHERE target = 'someone@example.com'"))!.body,
      ).not.toMatch(/Lumex42/);
    });
  });

  describe('withdrawals after security changes and with the whitelist', () => {
    it('pauses withdrawals for 6 h after a binding, and with the whitelist on sends only to its addresses', async () => {
      const u = await withEmail('wl_user', 'wl@example.com');
      expect((await post(ops, '/api/admin/credit', { username: 'wl_user', asset: 'USDT', amount: '500' })).code).toBe(
        200,
      );
      const sealed = async (data: object) => ({ sealed: await seal(data, sealKey, u.id) });
      expect(
        (
          await post(
            u.token,
            '/api/user/tardPwdSet',
            await sealed({ loginPassword: 'abc123', password: 'fund123', confirmPassword: 'fund123' }),
          )
        ).code,
      ).toBe(200);
      const withdraw = async (address: string, method = 'address') =>
        post(
          u.token,
          '/api/asset/withdrawal',
          await sealed({ coin: 'USDT', method, network: 'TRC20', address, amount: '20', fundPassword: 'fund123' }),
        );

      const paused = await withdraw(TRC20);
      expect(paused.code).toBe(ERRORS.withdrawalsLocked);
      expect(paused.msg).toBe('Withdrawals are paused after a recent security change: about 6 h left');
      await clock.jump(6 * HOUR);
      expect((await withdraw(TRC20)).code).toBe(200);

      // Switching on needs the e-mail code; without the whitelist's address a withdrawal is refused.
      expect((await post(u.token, '/api/userCoin/switch', { enabled: true })).code).toBe(ERRORS.codeInvalid);
      await get(u.token, SEND_EMAIL);
      expect(
        (
          await post(u.token, '/api/userCoin/switch', {
            enabled: true,
            emailCode: await lastCode(t.db, 'wl@example.com'),
          })
        ).data,
      ).toEqual({ enabled: true, addresses: [] });
      expect((await withdraw(TRC20)).code).toBe(ERRORS.addressNotWhitelisted);
      // A bank-card withdrawal goes to the account's own card: the address whitelist leaves it alone.
      expect((await withdraw('6222 0000 1111 2222', 'bank')).code).toBe(200);

      await get(u.token, SEND_EMAIL);
      const added = await post(u.token, '/api/userCoin/add', {
        coin: 'usdt',
        network: 'TRC20',
        address: TRC20,
        label: 'Cold wallet',
        emailCode: await lastCode(t.db, 'wl@example.com'),
      });
      expect(added.data.addresses).toEqual([
        expect.objectContaining({ coin: 'USDT', network: 'TRC20', address: TRC20, label: 'Cold wallet' }),
      ]);
      expect((await withdraw(TRC20)).code).toBe(200);
      expect((await withdraw(TRC20_OTHER)).code).toBe(ERRORS.addressNotWhitelisted);
      expect(
        (
          await post(u.token, '/api/userCoin/add', {
            coin: 'USDT',
            network: 'TRC20',
            address: TRC20,
            emailCode: '123456',
          })
        ).code,
      ).toBe(ERRORS.whitelistAddressExists);
      expect(
        (
          await post(u.token, '/api/userCoin/add', {
            coin: 'USDT',
            network: 'TRC20',
            address: '0xnot',
            emailCode: '123456',
          })
        ).code,
      ).toBe(ERRORS.addressInvalid);
      expect(
        (
          await post(u.token, '/api/userCoin/add', {
            coin: 'USDT',
            network: 'BTC',
            address: TRC20,
            emailCode: '123456',
          })
        ).code,
      ).toBe(ERRORS.unknownNetwork);

      // Another user cannot see or remove the entry.
      const stranger = await withEmail('wl_stranger', 'wls@example.com');
      expect((await post(stranger.token, '/api/userCoin/getUserCoin')).data).toEqual({ enabled: false, addresses: [] });
      expect(
        (await post(stranger.token, '/api/userCoin/delete', { id: added.data.addresses[0].id, emailCode: '123456' }))
          .code,
      ).toBe(ERRORS.whitelistEntryNotFound);
      expect((await post(u.token, '/api/userCoin/getUserCoin')).data.addresses).toHaveLength(1);
    });

    it('asks the authenticator for a withdrawal once bound, and spends no code on a paused one', async () => {
      const u = await signUp(app, 'wd_google');
      expect((await post(ops, '/api/admin/credit', { username: 'wd_google', asset: 'USDT', amount: '100' })).code).toBe(
        200,
      );
      const sealed = async (data: object) => ({ sealed: await seal(data, sealKey, u.id) });
      expect(
        (
          await post(
            u.token,
            '/api/user/tardPwdSet',
            await sealed({ loginPassword: 'abc123', password: 'fund123', confirmPassword: 'fund123' }),
          )
        ).code,
      ).toBe(200);
      const secret = await bindGoogle(u.token);
      await nextStep();
      const withdraw = async (googleCode?: string) =>
        post(
          u.token,
          '/api/asset/withdrawal',
          await sealed({
            coin: 'USDT',
            method: 'address',
            network: 'TRC20',
            address: TRC20,
            amount: '20',
            fundPassword: 'fund123',
            googleCode,
          }),
        );
      expect((await withdraw()).code).toBe(ERRORS.googleCodeRequired);
      const code = await googleNow(secret);
      expect((await withdraw(code)).code).toBe(200);
      expect((await withdraw(code)).code).toBe(ERRORS.googleCodeUsed);
    });
  });

  describe('bad input changes nothing', () => {
    const BODIES: Array<[string, object]> = [
      ['/api/user/bindEmail', { email: 'x@example.com', code: '123456' }],
      [BINDING, { type: 'email', email: 'x@example.com', code: '123456' }],
      [`${GOOGLE}/bind`, { googleCode: '123456', loginPassword: 'abc123' }],
      [`${GOOGLE}/reset`, { loginPassword: 'abc123', channel: 'email', code: '123456' }],
      ['/api/app/coin/member/antiCode', { antiCode: 'abcd1234', emailCode: '123456' }],
      ['/api/userCoin/add', { coin: 'USDT', network: 'TRC20', address: TRC20, emailCode: '123456' }],
      ['/api/userCoin/delete', { id: 1, emailCode: '123456' }],
      ['/api/userCoin/switch', { enabled: true, emailCode: '123456' }],
    ];
    const CONFUSED: unknown[] = [null, 42, true, [], { a: 1 }, '1', 'x'.repeat(5000)];
    const snapshot = async () => ({
      users: await t.db.all('SELECT id, email, phone, password_hash FROM users ORDER BY id'),
      security: await t.db.all('SELECT * FROM account_security ORDER BY user_id'),
      whitelist: await t.db.all('SELECT * FROM withdraw_whitelist ORDER BY id'),
    });

    it.each(BODIES)('%s refuses type-confused fields, and every call without a token', async (url, valid) => {
      const u = await signUp(app, `bad_${url.split('/').pop()!.slice(0, 12)}`);
      const before = await snapshot();
      for (const [field, value] of Object.keys(valid).flatMap((f) => CONFUSED.map((v) => [f, v] as const))) {
        const res = await post(u.token, url, { ...valid, [field]: value });
        // A string "1" is a fine label or password: those fields may take it and then fail for another reason.
        expect(res.code, `${field} = ${JSON.stringify(value)}`).not.toBe(200);
        expect(res.status).toBeLessThan(500);
        expect(res.msg).not.toMatch(/undefined|\[object|Error:/);
      }
      expect((await post(undefined, url, valid)).status).toBe(401);
      expect(await snapshot()).toEqual(before);
    });

    it('answers in the caller’s language', async () => {
      const u = await signUp(app, 'bad_lang');
      const de = await api(app, '/api/userCoin/switch', { token: u.token, payload: { enabled: true }, lang: 'de' });
      expect(de.code).toBe(ERRORS.securityBindingRequired);
      expect(de.msg).not.toBe('Bind an e-mail address, a phone number or an authenticator first');
    });
  });
});
