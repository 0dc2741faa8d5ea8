import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, testApp } from '../../../tests/support/app.ts';
import { apiKeyFor, listening } from '../../../tests/support/binance.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../../tests/support/databases.ts';
import { credit } from '../../../tests/support/trading.ts';
import { auditLedger } from '../../ledger/ledger.ts';

interface Key {
  apiKey: string;
  secret: string;
}

describe.each(FEATURE_DIALECTS)('the spot door (%s) refuses bad calls as Binance does', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  let trader: Key;
  let reader: Key;

  /** A signed call as Binance's docs sign one: HMAC-SHA256 of the query string, sent as a form body. */
  const signed = async (
    key: Key,
    method: string,
    path: string,
    query: string,
    opts: { timestamp?: number; body?: boolean } = {},
  ) => {
    const payload = `${query}${query ? '&' : ''}timestamp=${opts.timestamp ?? Date.now()}`;
    const signature = createHmac('sha256', key.secret).update(payload).digest('hex');
    const full = `${payload}&signature=${signature}`;
    const res = await fetch(`${base}${path}${opts.body ? '' : `?${full}`}`, {
      method,
      headers: {
        'X-MBX-APIKEY': key.apiKey,
        ...(opts.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(opts.body ? { body: full } : {}),
    });
    return {
      status: res.status,
      headers: res.headers,
      body: await res.json(),
      full,
    };
  };
  const balances = async (key: Key) => (await signed(key, 'GET', '/api/v3/account', '')).body.balances;

  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db));
    base = await listening(app);
    const a = await signUp(app, 'rawtrader');
    await credit(app.core, a.id, 'USDT', 1_000n * 10n ** 8n);
    await credit(app.core, a.id, 'BTC', 10n ** 8n);
    trader = await apiKeyFor(app, a.token);
    reader = await apiKeyFor(app, a.token, ['read']);
  });
  afterAll(async () => {
    // Whatever the door did, the ledger still balances: per asset every account sums to zero, none is negative.
    await app.core.settled();
    expect(await auditLedger(t.db)).toEqual([]);
    await app.close();
    await t.drop();
  });

  it('a read-only key reads but cannot trade (-2015)', async () => {
    const account = await signed(reader, 'GET', '/api/v3/account', '');
    expect(account.body.canTrade).toBe(false);
    const res = await signed(
      reader,
      'POST',
      '/api/v3/order',
      'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.001&price=90000',
    );
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(-2015);
  });

  it('refuses a replayed signature and a stale timestamp', async () => {
    const first = await signed(trader, 'GET', '/api/v3/account', '');
    expect(first.status).toBe(200);
    const again = await fetch(`${base}/api/v3/account?${first.full}`, {
      headers: { 'X-MBX-APIKEY': trader.apiKey },
    });
    expect((await again.json()).code).toBe(-1022);
    const stale = await signed(trader, 'GET', '/api/v3/account', '', {
      timestamp: Date.now() - 120_000,
    });
    expect(stale.body.code).toBe(-1021);
  });

  it("answers malformed and type-confused orders with Binance's codes and moves no balance", async () => {
    const before = await balances(trader);
    const order = 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC';
    const cases: Array<[query: string, code: number, msg?: string]> = [
      [`${order}&quantity=abc&price=90000`, -1100],
      [`${order}&quantity=-1&price=90000`, -1100],
      [`${order}&quantity=1e3&price=90000`, -1100],
      [`${order}&quantity=0.001&price=${'9'.repeat(30)}`, -1100],
      [`${order}&quantity=0.001&quantity=5&price=90000`, -1101],
      [`${order}&price=90000`, -1102],
      [`symbol=BTCUSDT&side=BUY&type=STOP&quantity=1&price=1`, -1116, 'Invalid orderType.'],
      [`symbol=BTCUSDT&side=HOLD&type=LIMIT&quantity=1&price=1`, -1117, 'Invalid side.'],
      [`symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTX&quantity=1&price=1`, -1115, 'Invalid timeInForce.'],
      [`symbol=NOPEUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=1&price=1`, -1121, 'Invalid symbol.'],
      [`${order}&quantity=0.000001&price=90000`, -1111],
      [`${order}&quantity=99999999999999999999&price=90000`, -1013, 'Filter failure: LOT_SIZE'],
      [`${order}&quantity=0.001&price=99999999999999999999`, -1013, 'Filter failure: PRICE_FILTER'],
      [`${order}&quantity=100000000000&price=90000`, -1013, 'Filter failure: NOTIONAL'],
      [`${order}&quantity=0.00001&price=90000.001`, -1111],
      [`${order}&quantity=0.00005&price=90000`, -1013, 'Filter failure: NOTIONAL'],
      [`${order}&quantity=0.1&price=90000`, -2010, 'Account has insufficient balance for requested action.'],
    ];
    for (const [query, code, msg] of cases) {
      const res = await signed(trader, 'POST', '/api/v3/order', query, {
        body: true,
      });
      expect({ query, code: res.body.code }).toEqual({ query, code });
      expect(res.status).toBe(400);
      if (msg) expect(res.body.msg).toBe(msg);
    }
    expect(await balances(trader)).toEqual(before);
  });

  it('tests an order without placing it, and answers ACK and RESULT with the order counts', async () => {
    const before = await balances(trader);
    const good = 'symbol=BTCUSDT&side=SELL&type=LIMIT&timeInForce=GTC&quantity=0.001&price=99000';
    const test = await signed(trader, 'POST', '/api/v3/order/test', good);
    expect(test.body).toEqual({});
    const bad = await signed(trader, 'POST', '/api/v3/order/test', `${good}0.001`);
    expect(bad.body.code).toBe(-1111);
    expect(await balances(trader)).toEqual(before);

    const ack = await signed(trader, 'POST', '/api/v3/order', `${good}&newOrderRespType=ACK&newClientOrderId=mine-1`);
    expect(Object.keys(ack.body).sort()).toEqual(['clientOrderId', 'orderId', 'orderListId', 'symbol', 'transactTime']);
    expect(ack.body.clientOrderId).toBe('mine-1');
    expect(ack.headers.get('x-mbx-order-count-10s')).toBe('1');
    expect(ack.headers.get('x-mbx-order-count-1d')).toBe('1');
    const result = await signed(trader, 'POST', '/api/v3/order', `${good}&newOrderRespType=RESULT`);
    expect(result.body).toMatchObject({
      status: 'NEW',
      type: 'LIMIT',
      timeInForce: 'GTC',
      side: 'SELL',
      selfTradePreventionMode: 'NONE',
    });
    expect(result.body.fills).toBeUndefined();

    const byClientId = await signed(trader, 'GET', '/api/v3/order', 'symbol=BTCUSDT&origClientOrderId=mine-1');
    expect(byClientId.body).toMatchObject({
      orderId: ack.body.orderId,
      clientOrderId: 'mine-1',
      status: 'NEW',
    });
    const duplicate = await signed(trader, 'POST', '/api/v3/order', `${good}&newClientOrderId=mine-1`);
    expect(duplicate.body).toEqual({
      code: -2010,
      msg: 'Duplicate order sent.',
    });
    const limits = await signed(trader, 'GET', '/api/v3/rateLimit/order', '');
    expect(limits.body.map((l: { count: number }) => l.count)).toEqual([2, 2]);

    // A LIMIT_MAKER that would take is refused as Binance does; a buy at the ask would take.
    const maker = await signed(
      trader,
      'POST',
      '/api/v3/order',
      'symbol=BTCUSDT&side=BUY&type=LIMIT_MAKER&quantity=0.001&price=99000',
    );
    expect(maker.body).toEqual({
      code: -2010,
      msg: 'Order would immediately match and take.',
    });

    const unknown = await signed(trader, 'GET', '/api/v3/order', 'symbol=BTCUSDT&orderId=987654');
    expect(unknown.body.code).toBe(-2013);
    const cancelUnknown = await signed(trader, 'DELETE', '/api/v3/order', 'symbol=BTCUSDT&orderId=987654');
    expect(cancelUnknown.body.code).toBe(-2011);
    const all = await signed(trader, 'DELETE', '/api/v3/openOrders', 'symbol=BTCUSDT');
    expect(all.body.map((o: { status: string }) => o.status)).toEqual(['CANCELED', 'CANCELED']);
  });

  it('cancels and replaces as Binance does, with -2022 and 409/-2021 when a part fails', async () => {
    const limit = 'symbol=BTCUSDT&side=SELL&type=LIMIT&timeInForce=GTC&quantity=0.001';
    const first = await signed(trader, 'POST', '/api/v3/order', `${limit}&price=99000&newClientOrderId=cr-1`);
    const ok = await signed(
      trader,
      'POST',
      '/api/v3/order/cancelReplace',
      `${limit}&price=99500&cancelReplaceMode=STOP_ON_FAILURE&cancelOrigClientOrderId=cr-1&newClientOrderId=cr-1`,
    );
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      cancelResult: 'SUCCESS',
      newOrderResult: 'SUCCESS',
      cancelResponse: {
        orderId: first.body.orderId,
        status: 'CANCELED',
        origClientOrderId: 'cr-1',
      },
      newOrderResponse: {
        price: '99500.00',
        status: 'NEW',
        clientOrderId: 'cr-1',
      },
    });
    const stop = await signed(
      trader,
      'POST',
      '/api/v3/order/cancelReplace',
      `${limit}&price=99500&cancelReplaceMode=STOP_ON_FAILURE&cancelOrderId=987654`,
    );
    expect(stop.status).toBe(400);
    expect(stop.body).toEqual({
      code: -2022,
      msg: 'Order cancel-replace failed.',
      data: {
        cancelResult: 'FAILURE',
        newOrderResult: 'NOT_ATTEMPTED',
        cancelResponse: { code: -2011, msg: 'Unknown order sent.' },
        newOrderResponse: null,
      },
    });
    const allow = await signed(
      trader,
      'POST',
      '/api/v3/order/cancelReplace',
      `${limit}&price=99600&cancelReplaceMode=ALLOW_FAILURE&cancelOrderId=987654`,
    );
    expect(allow.status).toBe(409);
    expect(allow.body).toMatchObject({
      code: -2021,
      data: {
        cancelResult: 'FAILURE',
        newOrderResult: 'SUCCESS',
        newOrderResponse: { price: '99600.00' },
      },
    });
    const half = await signed(
      trader,
      'POST',
      '/api/v3/order/cancelReplace',
      `symbol=BTCUSDT&side=SELL&type=LIMIT&timeInForce=GTC&quantity=50&price=99000&cancelReplaceMode=STOP_ON_FAILURE&cancelOrigClientOrderId=cr-1`,
    );
    expect(half.status).toBe(409);
    expect(half.body.data).toMatchObject({
      cancelResult: 'SUCCESS',
      newOrderResult: 'FAILURE',
      newOrderResponse: {
        code: -2010,
        msg: 'Account has insufficient balance for requested action.',
      },
    });
    await signed(trader, 'DELETE', '/api/v3/openOrders', 'symbol=BTCUSDT');
  });

  it("serves exchangeInfo with the limits and our market's filters", async () => {
    const res = await fetch(`${base}/api/v3/exchangeInfo?symbol=BTCUSDT`);
    const info = await res.json();
    expect(res.headers.get('x-mbx-used-weight-1m')).toBeTruthy();
    expect(info.rateLimits.map((r: { rateLimitType: string }) => r.rateLimitType)).toEqual([
      'REQUEST_WEIGHT',
      'ORDERS',
      'ORDERS',
      'RAW_REQUESTS',
    ]);
    const [btc] = info.symbols;
    expect(btc).toMatchObject({
      symbol: 'BTCUSDT',
      status: 'TRADING',
      baseAsset: 'BTC',
      quoteAsset: 'USDT',
      orderTypes: [
        'LIMIT',
        'LIMIT_MAKER',
        'MARKET',
        'STOP_LOSS',
        'STOP_LOSS_LIMIT',
        'TAKE_PROFIT',
        'TAKE_PROFIT_LIMIT',
      ],
      ocoAllowed: true,
      permissionSets: [['SPOT']],
    });
    const filter = (type: string) => btc.filters.find((f: { filterType: string }) => f.filterType === type);
    expect(filter('PRICE_FILTER').tickSize).toBe('0.01');
    expect(filter('LOT_SIZE')).toMatchObject({
      minQty: '0.00001',
      stepSize: '0.00001',
    });
    expect(filter('NOTIONAL').minNotional).toBe('5.00000000');
    expect(filter('PERCENT_PRICE_BY_SIDE').bidMultiplierUp).toMatch(/^1\.\d{4}$/);
    const bad = await fetch(`${base}/api/v3/exchangeInfo?symbol=EURUSD`);
    expect(await bad.json()).toEqual({ code: -1121, msg: 'Invalid symbol.' });
  });
});
