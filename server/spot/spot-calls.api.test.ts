import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../isomorphic/contract/codes.ts';
import { formatUnits } from '../../isomorphic/money/units.ts';
import { api, operatorToken, signUp, testApp } from '../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { auditLedger, balanceOf } from '../ledger/ledger.ts';
import { priceBand } from './market.ts';

/**
 * The coin family's spot calls (docs/requirements.md §7): entrust/exchange, cancel/entrust, transaction/details,
 * open/transaction, getPriceComparison, getEntrustLogCurrency.
 */
describe.each(FEATURE_DIALECTS)('coin-family spot calls on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  const users: Record<string, { id: number; token: string }> = {};
  const orderIds: Record<string, number> = {};

  const place = (who: string, body: object) =>
    api(app, '/api/app/coin/entrust/exchange', { token: users[who]!.token, payload: { symbol: 'btcusdt', ...body } });
  const details = (who: string | undefined, query: Record<string, string | string[]>) =>
    api(app, '/api/app/coin/transaction/details', { token: who ? users[who]!.token : undefined, query });

  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db));
    const ops = await operatorToken(app, t.db);
    for (const who of ['alice', 'bob', 'carol']) users[who] = await signUp(app, `${who}_coin`);
    const credit = (who: string, asset: string, amount: string) =>
      api(app, '/api/admin/credit', { token: ops, payload: { username: `${who}_coin`, asset, amount } });
    expect((await credit('alice', 'BTC', '2')).code).toBe(200);
    expect((await credit('bob', 'USDT', '100000')).code).toBe(200);
  });
  afterAll(async () => {
    expect(await auditLedger(t.db)).toEqual([]);
    await app.close();
    await t.drop();
  });

  it('entrust/exchange places an order exactly as currency/order/submit does', async () => {
    const a = await place('alice', { side: 'sell', type: 'limit', price: '96000', quantity: '0.1' });
    expect(a).toMatchObject({
      status: 200,
      code: 200,
      data: { symbol: 'btcusdt', side: 'sell', status: 'open', price: '96000.00', quantity: '0.10000' },
    });
    const b = await place('alice', { side: 'sell', type: 'limit', price: '96010', quantity: '0.2' });
    orderIds.ask1 = a.data.id;
    orderIds.ask2 = b.data.id;
    expect(await balanceOf(t.db, users.alice!.id, ACCOUNT.spot, 'BTC')).toEqual({
      available: 170_000_000n,
      frozen: 30_000_000n,
    });
    // One buy sweeps the first ask and part of the second: two fills.
    const buy = await place('bob', { side: 'buy', type: 'limit', price: '96010', quantity: '0.15' });
    expect(buy.data).toMatchObject({ status: 'filled', tradedQuantity: '0.15000', avgPrice: '96003.33' });
    orderIds.buy = buy.data.id;
    // The same refusals as the currency family's name: a price off the band, a wrong type.
    expect((await place('bob', { side: 'buy', type: 'limit', price: '1', quantity: '1' })).code).toBe(
      ERRORS.priceOutOfBand,
    );
    expect((await place('bob', { side: 'buy', type: 'limit', price: 96000, quantity: '1' })).status).toBe(400);
  });

  it('transaction/details answers the caller’s order with its fills, oldest first, and pages them', async () => {
    const res = await details('bob', { id: String(orderIds.buy) });
    expect(res.code).toBe(200);
    expect(res.data.order).toMatchObject({ id: orderIds.buy, status: 'filled', tradedQuantity: '0.15000' });
    expect(res.data).toMatchObject({ total: 2, page: 1, size: 50 });
    expect(res.data.records).toMatchObject([
      {
        orderId: orderIds.buy,
        side: 'buy',
        role: 'taker',
        price: '96000.00',
        quantity: '0.10000',
        amount: '9600.00000000',
        fee: '0.00010000',
        feeAsset: 'BTC',
      },
      {
        orderId: orderIds.buy,
        side: 'buy',
        role: 'taker',
        price: '96010.00',
        quantity: '0.05000',
        amount: '4800.50000000',
        fee: '0.00005000',
        feeAsset: 'BTC',
      },
    ]);
    const second = await details('bob', { id: String(orderIds.buy), page: '2', size: '1' });
    expect(second.data.records.map((f: { price: string }) => f.price)).toEqual(['96010.00']);
    // The maker sees the same fill from her side.
    const maker = await details('alice', { id: String(orderIds.ask2) });
    expect(maker.data.order).toMatchObject({ id: orderIds.ask2, tradedQuantity: '0.05000' });
    expect(maker.data.records).toMatchObject([
      { side: 'sell', role: 'maker', quantity: '0.05000', fee: '4.80050000', feeAsset: 'USDT' },
    ]);
    // An order that never traded has no fills.
    const idle = await place('alice', { side: 'sell', type: 'limit', price: '99000', quantity: '0.01' });
    orderIds.idle = idle.data.id;
    expect((await details('alice', { id: String(idle.data.id) })).data).toMatchObject({ total: 0, records: [] });
  });

  it('another user’s order, or one that does not exist, is not found; no token is 401 before the input is read', async () => {
    for (const [who, id] of [
      ['carol', orderIds.buy],
      ['bob', orderIds.ask2],
      ['alice', 999_999_999],
    ] as const) {
      const res = await details(who, { id: String(id) });
      expect(res).toMatchObject({ status: 400, code: ERRORS.orderNotFound, data: null });
    }
    expect((await details(undefined, { id: String(orderIds.buy) })).status).toBe(401);
    expect((await details(undefined, { id: 'x' })).status).toBe(401);
    expect((await api(app, '/api/app/coin/transaction/details', { token: 'garbage', query: { id: '1' } })).status).toBe(
      401,
    );
  });

  it.each([[' 1'], ['01'], ['1e3'], ['0x2'], ['1.0'], ['0'], ['-1'], ['true'], ['9'.repeat(20)], [['1', '2']]])(
    'transaction/details refuses the order id %j',
    async (id) => {
      const res = await details('bob', { id });
      expect(res).toMatchObject({ status: 400, code: ERRORS.badRequest });
      expect(res.msg).not.toMatch(/^validation\./);
    },
  );

  it('cancel/entrust cancels only the caller’s own open order and gives back what it held', async () => {
    const cancel = (who: string, id: number) =>
      api(app, '/api/app/coin/cancel/entrust', { token: users[who]!.token, query: { id: String(id) } });
    expect((await cancel('bob', orderIds.ask2!)).code).toBe(ERRORS.orderNotFound);
    expect((await cancel('carol', orderIds.idle!)).code).toBe(ERRORS.orderNotFound);
    const res = await cancel('alice', orderIds.ask2!);
    expect(res.data).toMatchObject({ id: orderIds.ask2, status: 'cancelled', tradedQuantity: '0.05000' });
    expect((await cancel('alice', orderIds.ask2!)).code).toBe(ERRORS.orderNotOpen);
    expect((await api(app, '/api/app/coin/cancel/entrust', { query: { id: String(orderIds.idle) } })).status).toBe(401);
    expect(
      (await api(app, '/api/app/coin/cancel/entrust', { token: users.alice!.token, query: { id: '1e3' } })).status,
    ).toBe(400);
    // Only the idle order's 0.01 BTC is still held.
    expect(await balanceOf(t.db, users.alice!.id, ACCOUNT.spot, 'BTC')).toEqual({
      available: 184_000_000n,
      frozen: 1_000_000n,
    });
  });

  it('entrust/exchange needs a token before anything in the body is read', async () => {
    for (const payload of ['{', 'null', JSON.stringify({ symbol: 1 })]) {
      const res = await api(app, '/api/app/coin/entrust/exchange', {
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res).toMatchObject({ status: 401, code: ERRORS.unauthorized });
    }
    const text = await api(app, '/api/app/coin/entrust/exchange', {
      payload: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(401);
  });

  it('open/transaction answers the latest trades of a market, newest first, by symbol or by its two coins', async () => {
    const byBody = await api(app, '/api/app/coin/open/transaction', { payload: { symbol: 'BTCUSDT' } });
    expect(
      byBody.data.map((x: { price: string; quantity: string; side: string }) => [x.price, x.quantity, x.side]),
    ).toEqual([
      ['96010.00', '0.05000', 'buy'],
      ['96000.00', '0.10000', 'buy'],
    ]);
    expect(
      (await api(app, '/api/app/coin/open/transaction', { payload: { symbol: 'btcusdt', limit: 1 } })).data,
    ).toHaveLength(1);
    for (const path of ['BTC/USDT', 'btc/usdt']) {
      const res = await api(app, `/api/app/coin/open/transaction/${path}`, { method: 'GET' });
      expect(res.data).toEqual(byBody.data);
    }
    expect(
      (await api(app, '/api/app/coin/open/transaction/BTC/USDT', { method: 'GET', query: { limit: '1' } })).data,
    ).toEqual(byBody.data.slice(0, 1));
    // A market with no trades yet answers an empty list.
    expect((await api(app, '/api/app/coin/open/transaction/ETH/USDT', { method: 'GET' })).data).toEqual([]);
  });

  it.each([
    [
      'a pair split in the wrong place',
      'GET',
      '/api/app/coin/open/transaction/BTCU/SDT',
      undefined,
      ERRORS.unknownMarket,
    ],
    ['an unknown pair', 'GET', '/api/app/coin/open/transaction/NOPE/USDT', undefined, ERRORS.unknownMarket],
    ['a coin with punctuation', 'GET', '/api/app/coin/open/transaction/BT-C/USDT', undefined, ERRORS.badRequest],
    ['a limit of 0', 'GET', '/api/app/coin/open/transaction/BTC/USDT?limit=0', undefined, ERRORS.badRequest],
    ['a limit over 100', 'GET', '/api/app/coin/open/transaction/BTC/USDT?limit=101', undefined, ERRORS.badRequest],
    ['a limit written +5', 'GET', '/api/app/coin/open/transaction/BTC/USDT?limit=%2B5', undefined, ERRORS.badRequest],
    [
      'a limit as a string in a body',
      'POST',
      '/api/app/coin/open/transaction',
      { symbol: 'btcusdt', limit: '5' },
      ERRORS.badRequest,
    ],
    [
      'a limit as a boolean',
      'POST',
      '/api/app/coin/open/transaction',
      { symbol: 'btcusdt', limit: true },
      ERRORS.badRequest,
    ],
    ['a symbol as an array', 'POST', '/api/app/coin/open/transaction', { symbol: ['btcusdt'] }, ERRORS.badRequest],
    ['no symbol', 'POST', '/api/app/coin/open/transaction', {}, ERRORS.badRequest],
    ['an unknown symbol', 'POST', '/api/app/coin/open/transaction', { symbol: 'nopeusdt' }, ERRORS.unknownMarket],
  ])('open/transaction refuses %s', async (_label, method, url, payload, code) => {
    const res = await api(app, url, { method: method as 'GET' | 'POST', ...(payload ? { payload } : {}) });
    expect(res.code).toBe(code);
    expect(res.data).toBeNull();
  });

  it('getPriceComparison sets the last trade against the index price and the band an order must stay in', async () => {
    const all = await api(app, '/api/app/coin/open/getPriceComparison', { payload: {} });
    expect(all.data.map((c: { symbol: string }) => c.symbol)).toEqual([
      'btcusdt',
      'ethusdt',
      'bnbusdt',
      'solusdt',
      'xrpusdt',
      'dogeusdt',
      'adausdt',
      'trxusdt',
      'ltcusdt',
      'dotusdt',
    ]);
    const [btc] = (
      await api(app, '/api/app/coin/open/getPriceComparison', { payload: { symbolNameList: ['BTCUSDT', 'nopeusdt'] } })
    ).data;
    const index = app.prices.get('btcusdt')!;
    const m = app.markets.market('btcusdt');
    const band = priceBand(m, index.price);
    const last = 9_601_000n; // the last trade, 96010.00
    expect(btc).toEqual({
      symbol: 'btcusdt',
      symbol_name: 'BTC/USDT',
      last: '96010.00',
      index: formatUnits(index.price, 2),
      indexSource: 'walk',
      indexTime: index.at,
      indexFresh: true,
      deviation: formatUnits(last - index.price, 2),
      deviationPercent: formatUnits(((last - index.price) * 10_000n) / index.price, 2),
      bandMin: formatUnits(band.min, 2),
      bandMax: formatUnits(band.max, 2),
      // Nothing sampled since the start, when the market had not traded: the mark is the index.
      mark: formatUnits(index.price, 2),
    });
    // The band is the one order entry enforces: a price just outside it is refused, at its edge accepted.
    const below = (band.min - m.tick).toString();
    expect(
      (await place('bob', { side: 'buy', type: 'limit', price: formatUnits(BigInt(below), 2), quantity: '0.0001' }))
        .code,
    ).toBe(ERRORS.priceOutOfBand);
    const edge = await place('bob', { side: 'buy', type: 'limit', price: btc.bandMin, quantity: '0.0001' });
    expect(edge.data.status).toBe('open');
    expect(
      (await api(app, '/api/app/coin/cancel/entrust', { token: users.bob!.token, query: { id: String(edge.data.id) } }))
        .code,
    ).toBe(200);
  });

  it.each([
    [{ symbolNameList: 'btcusdt' }],
    [{ symbolNameList: [1] }],
    [{ symbolNameList: Array(201).fill('btcusdt') }],
    [{ symbolNameList: ['b'] }],
  ])('getPriceComparison refuses %j', async (payload) => {
    expect((await api(app, '/api/app/coin/open/getPriceComparison', { payload })).code).toBe(ERRORS.badRequest);
  });

  it('getEntrustLogCurrency lists only the caller’s own pairs, with order counts', async () => {
    await place('bob', { symbol: 'ethusdt', side: 'buy', type: 'limit', price: '3500', quantity: '0.01' });
    const log = (who: string) => api(app, '/api/app/coin/entrust/getEntrustLogCurrency', { token: users[who]!.token });
    const bob = await log('bob');
    expect(
      bob.data.map((p: { symbol: string; orders: number; openOrders: number }) => [p.symbol, p.orders, p.openOrders]),
    ).toEqual([
      ['ethusdt', 1, 1],
      ['btcusdt', 2, 0],
    ]);
    expect(bob.data[0]).toMatchObject({ symbol_name: 'ETH/USDT', baseCoin: 'ETH', quoteCoin: 'USDT' });
    expect((await log('alice')).data).toMatchObject([{ symbol: 'btcusdt', orders: 3, openOrders: 1 }]);
    expect((await log('carol')).data).toEqual([]);
    expect(
      (
        await api(app, '/api/app/coin/entrust/getEntrustLogCurrency', {
          payload: '{',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(401);
  });
});
