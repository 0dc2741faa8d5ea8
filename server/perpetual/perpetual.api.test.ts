import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../isomorphic/contract/codes.ts';
import {
  INSURANCE_REASONS,
  type ContractView,
  type FundingInfo,
  type InsuranceFund,
  type InsuranceFundRecord,
  type Liquidation,
  type PerpAccount,
  type PerpOrder,
  type PerpPosition,
  type StopOrder,
  type PerpConditional,
  type TrailingStop,
} from '../../isomorphic/contract/perpetual.ts';
import { formatUnits, parseUnits } from '../../isomorphic/money/units.ts';
import type { PositionMessage } from '../../isomorphic/contract/private-feed.ts';
import { api, operatorToken, signUp, testApp } from '../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { priceFeed } from '../../tests/support/price-feed.ts';
import { ManualClock } from '../clock/clock.ts';
import { userTopics } from '../feeds/topics.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { auditLedger, balanceOf } from '../ledger/ledger.ts';

/** A funding boundary, so the test's minute-long funding interval starts clean. */
const T0 = Date.UTC(2026, 0, 1);
const FUNDING_MS = 60_000;
/** Money on the wire (8 decimals, signed) in units. */
const units = (text: string) =>
  (text.startsWith('-') ? -1n : 1n) * (parseUnits(text.replace(/^-/, ''), 8) as { value: bigint }).value;

/**
 * Perpetuals over the API on a whole app whose clock, mark ticks and funding the test drives, with the index
 * from a price feed on loopback that the test moves.
 */
