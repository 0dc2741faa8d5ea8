import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../isomorphic/contract/codes.ts';
import type { FeeSchedule, MyFees } from '../../isomorphic/contract/fees.ts';
import type { PerpOrder } from '../../isomorphic/contract/perpetual.ts';
import type { FeeLevel } from '../../isomorphic/fees/schedule.ts';
import { createHmac } from 'node:crypto';
import { api, operatorToken, signUp, testApp } from '../../tests/support/app.ts';
import { apiKeyFor } from '../../tests/support/binance.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { priceFeed } from '../../tests/support/price-feed.ts';
import { ManualClock } from '../clock/clock.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { auditLedger, balanceOf } from '../ledger/ledger.ts';
import { payRebates } from '../referral/payout.ts';
import { FEES_PART, type FeeBook } from './fee-book.ts';

/** A minute before a UTC midnight: the trades fall on the day before, the daily job ranks them at midnight. */
const MIDNIGHT = Date.UTC(2026, 0, 1);
const E8 = 100_000_000n;

/**
 * The fee recomputed from a rate in hundredths of a basis point (1,000,000 = 100%), rounded up as the platform
 * rounds: never from server code.
 */
const expectedFee = (amount: bigint, rate: number) => (amount * BigInt(rate) + 999_999n) / 1_000_000n;

/**
 * A schedule with thresholds a test reaches: VIP 0's spot rate (0.12%) is above the markets' own 0.10%, so the
 * market caps it; VIP 1 from 1,000 USDT of spot volume, VIP 2 from 5,000 (perpetual thresholds out of reach). Rates
 * are written in basis points here and sent in the wire's hundredths of one; VIP 2's spot taker is Binance's 0.075%
 * and VIP 1's perpetual maker 0.0175%, which whole basis points could not say.
 */
const level = (n: number, spot: [number, number], perp: [number, number], spotVolume: number, perpVolume: number) =>
  ({
    level: n,
    spotMakerRate: Math.round(spot[0] * 100),
    spotTakerRate: Math.round(spot[1] * 100),
    perpMakerRate: Math.round(perp[0] * 100),
    perpTakerRate: Math.round(perp[1] * 100),
    spotVolume,
    perpVolume,
  }) satisfies FeeLevel;
const SCHEDULE: FeeLevel[] = [
  level(0, [12, 12], [2, 5], 0, 0),
  level(1, [8, 9], [1.75, 4], 1_000, 1_000_000),
  level(2, [5, 7.5], [1, 3], 5_000, 2_000_000),
];

/**
 * VIP levels over the API on a whole app: operators set a schedule (validated, audited), users trade, the daily job
 * ranks them at midnight, and each later fill's fee is the user's level rate recomputed here from the schedule,
 * on spot and on perpetuals, across a restart from the snapshot and from the tables.
 */
