import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../isomorphic/contract/codes.ts';
import type { PriceRecord } from '../../isomorphic/contract/prices.ts';
import type { SettlementMessage } from '../../isomorphic/contract/private-feed.ts';
import type {
  SecondsOrder,
  SecondsPeriod,
  SecondsPeriodAdmin,
  SettledSeconds,
} from '../../isomorphic/contract/seconds.ts';
import { api, operatorToken, signUp, testApp } from '../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { ManualClock } from '../clock/clock.ts';
import { userTopics } from '../feeds/topics.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { auditLedger, balanceOf } from '../ledger/ledger.ts';

const T0 = Date.UTC(2026, 0, 1);
const USDT = (whole: number) => BigInt(whole) * 100_000_000n;

/** Second contracts over the API on a whole app whose clock, sampler and settlement job the test drives. */
describe.each(FEATURE_DIALECTS)('second contracts over the API, on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let ops: string;
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };
  let btc30: SecondsPeriod;
  const clock = new ManualClock(T0);
  const pushed: SettlementMessage[] = [];
  const create = (token: string, body: Record<string, unknown>) =>
    api<SecondsOrder>(app, '/api/secondContractOrder/createSecondContractOrder', { token, payload: body });
  const list = (token: string, body: Record<string, unknown> = {}) =>
    api<{ total: number; records: SecondsOrder[] }>(app, '/api/secondContractOrder/selectOrderList', {
      token,
      payload: body,
    });
  const contract = (userId: number) => balanceOf(t.db, userId, ACCOUNT.contract, 'USDT');
  const recordAt = async (symbol: string, second: number) =>
    (
      await api<PriceRecord[]>(app, '/api/app/coin/market/priceRecords', {
        method: 'GET',
        query: { symbol, from: String(second), to: String(second) },
      })
    ).data[0];
  /** Credits USDT to a user's spot account and moves it to the contract account, as a user would. */
  const fund = async (username: string, token: string, amount: number) => {
    await api(app, '/api/admin/credit', { token: ops, payload: { username, asset: 'USDT', amount: String(amount) } });
    const moved = await api(app, '/api/asset/transferFunds', {
      token,
      payload: { coin: 'USDT', from: 1, to: 2, amount: String(amount) },
    });
    expect(moved.code).toBe(200);
  };

  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db, {}, clock));
    ops = await operatorToken(app, t.db);
    alice = await signUp(app, 'alice_sec');
    bob = await signUp(app, 'bob_sec');
    await fund('alice_sec', alice.token, 1_000);
    await fund('bob_sec', bob.token, 200_000);
    for (const u of [alice, bob])
      app.bus.subscribe(userTopics.settlement(u.id), (m) => void pushed.push(m as SettlementMessage));
    app.prices.start(app.jobs, 1_000);
    await app.jobs.idle();
    await clock.advance(2_000);
    btc30 = (await api<SecondsPeriod[]>(app, '/api/period/list', { payload: { symbol: 'BTCUSDT' } })).data.find(
      (p) => p.seconds === 30,
    )!;
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  it('lists the seeded periods per symbol and the markets they are offered on', async () => {
    const periods = (await api<SecondsPeriod[]>(app, '/api/period/list', { payload: {} })).data;
    expect(periods.filter((p) => p.symbol === 'btcusdt').map((p) => p.seconds)).toEqual([30, 60, 120, 300]);
    expect(btc30).toMatchObject({ profitBps: 8_500, lossBps: 10_000, minStake: '10', maxStake: '10000', coin: 'USDT' });
    const coins = (await api<{ coinList: Array<{ symbol: string }> }>(app, '/api/common/getCoinList', { payload: {} }))
      .data.coinList;
    expect(coins.map((c) => c.symbol)).toContain('btcusdt');
  });

  it('opens up and down orders at the recorded index, holds the stakes, and settles both on the record of the maturity second', async () => {
    const up = await create(alice.token, { symbol: 'btcusdt', periodId: btc30.id, direction: 'up', amount: '100' });
    const down = await create(alice.token, { symbol: 'btcusdt', periodId: btc30.id, direction: 'down', amount: '50' });
    expect(up).toMatchObject({
      status: 200,
      code: 200,
      data: { status: 'open', amount: '100.00000000', seconds: 30, direction: 'up' },
    });
    expect(down.data.status).toBe('open');
    // The entry is the index recorded for the sampling second the order names; maturity is 30 s after that second.
    expect((await recordAt('btcusdt', up.data.openPeriod))!.index).toBe(up.data.openPrice);
    expect(up.data.expiresAt).toBe(up.data.openPeriod + 30_000);
    expect(await contract(alice.id)).toEqual({ available: USDT(850), frozen: USDT(150) });
    expect((await list(alice.token)).data.records.map((o) => o.id)).toEqual([down.data.id, up.data.id]);

    await clock.advance(31_000);
    await app.core.settled();
    const history = (await list(alice.token, { state: 'history' })).data.records;
    const close = (await recordAt('btcusdt', up.data.expiresAt))!;
    let expected = USDT(1_000);
    for (const o of history) {
      const open = Number(o.openPrice);
      const shut = Number(close.index);
      expect(o).toMatchObject({ closePrice: close.index, closePeriod: up.data.expiresAt, reason: null });
      const won = shut === open ? 'tie' : shut > open === (o.direction === 'up') ? 'won' : 'lost';
      expect(o.status).toBe(won);
      const stake = o.direction === 'up' ? USDT(100) : USDT(50);
      const change = won === 'won' ? (stake * 8_500n) / 10_000n : won === 'lost' ? -stake : 0n;
      expect(o.profit).toBe((Number(change) / 1e8).toFixed(8));
      expected += change;
    }
    expect(await contract(alice.id)).toEqual({ available: expected, frozen: 0n });
    expect(await auditLedger(t.db)).toEqual([]);
    // Each settlement was pushed to its user once, on the private feed's SETTLEMENT topic.
    expect(pushed.filter((m) => [String(up.data.id), String(down.data.id)].includes(m.orderId))).toHaveLength(2);
    // The public list shows them without any user, with both recorded prices.
    const settled = (
      await api<SettledSeconds[]>(app, '/api/secondContractOrder/settled', { payload: { symbol: 'btcusdt' } })
    ).data;
    expect(settled.find((s) => s.id === up.data.id)).toEqual({
      id: up.data.id,
      symbol: 'btcusdt',
      seconds: 30,
      direction: 'up',
      openPrice: up.data.openPrice,
      openPeriod: up.data.openPeriod,
      closePrice: close.index,
      closePeriod: up.data.expiresAt,
      status: history.find((o) => o.id === up.data.id)!.status,
    });
  });

  it('refuses bad stakes, unknown periods and type-confused bodies with their codes, and holds nothing', async () => {
    const before = await contract(alice.id);
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ amount: '10.5' }, ERRORS.secondsStakeInteger],
      [{ amount: '1e3' }, ERRORS.secondsStakeInteger],
      [{ amount: '0' }, ERRORS.secondsStakeRange],
      [{ amount: '-20' }, ERRORS.secondsStakeRange],
      [{ amount: '10001' }, ERRORS.secondsStakeRange],
      [{ periodId: 999_999 }, ERRORS.secondsPeriodUnknown],
      [{ symbol: 'ethusdt' }, ERRORS.secondsPeriodUnknown],
      [{ periodId: String(btc30.id) }, 400],
      [{ periodId: true }, 400],
      [{ direction: 'sideways' }, 400],
      [{ amount: 100 }, 400],
      [{ amount: '2000' }, ERRORS.insufficientBalance],
    ];
    for (const [change, code] of cases) {
      const res = await create(alice.token, {
        symbol: 'btcusdt',
        periodId: btc30.id,
        direction: 'up',
        amount: '20',
        ...change,
      });
      expect(res.code, JSON.stringify(change)).toBe(code);
      expect(res.msg).not.toMatch(/^error\./);
    }
    const de = await api(app, '/api/secondContractOrder/createSecondContractOrder', {
      token: alice.token,
      lang: 'de',
      payload: { symbol: 'btcusdt', periodId: btc30.id, direction: 'up', amount: '10.5' },
    });
    expect(de.msg).not.toBe(
      (await create(alice.token, { symbol: 'btcusdt', periodId: btc30.id, direction: 'up', amount: '10.5' })).msg,
    );
    expect(await contract(alice.id)).toEqual(before);
    expect((await create('', { symbol: 'btcusdt', periodId: btc30.id, direction: 'up', amount: '20' })).status).toBe(
      401,
    );
  });

  it('answers a repeated client key with the first order, even when both arrive at once', async () => {
    const body = { symbol: 'btcusdt', periodId: btc30.id, direction: 'up', amount: '10', clientKey: 'double-submit-1' };
    const [a, b] = await Promise.all([create(bob.token, body), create(bob.token, body)]);
    expect(a.data.id).toBe(b.data.id);
    expect((await list(bob.token)).data.records.filter((o) => o.id === a.data.id)).toHaveLength(1);
    expect((await create(bob.token, body)).data.id).toBe(a.data.id);
    // The key is the user's own: another user's same key opens their own order.
    expect((await create(alice.token, body)).data.id).not.toBe(a.data.id);
  });

  it('shows each user only their own orders', async () => {
    const bobs = (await list(bob.token)).data.records.map((o) => o.id);
    const alices = (await list(alice.token)).data.records.map((o) => o.id);
    expect(bobs.some((id) => alices.includes(id))).toBe(false);
    expect((await list('')).status).toBe(401);
  });

  it('lets operators change future periods only, audited; the cap on open stakes and the pool refuse what they cannot cover', async () => {
    expect((await api(app, '/api/admin/seconds/periods', { method: 'GET', token: bob.token })).status).toBe(403);
    const saved = await api<SecondsPeriodAdmin>(app, '/api/admin/seconds/period', {
      token: ops,
      payload: {
        symbol: 'ethusdt',
        seconds: 45,
        profitBps: 100_000,
        lossBps: 10_000,
        minStake: 10,
        maxStake: 1_000_000,
        exposureCap: 150,
        active: true,
      },
    });
    expect(saved.data).toMatchObject({ symbol: 'ethusdt', seconds: 45, exposureCap: '150', active: true });
    const order = (amount: string, direction = 'up') =>
      create(bob.token, { symbol: 'ethusdt', periodId: saved.data.id, direction, amount });
    expect((await order('100')).code).toBe(200);
    expect((await order('60')).code).toBe(ERRORS.secondsExposureFull);
    expect((await order('60', 'down')).code).toBe(200);
    // A win would pay 10× the stake: 100,001 × 10 is more than the pool holds.
    await api(app, '/api/admin/seconds/period', {
      token: ops,
      payload: {
        id: saved.data.id,
        symbol: 'ethusdt',
        seconds: 45,
        profitBps: 100_000,
        lossBps: 10_000,
        minStake: 10,
        maxStake: 1_000_000,
        exposureCap: 1_000_000,
        active: true,
      },
    });
    expect((await order('100001', 'down')).code).toBe(ERRORS.secondsPoolFull);
    const audit = await t.db.all<{ action: string }>(
      "SELECT action FROM admin_audit WHERE target_type = 'seconds_period' ORDER BY id",
    );
    expect(audit.map((a) => a.action)).toEqual(['seconds.period.create', 'seconds.period.update']);
    // The open orders keep the rates they were opened with.
    const open = (await list(bob.token, { symbol: 'ethusdt' })).data.records;
    expect(open.every((o) => o.profitBps === 100_000)).toBe(true);
    const pool = await api<{ pool: { balance: string; reserved: string } }>(app, '/api/admin/seconds/periods', {
      method: 'GET',
      token: ops,
    });
    expect(Number(pool.data.pool.reserved)).toBeGreaterThanOrEqual(1_600);
  });

  it('refunds an order whose maturity second has no recorded price, and says why', async () => {
    const o = await create(alice.token, { symbol: 'btcusdt', periodId: btc30.id, direction: 'down', amount: '10' });
    expect(o.code).toBe(200);
    const before = await contract(alice.id);
    app.prices.stop();
    await clock.advance(40_000);
    await app.core.settled();
    const done = (await list(alice.token, { state: 'history' })).data.records.find((r) => r.id === o.data.id)!;
    expect(done).toMatchObject({ status: 'refunded', reason: 'noPrice', closePrice: null, profit: '0.00000000' });
    // Every stake still held (this one, and the one the client-key test opened) comes back whole.
    expect(await contract(alice.id)).toEqual({ available: before.available + before.frozen, frozen: 0n });
    // With the sampler stopped, the latest sample is 40 s old: nothing opens on it.
    expect(
      (await create(alice.token, { symbol: 'btcusdt', periodId: btc30.id, direction: 'up', amount: '10' })).code,
    ).toBe(ERRORS.secondsPriceStale);
    expect(await auditLedger(t.db)).toEqual([]);
  });
});
