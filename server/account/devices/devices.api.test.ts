import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../../isomorphic/contract/codes.ts';
import { api, testApp } from '../../../tests/support/app.ts';
import { signUp } from '../../../tests/support/accounts.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../../tests/support/databases.ts';
import { ManualClock } from '../../clock/clock.ts';

const DEVICES = '/api/app/coin/member/getLoginDevice';
const LOG = '/api/app/coin/member/getLoginLog';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe.each(FEATURE_DIALECTS)('devices and the login log on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  const clock = new ManualClock(Date.UTC(2026, 0, 1, 12, 0, 5));
  const get = (token: string, url: string, query?: Record<string, string>) =>
    api(app, url, { method: 'GET', token, query });
  const post = (token: string | undefined, url: string, payload?: object) => api(app, url, { token, payload });
  const loginAs = (username: string, ua: string, password = 'abc123', googleCode?: string) =>
    api(app, '/api/user/login', {
      payload: { type: 'account', username, password, googleCode },
      headers: { 'user-agent': ua },
    });

  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db, { LOGIN_MAX_FAILURES: '3' }, clock));
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  it('lists every signed-in browser as a device, marks the current one, and lets its owner name it', async () => {
    await signUp(app, 'dev_owner');
    const firefox = (await loginAs('dev_owner', FIREFOX)).data;
    const chrome = (await loginAs('dev_owner', CHROME)).data;
    const list = (await get(firefox.token, DEVICES)).data;
    const mine = list.filter((d: { userAgent: string }) => d.userAgent === FIREFOX || d.userAgent === CHROME);
    expect(mine).toHaveLength(2);
    const current = list.find((d: { current: boolean }) => d.current);
    expect(current).toMatchObject({ userAgent: FIREFOX, ip: '127.0.0.1', name: null });
    expect(current.firstSeen).toBeGreaterThan(0);
    const renamed = await post(firefox.token, '/api/app/coin/member/updateDevice', {
      id: current.id,
      name: ' Work laptop ',
    });
    expect(renamed.data.find((d: { id: number }) => d.id === current.id).name).toBe('Work laptop');
    // A refresh continues the same device.
    const refreshed = await api(app, '/api/user/refreshToken', {
      payload: { refreshToken: chrome.refreshToken },
      headers: { 'user-agent': CHROME },
    });
    expect(refreshed.code).toBe(200);
    expect((await get(refreshed.data.token, DEVICES)).data).toHaveLength(list.length);
  });

  it('ends a deleted device’s session at once: its token and its refresh token stop working', async () => {
    await signUp(app, 'dev_delete');
    const keep = (await loginAs('dev_delete', FIREFOX)).data;
    const gone = (await loginAs('dev_delete', CHROME)).data;
    expect((await post(gone.token, '/api/user/getInfo')).code).toBe(200);
    const target = (await get(keep.token, DEVICES)).data.find((d: { userAgent: string }) => d.userAgent === CHROME);
    expect((await post(keep.token, `/api/app/coin/member/deleteDevice/${target.id}`)).code).toBe(200);
    expect((await post(gone.token, '/api/user/getInfo')).status).toBe(401);
    expect((await api(app, '/api/user/refreshToken', { payload: { refreshToken: gone.refreshToken } })).code).toBe(
      ERRORS.refreshInvalid,
    );
    expect((await get(keep.token, DEVICES)).data.map((d: { userAgent: string }) => d.userAgent)).not.toContain(CHROME);
    // Deleting it again, or the device one is signed in on, follows the same rule.
    expect((await post(keep.token, `/api/app/coin/member/deleteDevice/${target.id}`)).code).toBe(ERRORS.deviceNotFound);
    const self = (await get(keep.token, DEVICES)).data.find((d: { current: boolean }) => d.current);
    expect((await post(keep.token, `/api/app/coin/member/deleteDevice/${self.id}`)).code).toBe(200);
    expect((await get(keep.token, DEVICES)).status).toBe(401);
  });

  it('refuses another user’s device ids, bad ids and bad names, changing nothing', async () => {
    await signUp(app, 'dev_victim');
    await signUp(app, 'dev_thief');
    const victim = (await loginAs('dev_victim', FIREFOX)).data;
    const thief = (await loginAs('dev_thief', CHROME)).data;
    const device = (await get(victim.token, DEVICES)).data[0];
    expect((await post(thief.token, `/api/app/coin/member/deleteDevice/${device.id}`)).code).toBe(
      ERRORS.deviceNotFound,
    );
    expect(
      (await post(thief.token, '/api/app/coin/member/updateDevice', { id: device.id, name: 'mine now' })).code,
    ).toBe(ERRORS.deviceNotFound);
    for (const id of ['0', '-1', '01', '1e3', 'abc', '9'.repeat(30)])
      expect((await post(thief.token, `/api/app/coin/member/deleteDevice/${id}`)).status).toBe(400);
    for (const body of [
      { id: String(device.id), name: 'x' },
      { id: device.id, name: '' },
      { id: device.id, name: 'x'.repeat(41) },
      { id: device.id, name: 7 },
      { id: device.id },
    ])
      expect((await post(victim.token, '/api/app/coin/member/updateDevice', body)).code).toBe(ERRORS.badRequest);
    expect((await post(victim.token, '/api/user/getInfo')).code).toBe(200);
    expect((await get(victim.token, DEVICES)).data[0]).toEqual(device);
    expect((await get('nope'.repeat(11), DEVICES)).status).toBe(401);
  });

  it('logs successes and failures, each account seeing only its own', async () => {
    await signUp(app, 'dev_log');
    await signUp(app, 'dev_log_other');
    expect((await loginAs('dev_log', FIREFOX, 'wrong1')).code).toBe(ERRORS.badCredentials);
    const token = (await loginAs('dev_log', FIREFOX)).data.token;

    // With the authenticator bound, a wrong code is logged too; the first step alone is not a login.
    const setup = (await get(token, '/api/app/coin/member/getGoogleVerification/secret')).data;
    const code = await generate({ secret: setup.secret, epoch: Math.floor(clock.now() / 1000) });
    expect(
      (
        await post(token, '/api/app/coin/member/googleVerificationBindingOrReset/bind', {
          googleCode: code,
          loginPassword: 'abc123',
        })
      ).code,
    ).toBe(200);
    expect((await loginAs('dev_log', FIREFOX)).code).toBe(ERRORS.loginStep1);
    expect((await loginAs('dev_log', FIREFOX, 'abc123', code === '000000' ? '111111' : '000000')).code).toBe(
      ERRORS.googleCodeWrong,
    );
    for (let i = 0; i < 3; i++) expect((await loginAs('dev_log', CHROME, 'wrong1')).code).toBe(ERRORS.badCredentials);
    expect((await loginAs('dev_log', CHROME)).code).toBe(ERRORS.accountLocked);

    const log = (await get(token, LOG, { page: '1', size: '20' })).data;
    // Newest first, back to the login of sign-up.
    expect(log.records.map((r: { result: string }) => r.result)).toEqual([
      'locked',
      'wrongPassword',
      'wrongPassword',
      'wrongPassword',
      'wrongGoogleCode',
      'success',
      'wrongPassword',
      'success',
    ]);
    expect(log.records[0]).toMatchObject({ ip: '127.0.0.1', userAgent: CHROME, time: clock.now() });
    expect(log.total).toBe(8);
    expect((await get(token, LOG, { page: '2', size: '5' })).data.records).toHaveLength(3);
    expect((await get(token, LOG, { size: '0' })).status).toBe(400);

    const other = (await loginAs('dev_log_other', CHROME)).data.token;
    expect((await get(other, LOG)).data.records.map((r: { result: string }) => r.result)).toEqual([
      'success',
      'success',
    ]);
  });
});
