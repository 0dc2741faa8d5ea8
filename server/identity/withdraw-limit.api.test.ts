import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../isomorphic/contract/codes.ts';
import { seal } from '../../isomorphic/crypto/seal.ts';
import { systemClock, type Clock } from '../clock/clock.ts';
import { api, testApp } from '../../tests/support/app.ts';
import { signInOperator, signUp } from '../../tests/support/accounts.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { auditLedger, balanceOf } from '../ledger/ledger.ts';

const ADDRESS = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const LIMITS = '/api/admin/kyc/limits';

/** The 24-hour withdrawal limit of each verification level, enforced in the withdrawal's prepare step. */
describe.each(FEATURE_DIALECTS)('the daily withdrawal limit on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let sealKey: string;
  /** The machine's clock, moved forward at will: a day passes without firing a day of every job's timers. */
  let ahead = 0;
  const clock: Clock = { now: () => Date.now() + ahead, after: systemClock.after };
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const call = (who: string, url: string, opts: Parameters<typeof api>[2] = {}) =>
    api(app, url, { token: tokens[who], ...opts });
  const withdraw = async (who: string, amount: string, coin = 'USDT', network = 'TRC20', address = ADDRESS) =>
    call(who, '/api/asset/withdrawal', {
      payload: {
        sealed: await seal(
          { coin, method: 'address', network, address, amount, fundPassword: 'fund123' },
          sealKey,
          ids[who]!,
        ),
      },
    });
  const remaining = async (who: string) =>
    (await call(who, '/api/app/coin/member/getMemberOtherData/kyc', { method: 'GET' })).data.withdrawLimit;
  const count = async (who: string) =>
    Number((await t.db.get<{ n: bigint }>('SELECT COUNT(*) AS n FROM withdrawals WHERE user_id = ?', [ids[who]!]))!.n);

  async function newUser(who: string, usdt = '100000') {
    ({ id: ids[who], token: tokens[who] } = await signUp(app, `${who}_limit`));
    expect(
      (
        await call(who, '/api/user/tardPwdSet', {
          payload: {
            sealed: await seal(
              { loginPassword: 'abc123', password: 'fund123', confirmPassword: 'fund123' },
              sealKey,
              ids[who]!,
            ),
          },
        })
      ).code,
    ).toBe(200);
    expect(
      (await call('ops', '/api/admin/credit', { payload: { username: `${who}_limit`, asset: 'USDT', amount: usdt } }))
        .code,
    ).toBe(200);
  }

  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db, {}, clock));
    const script = (await app.inject({ url: '/platform/dev/config.js' })).body;
    sealKey = JSON.parse(script.slice(script.indexOf('=') + 1, script.lastIndexOf(';'))).sealKey;
    tokens.ops = await signInOperator(app, t.db);
  });
  afterAll(async () => {
    expect(await auditLedger(t.db)).toEqual([]);
    await app.close();
    await t.drop();
  });

  it('allows an unverified user 2,000 USDT a day and says what remains', async () => {
    await newUser('ann');
    expect((await withdraw('ann', '1500')).code).toBe(200);
    expect(await remaining('ann')).toMatchObject({ used: '1500', remaining: '500' });
    const over = await withdraw('ann', '600');
    expect(over).toMatchObject({
      status: 400,
      code: ERRORS.withdrawLimitExceeded,
      msg: 'This passes your 24-hour withdrawal limit of 2000 USDT: 500 USDT remain. Verify your identity to raise it',
    });
    expect(await count('ann')).toBe(1);
    expect(await balanceOf(t.db, ids.ann!, ACCOUNT.spot, 'USDT')).toEqual({
      available: 98_499_00000000n,
      frozen: 1501_00000000n,
    });
    expect((await withdraw('ann', '500')).code).toBe(200);
    expect((await withdraw('ann', '10')).code).toBe(ERRORS.withdrawLimitExceeded);
  });

  it('lets concurrent withdrawals through only as far as the limit', async () => {
    await newUser('ben');
    // Five at once: the fund password's guard checks at most five parallel attempts (server/user/auth-locks.ts).
    const answers = await Promise.all(Array.from({ length: 5 }, () => withdraw('ben', '450')));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(4);
    expect(answers.filter((a) => a.code === ERRORS.withdrawLimitExceeded)).toHaveLength(1);
    expect(await count('ben')).toBe(4);
    expect(await remaining('ben')).toMatchObject({ used: '1800', remaining: '200' });
  });

  it('values other coins at the index price, rounded in the platform’s favour', async () => {
    await newUser('cat');
    expect(
      (await call('ops', '/api/admin/credit', { payload: { username: 'cat_limit', asset: 'BTC', amount: '1' } })).code,
    ).toBe(200);
    const index = app.prices.get('btcusdt')!.price;
    expect(index).toBeGreaterThan(2000_00n);
    expect((await withdraw('cat', '0.1', 'BTC', 'BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).code).toBe(
      index / 10n > 2000_00n ? ERRORS.withdrawLimitExceeded : 200,
    );
    expect((await withdraw('cat', '0.001', 'BTC', 'BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).code).toBe(200);
    const used = (await remaining('cat')).used as string;
    expect(Number(used)).toBeGreaterThan(0);
  });

  it('gives back what an operator rejects, and the whole limit a day later', async () => {
    const mine = await call('ann', '/api/asset/getWithdrawalLog');
    const last = mine.data.records[0];
    expect(
      (
        await call('ops', '/api/admin/wallet/withdrawal/review', {
          payload: { id: last.id, approve: false, reason: 'test' },
        })
      ).code,
    ).toBe(200);
    expect(await remaining('ann')).toMatchObject({ used: '1500', remaining: '500' });
    ahead += 24 * 3600_000;
    expect(await remaining('ann')).toMatchObject({ used: '0', remaining: '2000' });
    expect((await withdraw('ann', '2000')).code).toBe(200);
  });

  it('raises the limit with the verification level', async () => {
    await newUser('dan');
    const sent = await call('dan', '/api/app/coin/member/verified', {
      payload: { realName: 'Dan Brown', country: 'GB', idType: 'passport', idNumber: '123456789' },
    });
    expect((await withdraw('dan', '2500')).code).toBe(ERRORS.withdrawLimitExceeded);
    expect((await call('ops', '/api/admin/kyc/review', { payload: { id: sent.data.id, approve: true } })).code).toBe(
      200,
    );
    expect((await withdraw('dan', '2500')).code).toBe(200);
    expect(await remaining('dan')).toMatchObject({
      limits: ['2000', '50000', '2000000'],
      used: '2500',
      remaining: '47500',
    });
  });

  it('takes new numbers from operators only, audited, never lower for a higher level', async () => {
    expect((await call('dan', LIMITS, { payload: { level0: '1', level1: '2', level2: '3' } })).status).toBe(403);
    for (const bad of [
      { level0: '100', level1: '50', level2: '1000' },
      { level0: '-1', level1: '2', level2: '3' },
      { level0: 'x', level1: '2', level2: '3' },
      { level0: '1.123456789', level1: '2', level2: '3' },
    ]) {
      expect((await call('ops', LIMITS, { payload: bad })).code, JSON.stringify(bad)).toBe(
        ERRORS.withdrawLimitsInvalid,
      );
    }
    for (const value of [1, null, true, []])
      expect((await call('ops', LIMITS, { payload: { level0: value, level1: '2', level2: '3' } })).code).toBe(400);
    expect((await call('ops', LIMITS, { method: 'GET' })).data).toEqual(['2000', '50000', '2000000']);
    expect(
      (await call('ops', LIMITS, { payload: { level0: '1000', level1: '3000.5', level2: '1000000' } })).data,
    ).toEqual(['1000', '3000.5', '1000000']);
    expect(await remaining('dan')).toMatchObject({ limits: ['1000', '3000.5', '1000000'], remaining: '500.5' });
    expect((await withdraw('dan', '600')).code).toBe(ERRORS.withdrawLimitExceeded);
    const audit = await call('ops', '/api/admin/audit', { method: 'GET' });
    expect(audit.data.records[0]).toMatchObject({ action: 'kyc.limits', targetId: 'identity.withdrawLimits' });
  });
});