describe.each(FEATURE_DIALECTS)('perpetual futures over the API, on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let feed: Awaited<ReturnType<typeof priceFeed>>;
  let ops: string;
  const feedPrices: Record<string, string> = { BTCUSDT: '96500.00', ETHUSDT: '3450.00' };
  const users: Record<string, { id: number; token: string }> = {};
  const clock = new ManualClock(T0);
  const pushed: PositionMessage[] = [];
  /** What the funding settlement left to the insurance fund, as the users' balances show it. */
  let fundingRemainder = 0n;
  const call = <T = unknown>(
    user: string,
    url: string,
    payload?: Record<string, unknown>,
    query?: Record<string, string>,
  ) => api<T>(app, url, { token: users[user]!.token, ...(payload ? { payload } : {}), ...(query ? { query } : {}) });
  const order = (user: string, body: Record<string, unknown>) =>
    call<PerpOrder>(user, '/api/contract/order/submit', body);
  const positions = async (user: string) =>
    (await call<PerpPosition[]>(user, '/api/contract/position/list', undefined, {})).data;
  const account = async (user: string, kind = 'usdt') =>
    (
      await api<PerpAccount[]>(app, '/api/perpetual/account', {
        method: 'GET',
        token: users[user]!.token,
        query: { kind },
      })
    ).data[0]!;
  const contract = (user: string, asset = 'USDT') => balanceOf(t.db, users[user]!.id, ACCOUNT.contract, asset);
  /** Moves the index and lets a second pass: the sampler takes it, the mark job ticks every contract. */
  const tick = async (prices: Record<string, string> = {}, ms = 1_000) => {
    Object.assign(feedPrices, prices);
    await clock.advance(ms);
    await app.core.settled();
  };
  const fund = async (name: string, asset: string, amount: string) => {
    await api(app, '/api/admin/credit', { token: ops, payload: { username: `${name}_perp`, asset, amount } });
    expect((await call(name, '/api/asset/transferFunds', { coin: asset, from: 1, to: 2, amount })).code).toBe(200);
  };

  beforeAll(async () => {
    t = await open();
    feed = await priceFeed(feedPrices);
    ({ app } = await testApp(
      t.db,
      { PRICE_FEED_URL: feed.url, PERP_FUNDING_INTERVAL_MS: String(FUNDING_MS), MARKET_MAKERS: '0' },
      clock,
    ));
    ops = await operatorToken(app, t.db);
    for (const name of ['alice', 'bob', 'carol', 'dave']) {
      users[name] = await signUp(app, `${name}_perp`);
      await fund(name, 'USDT', '100000');
      app.bus.subscribe(userTopics.position(users[name]!.id), (m) => void pushed.push(m as PositionMessage));
    }
    app.prices.start(app.jobs, 1_000);
    await tick();
  });
  afterAll(async () => {
    await app.close();
    await feed.close();
    await t.drop();
  });

  it('lists the four contracts with their marks taken from the spot index', async () => {
    const list = (await api<ContractView[]>(app, '/api/app/coin/open/getContract', { method: 'GET' })).data;
    expect(list.map((c) => c.symbol).sort()).toEqual(['btcusd_perp', 'btcusdt_perp', 'ethusd_perp', 'ethusdt_perp']);
    const btc = list.find((c) => c.symbol === 'btcusdt_perp')!;
    expect(btc).toMatchObject({
      kind: 'usdt',
      marginAsset: 'USDT',
      mark: '96500.0',
      index: '96500.0',
      maxLeverage: 125,
      tickSize: '0.1',
      stepSize: '0.001',
    });
    expect(list.find((c) => c.symbol === 'btcusd_perp')).toMatchObject({
      kind: 'coin',
      marginAsset: 'BTC',
      contractSize: '100',
      mark: '96500.0',
    });
    // The chart's mark line: candles of the mark, as each tick took it.
    const marks = (
      await api<Array<{ close: string }>>(app, '/api/perpetual/kline', {
        method: 'GET',
        query: { symbol: 'btcusdt_perp', interval: '1m', price: 'mark' },
      })
    ).data;
    expect(marks.at(-1)?.close).toBe('96500.0');
    expect(
      (await api(app, '/api/perpetual/kline', { method: 'GET', query: { symbol: 'btcusdt_perp', price: 'index' } }))
        .code,
    ).toBe(ERRORS.badRequest);
    const coins = (
      await api<{ contractList: Array<{ symbol: string }> }>(app, '/api/common/getCoinList', { payload: {} })
    ).data.contractList;
    expect(coins.map((c) => c.symbol)).toContain('ethusdt_perp');
  });

  it('opens a cross long against a resting short, charging fees and holding no margin beyond the order', async () => {
    expect(
      (
        await call('bob', '/api/app/coin/contract/updateLeverageRadio', {
          symbol: 'btcusdt_perp',
          leverage: 10,
          marginMode: 'cross',
        })
      ).code,
    ).toBe(200);
    expect(
      (
        await call('alice', '/api/app/coin/contract/updateLeverageRadio', {
          symbol: 'btcusdt_perp',
          leverage: 10,
          marginMode: 'cross',
        })
      ).code,
    ).toBe(200);
    const ask = await order('bob', {
      symbol: 'btcusdt_perp',
      side: 'sell',
      type: 'limit',
      price: '96500',
      quantity: '1',
    });
    expect(ask.data).toMatchObject({ status: 'open', margin: '9650.00000000', leverage: 10, marginMode: 'cross' });
    expect(await contract('bob')).toEqual({ available: 90_350_00000000n, frozen: 9_650_00000000n });
    const buy = await order('alice', { symbol: 'btcusdt_perp', side: 'buy', type: 'market', quantity: '0.5' });
    expect(buy.data).toMatchObject({ status: 'filled', filledQty: '0.500', avgPrice: '96500.0', fee: '24.12500000' });
    // Cross: the taker's margin went back to the account; only the fee left it. The maker's remaining half still holds.
    expect(await contract('alice')).toEqual({ available: 99_975_87500000n, frozen: 0n });
    expect(await contract('bob')).toEqual({ available: 95_165_35000000n, frozen: 4_825_00000000n });
    const [long] = await positions('alice');
    expect(long).toMatchObject({
      symbol: 'btcusdt_perp',
      side: 'long',
      quantity: '0.500',
      entryPrice: '96500.0',
      leverage: 10,
      marginMode: 'cross',
      margin: '4825.00000000',
    });
    expect(Number(long!.liquidationPrice)).toBeLessThan(1000);
    expect(pushed.some((m) => m.positionId === String(long!.id) && m.status === 'open')).toBe(true);
    expect(await auditLedger(t.db)).toEqual([]);
  });

  it('refuses bad orders with translated errors and changes nothing', async () => {
    const before = await contract('carol');
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ symbol: 'dogeusdt_perp', side: 'buy', type: 'limit', price: '1', quantity: '1' }, ERRORS.perpUnknownContract],
      [{ symbol: 'btcusdt_perp', side: 'buy', type: 'limit', price: '96500.05', quantity: '0.1' }, ERRORS.tooPrecise],
      [{ symbol: 'btcusdt_perp', side: 'buy', type: 'limit', price: '50000', quantity: '0.1' }, ERRORS.priceOutOfBand],
      [{ symbol: 'btcusdt_perp', side: 'buy', type: 'limit', price: '96000', quantity: '0' }, ERRORS.mustBePositive],
      [
        { symbol: 'btcusdt_perp', side: 'buy', type: 'limit', price: '96000', quantity: '50' },
        ERRORS.perpInsufficientMargin,
      ],
      [
        { symbol: 'btcusdt_perp', side: 'sell', type: 'limit', price: '96000', quantity: '0.1', reduceOnly: true },
        ERRORS.perpReduceOnlyWouldIncrease,
      ],
      [
        { symbol: 'btcusdt_perp', side: 'sell', type: 'market', quantity: '0.1', timeInForce: 'POST_ONLY' },
        ERRORS.postOnlyMarket,
      ],
      [{ symbol: 'btcusdt_perp', side: 'buy', type: 'limit', price: '96000', quantity: 'abc' }, ERRORS.invalidNumber],
      [{ symbol: 'btcusdt_perp', side: 'buy', type: 'limit', price: ['96000'], quantity: '1' }, ERRORS.badRequest],
    ];
    for (const [body, code] of cases) expect((await order('carol', body)).code, JSON.stringify(body)).toBe(code);
    expect(
      (
        await call('carol', '/api/app/coin/contract/updateLeverageRadio', {
          symbol: 'btcusdt_perp',
          leverage: 126,
          marginMode: 'cross',
        })
      ).code,
    ).toBe(ERRORS.badRequest);
    expect(
      (
        await call('carol', '/api/app/coin/contract/updateLeverageRadio', {
          symbol: 'ethusd_perp',
          leverage: 101,
          marginMode: 'cross',
        })
      ).code,
    ).toBe(ERRORS.perpLeverageOutOfRange);
    expect(
      (
        await call('carol', '/api/app/coin/contract/updateLeverageRadio', {
          symbol: 'btcusdt_perp',
          leverage: 125,
          marginMode: 'cross',
        })
      ).code,
    ).toBe(200);
    expect(
      (await order('carol', { symbol: 'btcusdt_perp', side: 'buy', type: 'limit', price: '96000', quantity: '1' }))
        .code,
    ).toBe(ERRORS.perpSizeOverBracket);
    const de = await api(app, '/api/contract/order/submit', {
      token: users.carol!.token,
      lang: 'de',
      payload: { symbol: 'btcusdt_perp', side: 'buy', type: 'limit', price: '50000', quantity: '0.1' },
    });
    expect(de.msg).toMatch(/^Der Preis muss zwischen 91675.0 und 101325.0 liegen$/);
    expect(await contract('carol')).toEqual(before);
    expect(await positions('carol')).toEqual([]);
  });

  it('keeps isolated margin apart: add, reduce within what the position needs, TP/SL on the right side', async () => {
    expect(
      (
        await call('carol', '/api/app/coin/contract/updateLeverageRadio', {
          symbol: 'btcusdt_perp',
          leverage: 20,
          marginMode: 'isolated',
        })
      ).code,
    ).toBe(200);
    const bid = await order('dave', {
      symbol: 'btcusdt_perp',
      side: 'buy',
      type: 'limit',
      price: '96400',
      quantity: '1',
    });
    expect(bid.code).toBe(200);
    const sell = await order('carol', { symbol: 'btcusdt_perp', side: 'sell', type: 'market', quantity: '0.2' });
    expect(sell.data).toMatchObject({ status: 'filled', avgPrice: '96400.0', marginMode: 'isolated' });
    const [short] = await positions('carol');
    expect(short).toMatchObject({
      side: 'short',
      marginMode: 'isolated',
      leverage: 20,
      quantity: '0.200',
      entryPrice: '96400.0',
    });
    const margin = BigInt(short!.margin.replace('.', ''));
    expect(await contract('carol')).toMatchObject({ frozen: margin });
    expect(
      (
        await call('carol', '/api/app/coin/contract/updateLeverageRadio', {
          symbol: 'btcusdt_perp',
          leverage: 20,
          marginMode: 'cross',
        })
      ).code,
    ).toBe(ERRORS.perpMarginModeLocked);
    const add = await call<PerpPosition>('carol', '/api/contract/position/adjustAmount', undefined, {
      id: String(short!.id),
      money: '500',
      flag: '1',
    });
    expect(add.data.margin).toBe((Number(short!.margin) + 500).toFixed(8));
    const tooMuch = await call('carol', '/api/contract/position/adjustAmount', undefined, {
      id: String(short!.id),
      money: '5000',
      flag: '2',
    });
    expect(tooMuch.code).toBe(ERRORS.perpMarginReduceTooMuch);
    expect(
      (
        await call('carol', '/api/contract/position/adjustAmount', undefined, {
          id: String(short!.id),
          money: '200',
          flag: '2',
        })
      ).code,
    ).toBe(200);
    expect(
      (
        await call('alice', '/api/contract/position/adjustAmount', undefined, {
          id: String(short!.id),
          money: '1',
          flag: '1',
        })
      ).code,
    ).toBe(ERRORS.perpNoPosition);
    // Another user's position and order are not theirs to close or cancel.
    expect((await call('alice', '/api/contract/position/stopOrder', undefined, { id: String(short!.id) })).code).toBe(
      ERRORS.perpNoPosition,
    );
    const rest = await order('carol', {
      symbol: 'btcusdt_perp',
      side: 'sell',
      type: 'limit',
      price: '97000',
      quantity: '0.01',
    });
    expect((await call('alice', '/api/contract/order/canCelOrder', undefined, { id: String(rest.data.id) })).code).toBe(
      ERRORS.orderNotFound,
    );
    expect(
      (await call<PerpOrder>('carol', '/api/contract/order/canCelOrder', undefined, { id: String(rest.data.id) })).data
        .status,
    ).toBe('cancelled');
    expect((await call('carol', '/api/contract/order/canCelOrder', undefined, { id: String(rest.data.id) })).code).toBe(
      ERRORS.orderNotOpen,
    );
    // A double submit with one client key places one order.
    const twice = await Promise.all(
      [0, 1].map(() =>
        order('carol', {
          symbol: 'btcusdt_perp',
          side: 'sell',
          type: 'limit',
          price: '97100',
          quantity: '0.01',
          clientKey: 'carol-once-0001',
        }),
      ),
    );
    expect(twice.map((r) => r.code)).toEqual([200, 200]);
    expect(twice[0]!.data.id).toBe(twice[1]!.data.id);
    expect(
      (await call<{ total: number }>('carol', '/api/contract/order/list', undefined, { state: 'open' })).data.total,
    ).toBe(1);
    expect(
      (await call<PerpOrder>('carol', '/api/contract/order/canCelOrder', undefined, { id: String(twice[0]!.data.id) }))
        .data.status,
    ).toBe('cancelled');
    const wrong = await call('carol', '/api/contract/loss/sett', {
      symbol: 'btcusdt_perp',
      kind: 'takeProfit',
      triggerPrice: '99000',
      triggerBy: 'mark',
    });
    expect(wrong.code).toBe(ERRORS.perpStopWrongSide);
    const liq = Number((await positions('carol'))[0]!.liquidationPrice);
    const beyond = await call('carol', '/api/contract/loss/sett', {
      symbol: 'btcusdt_perp',
      kind: 'stopLoss',
      triggerPrice: String(Math.ceil(liq + 100)),
      triggerBy: 'mark',
    });
    expect(beyond.code).toBe(ERRORS.perpStopBeyondLiquidation);
    const tp = await call<StopOrder>('carol', '/api/contract/loss/sett', {
      symbol: 'btcusdt_perp',
      kind: 'takeProfit',
      triggerPrice: '90000',
      triggerBy: 'last',
    });
    expect(tp.data).toMatchObject({ kind: 'takeProfit', status: 'active', positionSide: 'short' });
    const listed = (await call<StopOrder[]>('carol', '/api/contract/loss/list', undefined, {})).data;
    expect(listed.map((s) => s.id)).toContain(tp.data.id);
    expect((await call('alice', '/api/contract/loss/cancel', undefined, { id: String(tp.data.id) })).code).toBe(
      ERRORS.perpStopNotFound,
    );
    expect(
      (await call<StopOrder>('carol', '/api/contract/loss/cancel', undefined, { id: String(tp.data.id) })).data.status,
    ).toBe('cancelled');
    expect(await auditLedger(t.db)).toEqual([]);
  });

  it('keeps cross positions’ margin out of transfers: what is needed cannot leave the account', async () => {
    const acct = await account('alice');
    expect(Number(acct.maxWithdraw)).toBeLessThan(Number(acct.walletBalance));
    const all = await call('alice', '/api/asset/transferFunds', {
      coin: 'USDT',
      from: 2,
      to: 1,
      amount: acct.walletBalance,
    });
    expect(all).toMatchObject({
      code: ERRORS.contractMarginReserved,
      msg: `Open positions need this margin: at most ${acct.maxWithdraw} USDT can leave the contract account now`,
    });
    expect(
      (await call('alice', '/api/asset/transferFunds', { coin: 'USDT', from: 2, to: 1, amount: acct.maxWithdraw }))
        .code,
    ).toBe(200);
    expect(
      (await call('alice', '/api/asset/transferFunds', { coin: 'USDT', from: 2, to: 1, amount: '0.01' })).code,
    ).toBe(ERRORS.contractMarginReserved);
    expect(
      (await call('alice', '/api/asset/transferFunds', { coin: 'USDT', from: 1, to: 2, amount: acct.maxWithdraw }))
        .code,
    ).toBe(200);
  });

  it('settles funding at the funding time between longs and shorts, the remainder to the insurance fund', async () => {
    const total = async () => {
      let sum = 0n;
      for (const name of Object.keys(users)) sum += (await contract(name)).available + (await contract(name)).frozen;
      return sum;
    };
    const before = { alice: await contract('alice'), bob: await contract('bob'), all: await total() };
    const fundBefore = await balanceOf(t.db, null, ACCOUNT.insuranceFund, 'USDT');
    await tick({}, FUNDING_MS);
    const info = (
      await api<FundingInfo>(app, '/api/app/coin/getFundingRate', {
        method: 'GET',
        query: { symbolName: 'btcusdt_perp' },
      })
    ).data;
    expect(info.history.length).toBe(1);
    const rate = Number(info.history[0]!.rate);
    expect(rate).not.toBe(0);
    const after = { alice: await contract('alice'), bob: await contract('bob') };
    // Alice is long 0.5 (pays a positive rate), Bob short 0.5 (receives).
    const paid = before.alice.available - after.alice.available;
    expect(paid > 0n === rate > 0).toBe(true);
    const insuranceGain = (await balanceOf(t.db, null, ACCOUNT.insuranceFund, 'USDT')).available - fundBefore.available;
    expect(after.bob.available - before.bob.available).toBeGreaterThan(0n);
    // Whatever the users paid, the other users and the insurance fund (rounding) received.
    expect((await total()) - before.all + insuranceGain).toBe(0n);
    expect(insuranceGain >= 0n && insuranceGain < 10n).toBe(true);
    fundingRemainder = insuranceGain;
    expect(await auditLedger(t.db)).toEqual([]);
  });

  it('liquidates an isolated short when the mark reaches its liquidation price, within its bankruptcy price', async () => {
    const [short] = await positions('carol');
    const liq = Number(short!.liquidationPrice);
    await call('dave', '/api/app/coin/close/onekey', { oneKeySymbolNameList: [], contractType: 1 });
    // The index jumps past the liquidation price; the mark follows within a few ticks (the last price lags).
    for (let i = 0; i < 5 && (await positions('carol')).length; i++) await tick({ BTCUSDT: (liq * 1.2).toFixed(2) });
    expect(await positions('carol')).toEqual([]);
    const mine = (
      await api<Liquidation[]>(app, '/api/perpetual/liquidations', {
        method: 'GET',
        token: users.carol!.token,
        query: {},
      })
    ).data;
    expect(mine[0]).toMatchObject({ kind: 'liquidation', side: 'short', symbol: 'btcusdt_perp' });
    expect(await contract('carol')).toMatchObject({ frozen: 0n });
    expect(await auditLedger(t.db)).toEqual([]);
  });

  it('trades a coin-margined contract in whole contracts of 100 USD, margined and settled in BTC', async () => {
    await fund('dave', 'BTC', '1');
    await fund('bob', 'BTC', '1');
    const mark = (
      await api<ContractView[]>(app, '/api/app/coin/open/getContract', { method: 'GET', query: { type: 'coin' } })
    ).data.find((c) => c.symbol === 'btcusd_perp')!;
    expect(mark).toMatchObject({ kind: 'coin', marginAsset: 'BTC', contractSize: '100', stepSize: '1' });
    expect(
      (await order('bob', { symbol: 'btcusd_perp', side: 'sell', type: 'limit', price: mark.mark!, quantity: '100' }))
        .code,
    ).toBe(200);
    expect(
      (await order('dave', { symbol: 'btcusd_perp', side: 'buy', type: 'limit', price: mark.mark!, quantity: '100.5' }))
        .code,
    ).toBe(ERRORS.tooPrecise);
    const buy = await order('dave', { symbol: 'btcusd_perp', side: 'buy', type: 'market', quantity: '100' });
    expect(buy.data).toMatchObject({ status: 'filled', filledQty: '100', marginAsset: 'BTC' });
    const [long] = (await positions('dave')).filter((p) => p.symbol === 'btcusd_perp');
    // 100 contracts × 100 USD at the mark, in BTC; 20× leverage by default.
    const value = (100 * 100) / Number(mark.mark);
    expect(Number(long!.notional)).toBeCloseTo(value, 7);
    expect(Number(long!.margin)).toBeCloseTo(value / 20, 7);
    expect(long).toMatchObject({ kind: 'coin', side: 'long', quantity: '100', marginAsset: 'BTC' });
    const btc = await account('dave', 'coin');
    expect(btc.asset).toBe('BTC');
    expect(await auditLedger(t.db)).toEqual([]);
  });

  it('closes everything in one step', async () => {
    const mark = (await api<ContractView[]>(app, '/api/app/coin/open/getContract', { method: 'GET' })).data.find(
      (c) => c.symbol === 'btcusdt_perp',
    )!.mark!;
    // Bob's old ask would meet his own bid (self-trade prevention cancels the newer one): he cancels it first.
    for (const o of (
      await call<{ records: PerpOrder[] }>('bob', '/api/contract/order/list', undefined, { state: 'open' })
    ).data.records) {
      expect(
        (await call<PerpOrder>('bob', '/api/contract/order/canCelOrder', undefined, { id: String(o.id) })).data.status,
      ).toBe('cancelled');
    }
    expect(await contract('bob')).toMatchObject({ frozen: 0n });
    expect(
      (await order('bob', { symbol: 'btcusdt_perp', side: 'buy', type: 'limit', price: mark, quantity: '1' })).code,
    ).toBe(200);
    const r = await call<{ closed: number }>('alice', '/api/app/coin/close/onekey', {
      oneKeySymbolNameList: ['btcusdt_perp'],
    });
    expect(r.code).toBe(200);
    expect(await positions('alice')).toEqual([]);
    expect(await auditLedger(t.db)).toEqual([]);
  });

  it('publishes the insurance fund: its balance per asset and every intake and payout with its reason, paged', async () => {
    const fundOf = async (query: Record<string, string> = {}) =>
      api<InsuranceFund>(app, '/api/perpetual/insurance-fund', { method: 'GET', query });
    // Erin goes long 0.1 BTC at 100× isolated against Finn's ask; the only bid left is Finn's, 3% under her entry,
    // past her bankruptcy price. When the index falls past her liquidation price, the liquidation sells no lower than
    // the bankruptcy price and deleverages the rest against Finn's short there: the fund pays nothing for her.
    for (const name of ['erin', 'finn']) {
      users[name] = await signUp(app, `${name}_perp`);
      await fund(name, 'USDT', '100000');
    }
    // An empty book: Bob's bid from the last step would take Finn's ask.
    for (const o of (
      await call<{ records: PerpOrder[] }>('bob', '/api/contract/order/list', undefined, { state: 'open' })
    ).data.records)
      await call('bob', '/api/contract/order/canCelOrder', undefined, { id: String(o.id) });
    const mark = (await api<ContractView[]>(app, '/api/app/coin/open/getContract', { method: 'GET' })).data.find(
      (c) => c.symbol === 'btcusdt_perp',
    )!.mark!;
    expect(
      (
        await call('erin', '/api/app/coin/contract/updateLeverageRadio', {
          symbol: 'btcusdt_perp',
          leverage: 100,
          marginMode: 'isolated',
        })
      ).code,
    ).toBe(200);
    expect(
      (await order('finn', { symbol: 'btcusdt_perp', side: 'sell', type: 'limit', price: mark, quantity: '0.1' })).code,
    ).toBe(200);
    expect(
      (
        await order('erin', {
          symbol: 'btcusdt_perp',
          side: 'buy',
          type: 'limit',
          price: mark,
          quantity: '0.1',
          timeInForce: 'IOC',
        })
      ).data,
    ).toMatchObject({ status: 'filled' });
    const [long] = await positions('erin');
    expect(
      (
        await order('finn', {
          symbol: 'btcusdt_perp',
          side: 'buy',
          type: 'limit',
          price: (Number(mark) * 0.97).toFixed(1),
          quantity: '0.1',
        })
      ).code,
    ).toBe(200);
    const fundBefore = (await balanceOf(t.db, null, ACCOUNT.insuranceFund, 'USDT')).available;
    const fallen = (Number(long!.liquidationPrice) * 0.995).toFixed(2);
    for (let i = 0; i < 10 && (await positions('erin')).length; i++) await tick({ BTCUSDT: fallen });
    expect(await positions('erin')).toEqual([]);
    const [sold] = (
      await api<Liquidation[]>(app, '/api/perpetual/liquidations', {
        method: 'GET',
        token: users.erin!.token,
        query: {},
      })
    ).data;
    // The bankruptcy price of a 100× long: where its loss uses up the margin, entry × (1 − 1/100) to the tick.
    expect(Math.abs(Number(sold!.price) - Number(long!.entryPrice) * 0.99)).toBeLessThanOrEqual(0.2);
    expect((await balanceOf(t.db, null, ACCOUNT.insuranceFund, 'USDT')).available - fundBefore).toBe(units(sold!.fee));

    const all = await fundOf({ size: '100' });
    expect(all.code).toBe(200);
    const { balances, history } = all.data;
    // The balances are the ledger's, per asset the fund holds.
    for (const b of balances)
      expect(units(b.balance)).toBe((await balanceOf(t.db, null, ACCOUNT.insuranceFund, b.asset)).available);
    expect(balances.map((b) => b.asset)).toEqual(['BTC', 'ETH', 'USDT']);
    expect(history.total).toBe(history.records.length);
    const ids = history.records.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(history.records.every((r) => (INSURANCE_REASONS as readonly string[]).includes(r.reason))).toBe(true);
    // Per asset, oldest first, each record moves the balance from the one before it to its own; the last is the
    // balance.
    for (const b of balances) {
      let running = 0n;
      for (const r of history.records.filter((x) => x.asset === b.asset).reverse()) {
        running += units(r.amount);
        expect(units(r.balance)).toBe(running);
      }
      expect(running).toBe(units(b.balance));
    }
    const of = (reason: string, asset = 'USDT') =>
      history.records.filter((r) => r.reason === reason && r.asset === asset);
    const sum = (rs: InsuranceFundRecord[]) => rs.reduce((n, r) => n + units(r.amount), 0n);
    // In: the seed, the liquidation fees, the funding remainder.
    expect(['USDT', 'BTC', 'ETH'].map((a) => of('insurance_funding', a).map((r) => r.amount))).toEqual([
      ['1000000.00000000'],
      ['20.00000000'],
      ['300.00000000'],
    ]);
    const liquidated = [];
    for (const name of ['carol', 'erin'])
      liquidated.push(
        ...(
          await api<Liquidation[]>(app, '/api/perpetual/liquidations', {
            method: 'GET',
            token: users[name]!.token,
            query: {},
          })
        ).data,
      );
    expect(sum(of('perp_liquidation_fee'))).toBe(liquidated.reduce((n, l) => n + units(l.fee), 0n));
    expect(sum(of('perp_funding'))).toBe(fundingRemainder);
    // No order a user chose, nor a liquidation within its bankruptcy price, ever paid out of the fund.
    expect(of('perp_insurance')).toEqual([]);
    expect(history.records[0]!.time).toBeLessThanOrEqual(clock.now());

    // Paged and by asset; anyone may read it, bad queries are refused.
    const second = await fundOf({ size: '2', page: '2' });
    expect(second.data.history).toMatchObject({
      total: history.total,
      page: 2,
      size: 2,
      records: history.records.slice(2, 4),
    });
    expect((await fundOf({ asset: 'BTC' })).data.history.records.map((r) => r.reason)).toEqual(['insurance_funding']);
    for (const bad of [{ asset: 'btc!' }, { size: '0' }, { size: '101' }, { page: 'x' }] as Array<
      Record<string, string>
    >)
      expect((await fundOf(bad)).status).toBe(400);
    expect(await auditLedger(t.db)).toEqual([]);
  });
  it('closes part of a position from its row and keeps a trailing stop, refusing what it must in the caller’s language', async () => {
    for (const name of ['gina', 'hugo']) {
      users[name] = await signUp(app, `${name}_perp`);
      await fund(name, 'USDT', '100000');
    }
    // ETHUSDT: no earlier test left an order on its book.
    expect(
      (await order('gina', { symbol: 'ethusdt_perp', side: 'sell', type: 'limit', price: '3460', quantity: '1' })).code,
    ).toBe(200);
    expect((await order('hugo', { symbol: 'ethusdt_perp', side: 'buy', type: 'market', quantity: '1' })).code).toBe(
      200,
    );
    const long = (await positions('hugo')).find((p) => p.symbol === 'ethusdt_perp')!;
    expect(long).toMatchObject({ side: 'long', quantity: '1.000' });
    const close = (body: Record<string, unknown>, lang?: string) =>
      api<PerpOrder>(app, '/api/contract/position/close', {
        token: users.hugo!.token,
        payload: { id: long.id, ...body },
        ...(lang ? { lang } : {}),
      });
    const over = await close({ type: 'limit', price: '3500', quantity: '2' }, 'de');
    expect([over.code, over.msg]).toEqual([4118, 'Die Menge ist größer als die Position: höchstens 1.000']);
    // Another user's position id is not theirs to close.
    const theirs = await api(app, '/api/contract/position/close', {
      token: users.gina!.token,
      payload: { id: long.id, type: 'market', quantity: '0.1' },
    });
    expect(theirs.code).toBe(4106);
    // Above every bid: it rests.
    const part = await close({ type: 'limit', price: '3500', quantity: '0.4' });
    expect(part.data).toMatchObject({
      side: 'sell',
      type: 'limit',
      reduceOnly: true,
      quantity: '0.400',
      status: 'open',
    });

    const trailing = (user: string, body: Record<string, unknown>) =>
      call<TrailingStop>(user, '/api/contract/trailing/sett', {
        symbol: 'ethusdt_perp',
        side: 'sell',
        quantity: '1',
        callbackRate: '1.5',
        triggerBy: 'mark',
        ...body,
      });
    for (const [body, code] of [
      [{ callbackRate: '6' }, 4119],
      [{ callbackRate: '0.05' }, 4119],
      [{ callbackRate: 'x' }, ERRORS.invalidNumber],
      [{ activationPrice: '3400' }, 4120],
      [{ side: 'buy' }, 4105],
      [{ quantity: '1.5' }, 4118],
    ] as const)
      expect((await trailing('hugo', body)).code, JSON.stringify(body)).toBe(code);
    expect((await trailing('gina', { side: 'sell' })).code).toBe(4105);
    const placed = await trailing('hugo', {});
    expect(placed.code, placed.msg).toBe(200);
    const mark = units((await positions('hugo')).find((p) => p.symbol === 'ethusdt_perp')!.markPrice) / 1_000_000n;
    expect(placed.data).toMatchObject({
      side: 'sell',
      callbackRate: '1.5',
      activationPrice: null,
      workingPrice: formatUnits((mark * 9_850n) / 10_000n, 2),
      status: 'active',
    });
    const list = async (user: string) =>
      (await call<TrailingStop[]>(user, '/api/contract/trailing/list', undefined, {})).data;
    expect((await list('hugo')).map((x) => x.id)).toEqual([placed.data.id]);
    expect(await list('gina')).toEqual([]);
    // Gina's token cannot cancel Hugo's trailing stop; Hugo's can, once.
    const cancel = (user: string) =>
      call<TrailingStop>(user, '/api/contract/trailing/cancel', undefined, { id: String(placed.data.id) });
    expect((await cancel('gina')).code).toBe(4121);
    expect((await list('hugo'))[0]!.status).toBe('active');
    expect((await cancel('hugo')).data.status).toBe('cancelled');
    expect((await cancel('hugo')).code).toBe(4121);
    expect((await list('hugo'))[0]!.status).toBe('cancelled');
    expect(await auditLedger(t.db)).toEqual([]);
  });

  it('places a stop-limit by the mark, refuses a reached trigger in the caller’s language, lists and cancels it', async () => {
    users.ivy = await signUp(app, 'ivy_perp');
    await fund('ivy', 'USDT', '1000');
    const sett = (body: Record<string, unknown>, lang?: string) =>
      api<PerpConditional>(app, '/api/contract/conditional/sett', {
        token: users.ivy!.token,
        payload: { symbol: 'ethusdt_perp', side: 'buy', type: 'STOP', quantity: '1', triggerBy: 'mark', ...body },
        ...(lang ? { lang } : {}),
      });
    // A buy stop fires when the price rises to it: at or under the mark it would fire at once.
    const reached = await sett({ price: '3000', stopPrice: '3000' }, 'zh-CN');
    expect(reached.code).toBe(4123);
    expect(reached.msg).toContain('触发价须高于当前价格');
    expect((await sett({ stopPrice: '9000' })).code).toBe(ERRORS.orderFieldRequired);
    // Accepted without a position or a hold: margin is checked when it fires.
    const placed = await sett({ price: '9100', stopPrice: '9000' });
    expect(placed.code, placed.msg).toBe(200);
    expect(placed.data).toMatchObject({ type: 'STOP', price: '9100.00', stopPrice: '9000.00', status: 'active' });
    const list = (user: string) =>
      call<PerpConditional[]>(user, '/api/contract/conditional/list', undefined, {}).then((r) => r.data);
    expect((await list('ivy')).map((o) => o.id)).toEqual([placed.data.id]);
    const cancel = (user: string) =>
      call<PerpConditional>(user, '/api/contract/conditional/cancel', undefined, { id: String(placed.data.id) });
    expect((await cancel('hugo')).code).toBe(4125);
    expect((await cancel('ivy')).data.status).toBe('cancelled');
    expect((await cancel('ivy')).code).toBe(4125);
    expect(await auditLedger(t.db)).toEqual([]);
  });
});
