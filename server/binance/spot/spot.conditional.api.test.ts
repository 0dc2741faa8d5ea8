import type { FastifyInstance } from 'fastify';
import ccxt from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, testApp } from '../../../tests/support/app.ts';
import { apiKeyFor, ccxtSpot, listening } from '../../../tests/support/binance.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../../tests/support/databases.ts';
import { credit } from '../../../tests/support/trading.ts';
import { auditLedger } from '../../ledger/ledger.ts';

type Exchange = ReturnType<typeof ccxtSpot>;
type Raw = (params: Record<string, unknown>) => Promise<Record<string, unknown>>;
const raw = (x: Exchange, name: string) => (x as unknown as Record<string, Raw>)[name]!.bind(x);

describe.each(FEATURE_DIALECTS)('the spot door (%s): conditional orders and order lists', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let alice: Exchange;
  let bob: Exchange;

  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db));
    const base = await listening(app);
    const a = await signUp(app, 'stopalice');
    const b = await signUp(app, 'stopbob');
    await credit(app.core, a.id, 'USDT', 100_000n * 10n ** 8n);
    await credit(app.core, b.id, 'BTC', 2n * 10n ** 8n);
    alice = ccxtSpot(base, await apiKeyFor(app, a.token));
    bob = ccxtSpot(base, await apiKeyFor(app, b.token));
    await alice.loadMarkets();
    await bob.loadMarkets();
    // The last price the triggers are checked against: one trade at 96,000.
    await bob.createOrder('BTC/USDT', 'limit', 'sell', 0.01, 96_000);
    await alice.createOrder('BTC/USDT', 'limit', 'buy', 0.01, 96_000);
  });
  afterAll(async () => {
    await app.core.settled();
    expect(await auditLedger(t.db)).toEqual([]);
    await app.close();
    await t.drop();
  });

  it("exchangeInfo lists the stop types and OCO; CCXT's createOrder places a STOP_LOSS_LIMIT that waits as NEW", async () => {
    const info = await alice.publicGetExchangeInfo({ symbol: 'BTCUSDT' });
    expect(info.symbols[0]).toMatchObject({
      orderTypes: expect.arrayContaining(['STOP_LOSS', 'STOP_LOSS_LIMIT', 'TAKE_PROFIT', 'TAKE_PROFIT_LIMIT']),
      ocoAllowed: true,
    });
    const stop = await bob.createOrder('BTC/USDT', 'STOP_LOSS_LIMIT', 'sell', 0.1, 95_000, { stopPrice: 95_500 });
    // CCXT reads Binance's STOP_LOSS_LIMIT as a limit order with a trigger price.
    expect(stop).toMatchObject({ status: 'open', type: 'limit', price: 95_000, amount: 0.1 });
    expect(stop.info).toMatchObject({ type: 'STOP_LOSS_LIMIT', status: 'NEW' });
    expect(stop.triggerPrice ?? stop.stopPrice).toBe(95_500);
    const fetched = await bob.fetchOrder(stop.id!, 'BTC/USDT');
    expect(fetched.info).toMatchObject({
      status: 'NEW',
      isWorking: false,
      stopPrice: '95500.00',
      type: 'STOP_LOSS_LIMIT',
    });
    expect((await bob.fetchOpenOrders('BTC/USDT')).map((o) => o.id)).toContain(stop.id);
    // The base is held from placement.
    expect((await bob.fetchBalance()).BTC?.used).toBeCloseTo(0.1, 8);
    // Another user's key cannot cancel it.
    await expect(alice.cancelOrder(stop.id!, 'BTC/USDT')).rejects.toBeInstanceOf(ccxt.OrderNotFound);
    // A trade at 95,500 fires it: it rests at 95,000, and the stop's id reports that order.
    await alice.createOrder('BTC/USDT', 'limit', 'buy', 0.01, 95_500);
    await bob.createOrder('BTC/USDT', 'limit', 'sell', 0.01, 95_500);
    const fired = await bob.fetchOrder(stop.id!, 'BTC/USDT');
    expect(fired.info).toMatchObject({ status: 'NEW', isWorking: true });
    const resting = await bob.fetchOpenOrders('BTC/USDT');
    expect(resting.map((o) => [o.type, o.price, o.amount])).toContainEqual(['limit', 95_000, 0.1]);
    await bob.cancelAllOrders('BTC/USDT');
    expect((await bob.fetchBalance()).BTC?.used).toBe(0);
    // allOrders lists the stop beside the orders, as Binance does: the stop (working, under its own id), the order it
    // placed, and bob's own sell, in id order.
    const all = await bob.fetchOrders('BTC/USDT');
    const byId = Object.fromEntries(all.map((o) => [o.id, o.info.type]));
    expect(byId[stop.id!]).toBe('STOP_LOSS_LIMIT');
    expect(all.map((o) => Number(o.id))).toEqual([...all.map((o) => Number(o.id))].sort((x, y) => x - y));
    expect(all.filter((o) => o.info.type === 'LIMIT' && o.price === 95_000 && o.amount === 0.1)).toHaveLength(1);
  });

  it('refuses a trigger the last price has already reached, as Binance does', async () => {
    const err = await bob
      .createOrder('BTC/USDT', 'STOP_LOSS_LIMIT', 'sell', 0.1, 96_000, { stopPrice: 97_000 })
      .catch((e: Error) => e);
    expect(String(err)).toContain('Order would trigger immediately.');
  });

  it('places an OCO (orderList/oco and the older order/oco), reads, lists and cancels it', async () => {
    const placed = await raw(
      bob,
      'privatePostOrderListOco',
    )({
      symbol: 'BTCUSDT',
      side: 'SELL',
      quantity: '0.2',
      aboveType: 'LIMIT_MAKER',
      abovePrice: '99000',
      belowType: 'STOP_LOSS_LIMIT',
      belowStopPrice: '94000',
      belowPrice: '93900',
      belowTimeInForce: 'GTC',
    });
    expect(placed).toMatchObject({
      contingencyType: 'OCO',
      listStatusType: 'EXEC_STARTED',
      listOrderStatus: 'EXECUTING',
    });
    const reports = placed.orderReports as Array<Record<string, unknown>>;
    expect(reports.map((r) => [r.type, r.status])).toEqual([
      ['STOP_LOSS_LIMIT', 'NEW'],
      ['LIMIT_MAKER', 'NEW'],
    ]);
    // Held once for both legs.
    expect((await bob.fetchBalance()).BTC?.used).toBeCloseTo(0.2, 8);
    const listId = placed.orderListId;
    expect(await raw(bob, 'privateGetOrderList')({ symbol: 'BTCUSDT', orderListId: listId })).toMatchObject({
      orderListId: listId,
      listOrderStatus: 'EXECUTING',
    });
    const lists = (await raw(bob, 'privateGetOpenOrderList')({})) as unknown as Array<{ orderListId: number }>;
    expect(lists.map((l) => l.orderListId)).toEqual([listId]);
    await expect(
      raw(alice, 'privateDeleteOrderList')({ symbol: 'BTCUSDT', orderListId: listId }),
    ).rejects.toBeInstanceOf(ccxt.OrderNotFound);
    const cancelled = await raw(bob, 'privateDeleteOrderList')({ symbol: 'BTCUSDT', orderListId: listId });
    expect(cancelled).toMatchObject({ listOrderStatus: 'ALL_DONE' });
    expect((cancelled.orderReports as Array<{ status: string }>).map((r) => r.status)).toEqual([
      'CANCELED',
      'CANCELED',
    ]);
    expect((await bob.fetchBalance()).BTC?.used).toBe(0);

    const legacy = await raw(
      bob,
      'privatePostOrderOco',
    )({
      symbol: 'BTCUSDT',
      side: 'SELL',
      quantity: '0.1',
      price: '99000',
      stopPrice: '94000',
    });
    expect((legacy.orderReports as Array<{ type: string }>).map((r) => r.type)).toEqual(['STOP_LOSS', 'LIMIT_MAKER']);
    await bob.cancelAllOrders('BTC/USDT');
    expect(await raw(bob, 'privateGetOpenOrderList')({})).toEqual([]);
    expect((await bob.fetchBalance()).BTC?.used).toBe(0);
  });
});
