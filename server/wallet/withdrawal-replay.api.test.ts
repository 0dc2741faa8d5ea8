import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../isomorphic/contract/codes.ts';
import { seal } from '../../isomorphic/crypto/seal.ts';
import { api, operatorToken, signUp, testApp } from '../../tests/support/app.ts';
import { DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { auditLedger, balanceOf } from '../ledger/ledger.ts';

const ADDRESS = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';

/** Sealed withdrawals replayed, redirected to another user, post-dated; fund passwords guessed. */
describe.each(DIALECTS)('withdrawal replay and fund-password guessing on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let sealKey: string;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const call = (who: string, url: string, payload: object) => api(app, url, { token: tokens[who], payload });
  const withdraw = (who: string, sealed: string) => call(who, '/api/asset/withdrawal', { sealed });
  const plain = (amount: string, fundPassword = 'fund123') => ({
    coin: 'USDT',
    method: 'address',
    network: 'TRC20',
    address: ADDRESS,
    amount,
    fundPassword,
  });
  const count = async (who: string) =>
    Number((await t.db.get<{ n: bigint }>('SELECT COUNT(*) AS n FROM withdrawals WHERE user_id = ?', [ids[who]!]))!.n);

  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db));
    const script = (await app.inject({ url: '/platform/dev/config.js' })).body;
    sealKey = JSON.parse(script.slice(script.indexOf('=') + 1, script.lastIndexOf(';'))).sealKey;
    tokens.ops = await operatorToken(app, t.db);
    for (const who of ['alice', 'bob', 'carol']) {
      ({ id: ids[who], token: tokens[who] } = await signUp(app, `${who}_replay`));
      expect(
        (
          await call(who, '/api/user/tardPwdSet', {
            sealed: await seal(
              { loginPassword: 'abc123', password: 'fund123', confirmPassword: 'fund123' },
              sealKey,
              ids[who]!,
            ),
          })
        ).code,
      ).toBe(200);
      expect(
        (await call('ops', '/api/admin/credit', { username: `${who}_replay`, asset: 'USDT', amount: '1000' })).code,
      ).toBe(200);
    }
  });
  afterAll(async () => {
    expect(await auditLedger(t.db)).toEqual([]);
    await app.close();
    await t.drop();
  });

  it('answers a repeated sealed body with the first withdrawal and creates nothing', async () => {
    const sealed = await seal(plain('50'), sealKey, ids.alice!);
    const first = await withdraw('alice', sealed);
    expect(first.code).toBe(200);
    const again = [
      await withdraw('alice', sealed),
      ...(await Promise.all([withdraw('alice', sealed), withdraw('alice', sealed)])),
    ];
    for (const a of again) expect(a.data).toEqual(first.data);
    expect(await count('alice')).toBe(1);
    expect(await balanceOf(t.db, ids.alice!, ACCOUNT.spot, 'USDT')).toEqual({
      available: 949_00000000n,
      frozen: 51_00000000n,
    });
  });

  it('lets only one of several racing copies through', async () => {
    const sealed = await seal(plain('10'), sealKey, ids.carol!);
    const answers = await Promise.all(Array.from({ length: 5 }, () => withdraw('carol', sealed)));
    expect(new Set(answers.map((a) => a.data?.id)).size).toBe(1);
    expect(answers.every((a) => a.code === 200)).toBe(true);
    expect(await count('carol')).toBe(1);
  });

  it('refuses a body sealed for another user, or dated ahead of the clock', async () => {
    const forAlice = await seal(plain('20'), sealKey, ids.alice!);
    expect((await withdraw('bob', forAlice)).code).toBe(ERRORS.sealedInvalid);
    const realNow = Date.now;
    const ahead = realNow() + 10 * 60_000;
    Date.now = () => ahead;
    const postDated = await seal(plain('20'), sealKey, ids.bob!).finally(() => (Date.now = realNow));
    expect((await withdraw('bob', postDated)).code).toBe(ERRORS.sealedInvalid);
    expect(await count('bob')).toBe(0);
  });

  it('accepts a sealed fund-password or password body once', async () => {
    const sealed = await seal({ oldPassword: 'abc123', newPassword: 'xyz789' }, sealKey, ids.carol!);
    expect((await call('carol', '/api/user/updatePwd', { sealed })).code).toBe(200);
    tokens.carol = (
      await api(app, '/api/user/login', { payload: { type: 'account', username: 'carol_replay', password: 'xyz789' } })
    ).data.token;
    expect((await call('carol', '/api/user/updatePwd', { sealed })).code).toBe(ERRORS.sealedInvalid);
  });

  it('locks the fund password after 5 wrong tries, even against parallel guesses', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 12 }, async (_, i) =>
        withdraw('bob', await seal(plain('20', `wrong${i}`), sealKey, ids.bob!)),
      ),
    );
    const codes = guesses.map((g) => g.code);
    expect(codes.filter((c) => c === ERRORS.fundPasswordWrong)).toHaveLength(5);
    expect(codes.filter((c) => c === ERRORS.fundPasswordLocked)).toHaveLength(7);
    const right = await withdraw('bob', await seal(plain('20'), sealKey, ids.bob!));
    expect(right).toMatchObject({
      code: ERRORS.fundPasswordLocked,
      msg: 'Too many wrong fund passwords. Try again in 15 minutes',
    });
    expect(await count('bob')).toBe(0);
  });

  it('says which network an address does not fit', async () => {
    const bad = await withdraw('alice', await seal({ ...plain('20'), address: '0x12345' }, sealKey, ids.alice!));
    expect(bad).toMatchObject({ status: 400, code: ERRORS.addressInvalid, msg: 'This is not a valid TRC20 address' });
    const de = await api(app, '/api/asset/withdrawal', {
      token: tokens.alice,
      lang: 'de',
      payload: { sealed: await seal({ ...plain('20'), address: 'nope' }, sealKey, ids.alice!) },
    });
    expect(de.msg).toBe('Dies ist keine gültige TRC20-Adresse');
  });
});