describe.each(FEATURE_DIALECTS)('fee levels over the API, on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let feed: Awaited<ReturnType<typeof priceFeed>>;
  let ops: string;
  const clock = new ManualClock(MIDNIGHT - 60_000);
  const users: Record<string, { id: number; token: string }> = {};
  const call = <T = any>(who: string, url: string, payload?: unknown, method?: 'GET') =>
    api<T>(app, url, {
      token: who === 'ops' ? ops : users[who]!.token,
      ...(payload ? { payload } : {}),
      ...(method ? { method } : {}),
    });
  const spotOrder = (who: string, side: 'buy' | 'sell', qty: string) =>
    call(who, '/api/currency/order/submit', { symbol: 'solusdt', side, type: 'limit', price: '185.00', quantity: qty });
  const start = async () => {
    ({ app } = await testApp(t.db, { PRICE_FEED_URL: feed.url, MARKET_MAKERS: '0' }, clock));
    ops = await operatorToken(app, t.db);
    for (const who of Object.keys(users))
      users[who]!.token = (
        await api(app, '/api/user/login', { payload: { type: 'account', username: `${who}_fee`, password: 'abc123' } })
      ).data.token;
  };
  const book = () => app.core.part<FeeBook>(FEES_PART);

  beforeAll(async () => {
    t = await open();
    feed = await priceFeed({ BTCUSDT: '96500.00', SOLUSDT: '185.00' });
    ({ app } = await testApp(t.db, { PRICE_FEED_URL: feed.url, MARKET_MAKERS: '0' }, clock));
    ops = await operatorToken(app, t.db);
    for (const who of ['ann', 'ben', 'cat', 'mia', 'kid']) {
      // Kid was invited by Mia: Mia earns rebates on the fees Kid pays.
      if (who === 'kid') {
        const { inviteCode } = (await call('mia', '/api/agentActivityInfo/getAgentInfo', {})).data;
        const payload = { type: 'account', username: 'kid_fee', password: 'abc123', confirmPassword: 'abc123' };
        const reg = await api(app, '/api/user/register', { payload: { ...payload, inviteCode } });
        const login = await api(app, '/api/user/login', {
          payload: { type: 'account', username: 'kid_fee', password: 'abc123' },
        });
        users.kid = { id: reg.data.id, token: login.data.token };
      } else users[who] = await signUp(app, `${who}_fee`);
      for (const [asset, amount] of [
        ['USDT', '50000'],
        ['SOL', '100'],
        ['BTC', '1'],
      ])
        await call('ops', '/api/admin/credit', { username: `${who}_fee`, asset, amount });
      for (const [coin, amount] of [
        ['USDT', '20000'],
        ['BTC', '1'],
      ])
        expect((await call(who, '/api/asset/transferFunds', { coin, from: 1, to: 2, amount })).code).toBe(200);
    }
    app.prices.start(app.jobs, 1_000);
    await clock.advance(1_000);
  });
  afterAll(async () => {
    expect(await auditLedger(t.db)).toEqual([]);
    await app.close();
    await feed.close();
    await t.drop();
  });

  it('takes a valid schedule from operators only, refuses a bad one with a translated reason, and audits the change', async () => {
    const before = app.core.stateHash();
    const rising = SCHEDULE.map((l) => (l.level === 2 ? { ...l, spotTakerRate: 1_000 } : l));
    const flat = SCHEDULE.map((l) => (l.level === 2 ? { ...l, spotVolume: 1_000 } : l));
    const gap = SCHEDULE.map((l) => (l.level === 2 ? { ...l, level: 3 } : l));
    const freeVip0 = SCHEDULE.map((l) => (l.level === 0 ? { ...l, perpVolume: 10 } : l));
    for (const [levels, code] of [
      [rising, ERRORS.feeScheduleRates],
      [flat, ERRORS.feeScheduleThresholds],
      [freeVip0, ERRORS.feeScheduleThresholds],
      [gap, ERRORS.feeScheduleCount],
      [SCHEDULE.map((l) => ({ ...l, spotMakerRate: 10_001 })), ERRORS.badRequest],
      [SCHEDULE.map((l) => ({ ...l, perpTakerRate: 2.5 })), ERRORS.badRequest],
      [[], ERRORS.badRequest],
    ] as const) {
      const answer = await call('ops', '/api/admin/fees/schedule', { levels });
      expect(answer.code).toBe(code);
      expect(answer.msg).not.toMatch(/^error\.|^validation\./);
    }
    const de = await api(app, '/api/admin/fees/schedule', { token: ops, lang: 'de', payload: { levels: rising } });
    expect(de.msg).not.toBe((await call('ops', '/api/admin/fees/schedule', { levels: rising })).msg);
    expect((await call('ann', '/api/admin/fees/schedule', { levels: SCHEDULE })).code).toBe(ERRORS.forbidden);
    expect(app.core.stateHash()).toBe(before);

    const set = await call<FeeSchedule>('ops', '/api/admin/fees/schedule', { levels: SCHEDULE });
    expect(set).toMatchObject({ code: 200, data: { levels: SCHEDULE, windowDays: 30 } });
    expect((await api<FeeSchedule>(app, '/api/fees/schedule', { method: 'GET' })).data.levels).toEqual(SCHEDULE);
    const audit = await call('ops', '/api/admin/audit', undefined, 'GET');
    expect(audit.data.records[0]).toMatchObject({ action: 'fees.schedule' });
  });

  it('ranks users by their 30-day volume at midnight and shows each only their own level', async () => {
    // Ann and Kid take 30 SOL (5,550 USDT) each and Ben 6 SOL (1,110 USDT) from Mia's offers; Cat does not trade.
    for (const [buyer, qty] of [
      ['ann', '30'],
      ['ben', '6'],
      ['kid', '30'],
    ] as const) {
      expect((await spotOrder('mia', 'sell', qty)).data.status).toBe('open');
      expect((await spotOrder(buyer, 'buy', qty)).data.status).toBe('filled');
    }
    expect(book().levelOf(users.ann!.id)).toBe(0);
    // A snapshot from before the ranking, for the last test to replay the journal from.
    await app.core.saveSnapshot();
    await clock.advance(60_000);
    await app.core.settled();
    const levels = Object.fromEntries(Object.keys(users).map((who) => [who, book().levelOf(users[who]!.id)]));
    expect(levels).toEqual({ ann: 2, ben: 1, cat: 0, mia: 2, kid: 2 });

    const ben = await call<MyFees>('ben', '/api/fees/mine', undefined, 'GET');
    expect(ben.data).toEqual({
      level: SCHEDULE[1],
      spotVolume: '1110.00000000',
      perpVolume: '0.00000000',
      next: SCHEDULE[2],
      windowDays: 30,
    });
    expect((await call<MyFees>('ann', '/api/fees/mine', undefined, 'GET')).data).toMatchObject({
      level: SCHEDULE[2],
      spotVolume: '5550.00000000',
      next: null,
    });
    // No token: refused before anything is read; each token sees its own user only.
    expect((await api(app, '/api/fees/mine', { method: 'GET' })).code).toBe(401);
    expect((await call<MyFees>('cat', '/api/fees/mine', undefined, 'GET')).data.level.level).toBe(0);
  });

  it('tells the bots’ door each user’s own rates: the level’s, capped by the market’s or contract’s', async () => {
    const key = await apiKeyFor(app, users.ann!.token, ['read']);
    let calls = 0;
    // A signature is used once (docs/api/binance.md): each call's recvWindow differs.
    const signed = async (path: string, params: string) => {
      const query = `${params}${params ? '&' : ''}recvWindow=${5_000 + calls++}&timestamp=${clock.now()}`;
      const signature = createHmac('sha256', key.secret).update(query).digest('hex');
      const res = await app.inject({
        method: 'GET',
        url: `${path}?${query}&signature=${signature}`,
        headers: { 'x-mbx-apikey': key.apiKey },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const rates = (maker: string, taker: string) => ({ maker, taker, buyer: '0.00000000', seller: '0.00000000' });
    expect(await signed('/api/v3/account', '')).toMatchObject({
      // Binance's integer fields are whole basis points: 7.5 shows as 8, what a fill pays at most; the rates exact.
      makerCommission: 5,
      takerCommission: 8,
      commissionRates: rates('0.00050000', '0.00075000'),
    });
    expect(await signed('/api/v3/account/commission', 'symbol=SOLUSDT')).toMatchObject({
      symbol: 'SOLUSDT',
      standardCommission: rates('0.00050000', '0.00075000'),
    });
    expect(await signed('/fapi/v1/commissionRate', 'symbol=BTCUSDT')).toEqual({
      symbol: 'BTCUSDT',
      makerCommissionRate: '0.00010000',
      takerCommissionRate: '0.00030000',
    });
    expect(await signed('/fapi/v2/account', '')).toMatchObject({ feeTier: 2 });
  });

  it('charges every spot fill the rate of each side’s own level, capped by the market’s', async () => {
    const rows = async () =>
      t.db.all<{ maker_fee: bigint; taker_fee: bigint }>('SELECT maker_fee, taker_fee FROM trades ORDER BY id DESC');
    const cases = [
      // [maker, taker, maker sells?]: the maker's and taker's levels differ in each.
      ['ann', 'cat', true],
      ['cat', 'ben', true],
      ['ben', 'ann', false],
    ] as const;
    for (const [maker, taker, makerSells] of cases) {
      const sol = async (who: string) => (await balanceOf(t.db, users[who]!.id, ACCOUNT.spot, 'SOL')).available;
      await app.core.settled();
      const takerSol = await sol(taker);
      expect((await spotOrder(maker, makerSells ? 'sell' : 'buy', '2')).data.status).toBe('open');
      expect((await spotOrder(taker, makerSells ? 'buy' : 'sell', '2')).data.status).toBe('filled');
      await app.core.settled();
      const [row] = await rows();
      // The buyer pays in SOL (2 SOL received), the seller in USDT (370 USDT received), each at their level's rate
      // for their role, at most the market's 0.10%.
      const rate = (who: string, role: 'maker' | 'taker') => {
        const l = SCHEDULE[book().levelOf(users[who]!.id)]!;
        return Math.min(role === 'maker' ? l.spotMakerRate : l.spotTakerRate, 1_000);
      };
      const paid = (who: string, role: 'maker' | 'taker', buys: boolean) =>
        expectedFee(buys ? 2n * E8 : 370n * E8, rate(who, role));
      expect(BigInt(row!.maker_fee)).toBe(paid(maker, 'maker', !makerSells));
      expect(BigInt(row!.taker_fee)).toBe(paid(taker, 'taker', makerSells));
      if (makerSells) expect((await sol(taker)) - takerSol).toBe(2n * E8 - paid(taker, 'taker', true));
    }
  });

  it('pays referral rebates on the fee a fill actually charged at the invitee’s level', async () => {
    expect((await spotOrder('ann', 'buy', '2')).data.status).toBe('open');
    expect((await spotOrder('kid', 'sell', '2')).data.status).toBe('filled');
    await app.core.settled();
    // Kid, at VIP 2, sold 370 USDT's worth as the taker: 0.075% in USDT, of which Mia's first generation earns 20%.
    const fee = expectedFee(370n * E8, SCHEDULE[2]!.spotTakerRate);
    const [trade] = await t.db.all<{ taker_fee: bigint }>('SELECT taker_fee FROM trades ORDER BY id DESC LIMIT 1');
    expect(BigInt(trade!.taker_fee)).toBe(fee);
    await payRebates({ db: t.db, core: app.core, clock }, clock.now() + 1);
    const rows = await t.db.all<{ fee: bigint; amount: bigint }>(
      `SELECT fee, amount FROM referral_rebates WHERE invitee_id = ? AND asset = 'USDT'`,
      [users.kid!.id],
    );
    expect(rows.map((r) => [BigInt(r.fee), BigInt(r.amount)])).toEqual([[fee, (fee * 2_000n) / 10_000n]]);
  });

  it('charges perpetual fills by level too, and an isolated order holds the contract’s taker fee and releases the rest', async () => {
    const contract = async (who: string) => {
      await app.core.settled();
      return balanceOf(t.db, users[who]!.id, ACCOUNT.contract, 'USDT');
    };
    expect(
      (
        await call('ann', '/api/app/coin/contract/updateLeverageRadio', {
          symbol: 'btcusdt_perp',
          leverage: 10,
          marginMode: 'isolated',
        })
      ).code,
    ).toBe(200);
    const rest = await call<PerpOrder>('ben', '/api/contract/order/submit', {
      symbol: 'btcusdt_perp',
      side: 'sell',
      type: 'limit',
      price: '96500',
      quantity: '0.1',
    });
    expect(rest.data.status).toBe('open');
    const annBefore = await contract('ann');
    const take = await call<PerpOrder>('ann', '/api/contract/order/submit', {
      symbol: 'btcusdt_perp',
      side: 'buy',
      type: 'limit',
      price: '96500',
      quantity: '0.1',
    });
    const value = 9_650n * E8;
    const annFee = expectedFee(value, SCHEDULE[2]!.perpTakerRate);
    const benFee = expectedFee(value, SCHEDULE[1]!.perpMakerRate);
    expect(take.data).toMatchObject({ status: 'filled', fee: (Number(annFee) / 1e8).toFixed(8) });
    const [row] = await t.db.all<{ maker_fee: bigint; taker_fee: bigint }>(
      'SELECT maker_fee, taker_fee FROM perp_trades ORDER BY id DESC LIMIT 1',
    );
    expect([BigInt(row!.maker_fee), BigInt(row!.taker_fee)]).toEqual([benFee, annFee]);
    // Ann's order held 10% margin and the contract's 0.05% fee; the position keeps the margin, 0.03% was charged and
    // the difference came back.
    const annAfter = await contract('ann');
    expect(annBefore.available - annAfter.available).toBe(965n * E8 + annFee);
    expect(annAfter.frozen - annBefore.frozen).toBe(965n * E8);

    // Coin-margined: 10 contracts of 100 USD at 96,500.0, worth 1,000 USD in BTC (rounded down), fees in BTC.
    const inverse = { symbol: 'btcusd_perp', quantity: '10' };
    const sell = await call('ben', '/api/contract/order/submit', {
      ...inverse,
      side: 'sell',
      type: 'limit',
      price: '96500',
    });
    expect(sell.code).toBe(200);
    const buy = await call<PerpOrder>('ann', '/api/contract/order/submit', { ...inverse, side: 'buy', type: 'market' });
    expect(buy.data.status).toBe('filled');
    const coinValue = (10n * 100n * E8 * 10n) / 965_000n;
    const [coinRow] = await t.db.all<{ maker_fee: bigint; taker_fee: bigint }>(
      'SELECT maker_fee, taker_fee FROM perp_trades ORDER BY id DESC LIMIT 1',
    );
    expect([BigInt(coinRow!.maker_fee), BigInt(coinRow!.taker_fee)]).toEqual([
      expectedFee(coinValue, SCHEDULE[1]!.perpMakerRate),
      expectedFee(coinValue, SCHEDULE[2]!.perpTakerRate),
    ]);
    // Both count towards the 30-day perpetual volume in USDT: 9,650 linear plus 1,000 coin-margined.
    for (const who of ['ann', 'ben'])
      expect((await call<MyFees>(who, '/api/fees/mine', undefined, 'GET')).data.perpVolume).toBe('10650.00000000');
  });

  it('keeps the schedule and the levels across a restart: from the last snapshot, by replay, from the tables', async () => {
    const hash = app.core.stateHash();
    const seq = app.core.journaled;
    const levels = [...book().levels];
    await app.close();
    await start();
    expect(app.core.stateHash()).toBe(hash);
    await app.close();
    // Without the snapshots taken at the two stops, the start replays the journal from the one before midnight:
    // the ranking's fees.setLevels and every fill after it, charged by the levels it set, end in the same state.
    const [early] = await t.db.all<{ seq: bigint }>('SELECT MIN(seq) AS seq FROM core_snapshots');
    expect(Number(early!.seq)).toBeLessThan(seq);
    await t.db.run('DELETE FROM core_snapshots WHERE seq > ?', [early!.seq]);
    await start();
    expect(app.core.stateHash()).toBe(hash);
    await app.close();
    await t.db.run('DELETE FROM core_snapshots');
    await start();
    expect([...book().levels]).toEqual(levels);
    expect(book().schedule).toEqual(SCHEDULE);
    // A repeated run of the day changes nothing.
    const { rankUsers } = await import('./fees.service.ts');
    expect(await rankUsers({ db: t.db, core: app.core }, MIDNIGHT)).toBe(0);
  });
});
