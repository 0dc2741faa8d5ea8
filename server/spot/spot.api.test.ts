import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../isomorphic/contract/codes.ts';
import { api, testApp } from '../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { auditLedger, balanceOf } from '../ledger/ledger.ts';
import { seedOperator } from '../seed/operator.ts';
import { spotBooksOf } from './spot-books.ts';

describe.each(FEATURE_DIALECTS)('spot trading on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};

  const submit = (who: string, body: object) =>
    api(app, '/api/currency/order/submit', { token: tokens[who], payload: body });
  const balance = async (who: string, asset: string) => balanceOf(t.db, ids[who]!, ACCOUNT.spot, asset);

  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db));
    await seedOperator(t.db, 'ops@example.com', 'opspass1');
    tokens.ops = (
      await api(app, '/api/user/login', { payload: { type: 'email', email: 'ops@example.com', password: 'opspass1' } })
    ).data.token;
    for (const who of ['alice', 'bob', 'carol']) {
      const reg = await api(app, '/api/user/register', {
        payload: { type: 'account', username: `${who}_trader`, password: 'abc123', confirmPassword: 'abc123' },
      });
      ids[who] = reg.data.id;
      tokens[who] = (
        await api(app, '/api/user/login', {
          payload: { type: 'account', username: `${who}_trader`, password: 'abc123' },
        })
      ).data.token;
    }
    const credit = (who: string, asset: string, amount: string) =>
      api(app, '/api/admin/credit', { token: tokens.ops, payload: { username: `${who}_trader`, asset, amount } });
    expect((await credit('alice', 'BTC', '2')).code).toBe(200);
    expect((await credit('bob', 'USDT', '100000')).code).toBe(200);
    expect((await credit('carol', 'USDT', '50')).code).toBe(200);
  });
  afterAll(async () => {
    expect(await auditLedger(t.db)).toEqual([]);
    await app.close();
    await t.drop();
  });

  it('names the field in the caller’s language inside a refusal', async () => {
    const zero = (lang: string) =>
      api(app, '/api/currency/order/submit', {
        token: tokens.bob,
        lang,
        payload: { symbol: 'btcusdt', side: 'buy', type: 'limit', price: '0', quantity: '0.1' },
      });
    expect((await zero('en')).msg).toBe('The price must be greater than zero');
    expect((await zero('de')).msg).toBe('Preis muss größer als null sein');
  });

  it('only operators can credit test funds', async () => {
    const res = await api(app, '/api/admin/credit', {
      token: tokens.bob,
      payload: { username: 'bob_trader', asset: 'USDT', amount: '1' },
    });
    expect(res).toMatchObject({ status: 403, code: ERRORS.forbidden });
  });

  it('lists the seeded markets with tickers', async () => {
    const res = await api(app, '/api/common/getCoinList');
    const symbols = res.data.currencyList.map((e: { symbol: string }) => e.symbol);
    expect(symbols).toEqual([
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
    expect(res.data.currencyList[0]).toMatchObject({
      symbol_name: 'BTC/USDT',
      part_cou: 2,
      full_cou: 5,
      close: '96500.00',
      zdf: '0.00',
    });
    expect(res.data.mt5List.map((e: { symbol: string }) => e.symbol)).toContain('xauusd');
  });

  it('freezes the seller’s coins while the order rests, and trades with a crossing buyer at the maker’s price', async () => {
    const sell = await submit('alice', {
      symbol: 'btcusdt',
      side: 'sell',
      type: 'limit',
      price: '96000',
      quantity: '0.5',
    });
    expect(sell.data).toMatchObject({ status: 'open', tradedQuantity: '0.00000' });
    expect(await balance('alice', 'BTC')).toEqual({ available: 150_000_000n, frozen: 50_000_000n });

    const buy = await submit('bob', { symbol: 'btcusdt', side: 'buy', type: 'limit', price: '96100', quantity: '0.2' });
    expect(buy.data).toMatchObject({
      status: 'filled',
      tradedQuantity: '0.20000',
      avgPrice: '96000.00',
      fee: '0.00020000',
      feeAsset: 'BTC',
    });
    // Bob held 0.2 × 96,100 and paid 0.2 × 96,000: the difference came back at once.
    expect(await balance('bob', 'USDT')).toEqual({ available: (100_000n - 19_200n) * 100_000_000n, frozen: 0n });
    // 0.1% taker fee on the 0.2 BTC he received.
    expect(await balance('bob', 'BTC')).toEqual({ available: 19_980_000n, frozen: 0n });
    // Alice received 19,200 USDT less 0.1% maker fee; 0.3 BTC is still frozen behind her resting order.
    expect(await balance('alice', 'USDT')).toEqual({ available: 1_918_080_000_000n, frozen: 0n });
    expect(await balance('alice', 'BTC')).toEqual({ available: 150_000_000n, frozen: 30_000_000n });
    // Her resting order now shows as partly filled.
    const open = await api(app, '/api/currency/order/orderList', {
      token: tokens.alice,
      query: { state: 'open', symbol: 'btcusdt' },
    });
    expect(open.data.records.find((o: { id: number }) => o.id === sell.data.id)).toMatchObject({
      status: 'partial',
      tradedQuantity: '0.20000',
    });
    // 10% of every fee went to the safety fund, the rest to fee income.
    expect(await balanceOf(t.db, null, ACCOUNT.safetyFund, 'USDT')).toEqual({ available: 192_000_000n, frozen: 0n });
    expect(await balanceOf(t.db, null, ACCOUNT.feeIncome, 'BTC')).toEqual({ available: 18_000n, frozen: 0n });

    const trades = await api(app, '/api/app/coin/market/trades', { method: 'GET', query: { symbol: 'btcusdt' } });
    expect(trades.data[0]).toMatchObject({ price: '96000.00', quantity: '0.20000', side: 'buy' });
    const ticker = await api(app, '/api/app/coin/market/ticker', { method: 'GET', query: { symbol: 'btcusdt' } });
    expect(ticker.data).toMatchObject({ close: '96000.00', volume: '0.20000000', volume24: '19200.00000000' });
    const candles = await api(app, '/api/app/coin/market/kline', {
      method: 'GET',
      query: { symbol: 'btcusdt', interval: '1h' },
    });
    expect(candles.data.at(-1).slice(1, 6)).toEqual(['96000.00', '96000.00', '96000.00', '96000.00', '0.20000000']);
  });

  it('lists each side’s fills with role and fee', async () => {
    const bob = await api(app, '/api/app/coin/entrust/myExchangeLog', {
      token: tokens.bob,
      query: { symbol: 'btcusdt' },
    });
    expect(bob.data.records[0]).toMatchObject({
      side: 'buy',
      role: 'taker',
      price: '96000.00',
      quantity: '0.20000',
      fee: '0.00020000',
      feeAsset: 'BTC',
    });
    const alice = await api(app, '/api/app/coin/entrust/myExchangeLog', { token: tokens.alice });
    expect(alice.data.records[0]).toMatchObject({
      side: 'sell',
      role: 'maker',
      amount: '19200.00000000',
      fee: '19.20000000',
      feeAsset: 'USDT',
    });
  });

  it('shows the book grouped by a price step', async () => {
    await submit('alice', { symbol: 'btcusdt', side: 'sell', type: 'limit', price: '96050.50', quantity: '0.1' });
    const fine = await api(app, '/api/app/coin/market/depth', { method: 'GET', query: { symbol: 'btcusdt' } });
    expect(fine.data.asks).toEqual([
      ['96000.00', '0.30000'],
      ['96050.50', '0.10000'],
    ]);
    const coarse = await api(app, '/api/app/coin/market/depth', {
      method: 'GET',
      query: { symbol: 'btcusdt', step: '100' },
    });
    expect(coarse.data.asks).toEqual([
      ['96000.00', '0.30000'],
      ['96100.00', '0.10000'],
    ]);
  });

  it('cancels an open order and returns what it held; nobody else can cancel it', async () => {
    const list = await api(app, '/api/currency/order/orderList', {
      token: tokens.alice,
      query: { symbol: 'btcusdt', state: 'open' },
    });
    expect(list.data.total).toBe(2);
    const id = list.data.records[0].id;
    expect((await api(app, '/api/currency/order/cancelOrder', { token: tokens.bob, query: { id } })).code).toBe(
      ERRORS.orderNotFound,
    );
    const cancelled = await api(app, '/api/currency/order/cancelOrder', { token: tokens.alice, query: { id } });
    expect(cancelled.data).toMatchObject({ status: 'cancelled' });
    expect((await api(app, '/api/currency/order/cancelOrder', { token: tokens.alice, query: { id } })).code).toBe(
      ERRORS.orderNotOpen,
    );
    const all = await api(app, '/api/currency/order/cancelAll', { token: tokens.alice, query: { symbol: 'btcusdt' } });
    expect(all.data.cancelled).toBe(1);
    expect(await balance('alice', 'BTC')).toEqual({ available: 180_000_000n, frozen: 0n });
  });

  it('spends a market buy’s quote budget and gives back the rest', async () => {
    await submit('alice', { symbol: 'btcusdt', side: 'sell', type: 'limit', price: '95000', quantity: '0.001' });
    const before = await balance('carol', 'USDT');
    const res = await submit('carol', { symbol: 'btcusdt', side: 'buy', type: 'market', quoteAmount: '50' });
    expect(res.data).toMatchObject({ status: 'filled', tradedQuantity: '0.00052', tradedAmount: '49.40000000' });
    expect(await balance('carol', 'USDT')).toEqual({ available: before.available - 4_940_000_000n, frozen: 0n });
  });

  it.each([
    ['a price off the tick', { side: 'buy', type: 'limit', price: '96000.001', quantity: '0.1' }, ERRORS.tooPrecise],
    ['a quantity off the lot', { side: 'buy', type: 'limit', price: '96000', quantity: '0.000001' }, ERRORS.tooPrecise],
    [
      'a notional under 5 USDT',
      { side: 'buy', type: 'limit', price: '90000', quantity: '0.00005' },
      ERRORS.belowMinNotional,
    ],
    [
      'a price outside the band around the index',
      { side: 'buy', type: 'limit', price: '1', quantity: '0.1' },
      ERRORS.priceOutOfBand,
    ],
    ['a negative price', { side: 'buy', type: 'limit', price: '-1', quantity: '0.1' }, ERRORS.invalidNumber],
    ['NaN', { side: 'buy', type: 'limit', price: 'NaN', quantity: '0.1' }, ERRORS.invalidNumber],
    ['a huge quantity', { side: 'buy', type: 'limit', price: '96000', quantity: '99999999999999' }, ERRORS.tooLarge],
    ['zero', { side: 'sell', type: 'limit', price: '96000', quantity: '0' }, ERRORS.mustBePositive],
    ['no price on a limit order', { side: 'buy', type: 'limit', quantity: '0.1' }, ERRORS.orderFieldRequired],
    [
      'more than the balance',
      { side: 'buy', type: 'limit', price: '96000', quantity: '10' },
      ERRORS.insufficientBalance,
    ],
    [
      'a post-only market order',
      { side: 'buy', type: 'market', quoteAmount: '10', timeInForce: 'POST_ONLY' },
      ERRORS.postOnlyMarket,
    ],
    [
      'an unknown market',
      { symbol: 'nopeusdt', side: 'buy', type: 'limit', price: '1', quantity: '1' },
      ERRORS.unknownMarket,
    ],
    [
      'a quote instrument',
      { symbol: 'xauusd', side: 'buy', type: 'limit', price: '1', quantity: '1' },
      ERRORS.marketClosed,
    ],
    ['a wrong side', { side: 'long', type: 'limit', price: '96000', quantity: '0.1' }, ERRORS.badRequest],
  ])('refuses %s and changes nothing', async (_label, body, code) => {
    const before = [await balance('carol', 'USDT'), await balance('carol', 'BTC')];
    const count = await t.db.get<{ n: bigint }>('SELECT COUNT(*) AS n FROM orders');
    const res = await submit('carol', { symbol: 'btcusdt', ...body });
    expect(res.code).toBe(code);
    expect(res.msg.length).toBeGreaterThan(3);
    expect([await balance('carol', 'USDT'), await balance('carol', 'BTC')]).toEqual(before);
    expect(await t.db.get<{ n: bigint }>('SELECT COUNT(*) AS n FROM orders')).toEqual(count);
  });

  it('rebuilds every book from the open orders after a restart', async () => {
    await submit('alice', { symbol: 'ethusdt', side: 'sell', type: 'limit', price: '3500', quantity: '0.01' });
    await api(app, '/api/admin/credit', {
      token: tokens.ops,
      payload: { username: 'alice_trader', asset: 'ETH', amount: '1' },
    });
    await submit('alice', { symbol: 'ethusdt', side: 'sell', type: 'limit', price: '3500', quantity: '0.5' });
    await submit('alice', { symbol: 'ethusdt', side: 'sell', type: 'limit', price: '3490', quantity: '0.2' });
    const before = spotBooksOf(app.core).engine('ethusdt').hash();
    await app.close();
    ({ app } = await testApp(t.db));
    expect(spotBooksOf(app.core).engine('ethusdt').hash()).toBe(before);
    const buy = await submit('bob', { symbol: 'ethusdt', side: 'buy', type: 'limit', price: '3500', quantity: '0.3' });
    expect(buy.data).toMatchObject({ status: 'filled', avgPrice: '3493.33' });
  });
});
