import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../isomorphic/contract/codes.ts';
import { api, testApp } from '../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { ManualClock } from '../clock/clock.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { auditLedger, balanceOf } from '../ledger/ledger.ts';
import { seedOperator } from '../seed/operator.ts';
import { payRebates } from './payout.ts';

/**
 * One-minute periods: the second-contract settlement job runs every 250 ms, so each simulated minute is 240 of its
 * runs.
 */
const PERIOD = 60_000;
const T0 = Date.UTC(2026, 0, 1);

/**
 * Three generations: alpha invited bravo, bravo invited charlie, charlie invited delta; echo was invited by nobody
 * and trades against delta; xray is a stranger. Delta sells SOL for USDT as the taker, so delta pays the fee in USDT.
 */
describe.each(FEATURE_DIALECTS)('referral rebates over the API, on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  const clock = new ManualClock(T0);
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const call = (who: string, url: string, opts: Parameters<typeof api>[2] = {}) =>
    api(app, url, { token: tokens[who], ...opts });
  const usdt = async (who: string) =>
    (await app.core.settled(), await balanceOf(t.db, ids[who]!, ACCOUNT.spot, 'USDT')).available;
  const feeIncome = async () =>
    (await app.core.settled(), await balanceOf(t.db, null, ACCOUNT.feeIncome, 'USDT')).available;
  const logIn = async () => {
    for (const who of Object.keys(ids))
      tokens[who] = (
        await api(app, '/api/user/login', { payload: { type: 'account', username: `${who}_ref`, password: 'abc123' } })
      ).data.token;
    tokens.ops = (
      await api(app, '/api/user/login', { payload: { type: 'email', email: 'ops@example.com', password: 'opspass1' } })
    ).data.token;
  };
  const start = async () => {
    ({ app } = await testApp(t.db, { REFERRAL_PERIOD_MINUTES: '1' }, clock));
    await logIn();
  };
  /** Echo bids, delta sells into the bid: one trade of `qty` SOL at 185.00 with delta as taker. */
  const trade = async (qty: string) => {
    expect(
      (
        await call('echo', '/api/currency/order/submit', {
          payload: { symbol: 'solusdt', side: 'buy', type: 'limit', price: '185.00', quantity: qty },
        })
      ).data.status,
    ).toBe('open');
    expect(
      (
        await call('delta', '/api/currency/order/submit', {
          payload: { symbol: 'solusdt', side: 'sell', type: 'limit', price: '185.00', quantity: qty },
        })
      ).data.status,
    ).toBe('filled');
  };

  beforeAll(async () => {
    t = await open();
    await seedOperator(t.db, 'ops@example.com', 'opspass1');
    ({ app } = await testApp(t.db, { REFERRAL_PERIOD_MINUTES: '1' }, clock));
    let inviteCode: string | undefined;
    for (const who of ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'xray']) {
      const invited = ['bravo', 'charlie', 'delta'].includes(who);
      const reg = await api(app, '/api/user/register', {
        payload: {
          type: 'account',
          username: `${who}_ref`,
          password: 'abc123',
          confirmPassword: 'abc123',
          ...(invited ? { inviteCode } : {}),
        },
      });
      expect(reg.code).toBe(200);
      ids[who] = reg.data.id;
      inviteCode = reg.data.inviteCode;
    }
    await logIn();
    await call('ops', '/api/admin/credit', { payload: { username: 'delta_ref', asset: 'SOL', amount: '100' } });
    await call('ops', '/api/admin/credit', { payload: { username: 'echo_ref', asset: 'USDT', amount: '100000' } });
  });
  afterAll(async () => {
    expect(await auditLedger(t.db)).toEqual([]);
    await app.close();
    await t.drop();
  });

  it('pays each generation its share of the fees a promoted user paid, once the period is over', async () => {
    const income = await feeIncome();
    await trade('10');
    // Delta paid 0.1% of 1,850 USDT: 1.85 USDT, of which 90% (1.665) went to fee income.
    expect((await feeIncome()) - income).toBe(166_500_000n);
    expect(await usdt('charlie')).toBe(0n);
    await clock.advance(PERIOD);
    expect(await usdt('charlie')).toBe(37_000_000n); // 20%
    expect(await usdt('bravo')).toBe(18_500_000n); // 10%
    expect(await usdt('alpha')).toBe(9_250_000n); // 5%
    expect(await usdt('echo')).toBe(100_000n * 100_000_000n - 1_850n * 100_000_000n);
    expect(income + 166_500_000n - (await feeIncome())).toBe(64_750_000n);
    const bills = await call('charlie', '/api/asset/getMyBill', { query: { billType: 'referral_rebate' } });
    expect(bills.data.records).toMatchObject([{ coin: 'USDT', billType: 'referral_rebate', available: '0.37000000' }]);
  });

  it('shows each referrer their own programme: counts per generation, masked users, rebates per day and per user', async () => {
    const info = await call('alpha', '/api/agentActivityInfo/getAgentInfo', { payload: { offsetMinutes: 480 } });
    expect(info.data).toMatchObject({
      rates: [2000, 1000, 500],
      promoted: { total: 3, byGeneration: [1, 1, 1] },
      earned: [{ asset: 'USDT', amount: '0.09250000' }],
      today: [{ asset: 'USDT', amount: '0.09250000' }],
      periodMinutes: 1,
      paidUpTo: T0 + PERIOD,
    });
    expect(info.data.inviteCode).toMatch(/^[A-Z2-9]{8}$/);
    // No body at all reads as the defaults.
    expect((await call('alpha', '/api/agentActivityInfo/getAgentInfo')).data.promoted.total).toBe(3);

    const third = await call('alpha', '/api/agentActivityInfo/getAgentList', { payload: { generation: 3 } });
    expect(third.data).toMatchObject({ total: 1, current: 1, size: 15, pages: 1 });
    expect(third.data.records).toEqual([
      {
        name: 'de****ef',
        generation: 3,
        registerTime: expect.any(Number),
        rebates: [{ asset: 'USDT', amount: '0.09250000' }],
      },
    ]);
    expect(
      (await call('alpha', '/api/agentActivityInfo/getAgentList', { payload: { generation: 1 } })).data.records.map(
        (r: { name: string }) => r.name,
      ),
    ).toEqual(['br****ef']);
    expect(JSON.stringify(third.data)).not.toContain('delta_ref');

    const days = await call('charlie', '/api/agentActivityInfo/getRewardDays', { payload: { offsetMinutes: 0 } });
    expect(days.data.records).toEqual([{ dayStart: T0, asset: 'USDT', amount: '0.37000000', users: 1 }]);
    // Eight hours ahead of UTC the same rebate is still on 1 January, whose midnight was at 16:00 UTC the day before.
    const east = await call('charlie', '/api/agentActivityInfo/getRewardDays', { payload: { offsetMinutes: 480 } });
    expect(east.data.records[0].dayStart).toBe(T0 - 8 * 3_600_000);
    const users = await call('bravo', '/api/agentActivityInfo/getRewardUsers', {});
    expect(users.data.records).toEqual([
      { name: 'de****ef', generation: 2, asset: 'USDT', amount: '0.18500000', lastTime: T0 + PERIOD },
    ]);

    // A stranger sees an empty programme of their own, and nothing of anyone else's.
    const stranger = await call('xray', '/api/agentActivityInfo/getAgentInfo', {});
    expect(stranger.data).toMatchObject({ promoted: { total: 0, byGeneration: [0, 0, 0] }, earned: [], today: [] });
    for (const path of ['getAgentList', 'getRewardDays', 'getRewardUsers'])
      expect((await call('xray', `/api/agentActivityInfo/${path}`, {})).data).toMatchObject({ records: [], total: 0 });
  });

  it('pays a period once: its run repeated, or a run for an earlier cut-off, finds nothing left to pay', async () => {
    const before = await usdt('charlie');
    const deps = { db: t.db, core: app.core, clock };
    expect(await payRebates(deps, T0 + PERIOD)).toEqual({ payoutId: null, trades: 0, rebates: 0 });
    expect(await payRebates(deps, T0 + PERIOD / 2)).toEqual({ payoutId: null, trades: 0, rebates: 0 });
    expect(await usdt('charlie')).toBe(before);
  });

  it('catches up after downtime: each missed period pays the trades made in it, oldest first', async () => {
    await clock.advance(10_000);
    await trade('1'); // at 1:10 (minutes:seconds), in the period that ends at 2:00
    const before = await usdt('charlie');
    await app.close();
    await clock.advance(3 * PERIOD); // the platform is down from 1:10 until 4:10
    await start();
    await app.jobs.idle();
    expect((await usdt('charlie')) - before).toBe(3_700_000n);
    const payouts = await t.db.all<{ cut_off: bigint; rebates: bigint }>(
      'SELECT cut_off, rebates FROM referral_payouts WHERE from_trade >= 0 ORDER BY id',
    );
    expect(payouts.map((p) => [Number(p.cut_off) - T0, Number(p.rebates)])).toEqual([
      [PERIOD, 3],
      [2 * PERIOD, 3],
    ]);
  });

  it('refuses bad input with a translated message and changes nothing', async () => {
    for (const path of ['getAgentInfo', 'getAgentList', 'getRewardDays', 'getRewardUsers']) {
      const res = await api(app, `/api/agentActivityInfo/${path}`, { payload: {} });
      expect(res.status, path).toBe(401);
    }
    const bad: Array<[string, object]> = [
      ['getAgentList', { generation: 4 }],
      ['getAgentList', { generation: '1' }],
      ['getAgentList', { generation: 0 }],
      ['getAgentList', { generation: true }],
      ['getAgentList', { current: 0 }],
      ['getAgentList', { size: 1000 }],
      ['getAgentList', { size: [15] }],
      ['getAgentInfo', { offsetMinutes: 100_000 }],
      ['getRewardDays', { offsetMinutes: '480' }],
      ['getRewardUsers', { current: 1.5 }],
    ];
    for (const [path, payload] of bad) {
      const res = await call('alpha', `/api/agentActivityInfo/${path}`, { payload, lang: 'de' });
      expect([res.status, res.code], `${path} ${JSON.stringify(payload)}`).toEqual([400, 400]);
      expect(res.msg).not.toMatch(/[a-z]+\.[a-z]+/); // a sentence, not a dictionary key
    }
    expect(
      (await call('alpha', '/api/agentActivityInfo/getAgentList', { payload: { generation: 4 }, lang: 'de' })).msg,
    ).toMatch(/ungültig|Wert/i);
  });

  it('lets only operators read and change the rates, within 0–90% together, audited', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/admin/referral', undefined],
      ['POST', '/api/admin/referral/rates', { rates: [1, 1, 1] }],
      ['POST', '/api/admin/referral/settle', undefined],
    ] as const) {
      expect((await call('alpha', url, { method, payload })).status).toBe(403);
      expect((await api(app, url, { method, payload })).status).toBe(401);
    }
    for (const rates of [
      [5000, 4000, 1],
      [9001, 0, 0],
      [-1, 0, 0],
      [2000, 1000],
      [2000, 1000, 500, 100],
      ['2000', 1000, 500],
      [20.5, 10, 5],
      null,
    ]) {
      const res = await call('ops', '/api/admin/referral/rates', { payload: { rates }, lang: 'fr' });
      expect([res.status, res.code], JSON.stringify(rates)).toEqual([
        400,
        rates?.length === 3 && rates.every((r) => typeof r === 'number' && Number.isInteger(r) && r >= 0 && r <= 9000)
          ? ERRORS.referralRatesInvalid
          : 400,
      ]);
    }
    const sumTooHigh = await call('ops', '/api/admin/referral/rates', {
      payload: { rates: [5000, 4000, 1] },
      lang: 'fr',
    });
    expect(sumTooHigh).toMatchObject({ code: ERRORS.referralRatesInvalid, msg: expect.stringContaining('90') });
    expect((await call('ops', '/api/admin/referral', { method: 'GET' })).data.rates).toEqual([2000, 1000, 500]);
    expect((await t.db.all("SELECT 1 AS one FROM admin_audit WHERE action LIKE 'referral.%'")).length).toBe(0);
  });

  it('pays the fees charged so far at the old rates before a change, then the new rates', async () => {
    await clock.advance(5_000);
    await trade('10'); // 1.85 USDT of fees under 20 / 10 / 5
    await clock.advance(1);
    const before = await usdt('charlie');
    const changed = await call('ops', '/api/admin/referral/rates', { payload: { rates: [3000, 1000, 0] } });
    expect(changed.data.rates).toEqual([3000, 1000, 0]);
    expect((await usdt('charlie')) - before).toBe(37_000_000n);
    const audit = await call('ops', '/api/admin/audit', { method: 'GET' });
    expect(audit.data.records.slice(0, 2).map((r: { action: string }) => r.action)).toEqual([
      'referral.rates',
      'referral.settle',
    ]);
    expect(JSON.parse(audit.data.records[0].detail)).toEqual({
      rebateRates: { before: [2000, 1000, 500], after: [3000, 1000, 0] },
    });

    const alpha = await usdt('alpha');
    await trade('10');
    await clock.advance(1);
    expect((await call('ops', '/api/admin/referral/settle')).data).toMatchObject({ trades: 1, rebates: 2 });
    expect((await usdt('charlie')) - before).toBe(37_000_000n + 55_500_000n); // then 30%
    expect(await usdt('alpha')).toBe(alpha); // the third generation now earns nothing
  });

  it('pays once when operators press twice at the same moment', async () => {
    await trade('10');
    await clock.advance(1);
    const before = await usdt('charlie');
    const results = await Promise.all([1, 2, 3].map(() => call('ops', '/api/admin/referral/settle')));
    expect(results.filter((r) => r.code === 200 && r.data.rebates === 2)).toHaveLength(1);
    for (const r of results) expect([200, ERRORS.rebatesRaced]).toContain(r.code);
    expect((await usdt('charlie')) - before).toBe(55_500_000n);
  });
});
