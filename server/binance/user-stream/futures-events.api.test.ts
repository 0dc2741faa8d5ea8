import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { api, operatorToken, signUp, testApp } from '../../../tests/support/app.ts';
import { apiKeyFor, listening } from '../../../tests/support/binance.ts';
import { ccxtFutures } from '../../../tests/support/binance-futures.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../../tests/support/databases.ts';
import { priceFeed } from '../../../tests/support/price-feed.ts';
import { ManualClock } from '../../clock/clock.ts';

type Event = Record<string, any>;

/** A socket on a user stream with what it has heard, and a wait for the first event that matches. */
async function listen(url: string) {
  const socket = new WebSocket(url);
  const heard: Event[] = [];
  socket.on('message', (raw) => heard.push(JSON.parse(String(raw))));
  await new Promise<void>((ok, ko) => {
    socket.once('open', ok);
    socket.once('error', ko);
  });
  return {
    socket,
    heard,
    async next(match: (e: Event) => boolean) {
      const deadline = Date.now() + 5_000;
      while (!heard.some(match)) {
        if (Date.now() > deadline) throw new Error(`waited in vain; heard ${JSON.stringify(heard)}`);
        await new Promise((ok) => setTimeout(ok, 20));
      }
      return heard.find(match)!;
    },
  };
}

describe.each(FEATURE_DIALECTS)('the USDⓈ-M futures user data stream (%s)', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let feed: Awaited<ReturnType<typeof priceFeed>>;
  let base: string;
  const clock = new ManualClock(Date.now());
  const users: Record<string, { apiKey: string; x: ReturnType<typeof ccxtFutures> }> = {};
  /** The test's clock brought up to real time, then CCXT's clock sync, so signed calls fall in the recvWindow. */
  const synced = async () => {
    await clock.advance(Math.max(0, Date.now() - clock.now()));
    await app.core.settled();
    for (const u of Object.values(users)) await u.x.loadTimeDifference();
  };
  const listenKey = async (who: string) => {
    const r = await fetch(`${base}/fapi/v1/listenKey`, {
      method: 'POST',
      headers: {
        'X-MBX-APIKEY': users[who]!.apiKey,
      },
    });
    return ((await r.json()) as { listenKey: string }).listenKey;
  };
  const socketOf = async (who: string) => listen(`${base.replace(/^http/, 'ws')}/ws/${await listenKey(who)}`);

  beforeAll(async () => {
    t = await open();
    feed = await priceFeed({ BTCUSDT: '96500.00', ETHUSDT: '3450.00' });
    ({ app } = await testApp(t.db, { PRICE_FEED_URL: feed.url, MARKET_MAKERS: '0' }, clock));
    base = await listening(app);
    const ops = await operatorToken(app, t.db);
    for (const name of ['wendy', 'xavier', 'yusuf']) {
      const { token } = await signUp(app, `${name}_fs`);
      await api(app, '/api/admin/credit', {
        token: ops,
        payload: { username: `${name}_fs`, asset: 'USDT', amount: '10000' },
      });
      await api(app, '/api/asset/transferFunds', {
        token,
        payload: { coin: 'USDT', from: 1, to: 2, amount: '10000' },
      });
      const key = await apiKeyFor(app, token);
      users[name] = { apiKey: key.apiKey, x: ccxtFutures(base, key) };
    }
    app.prices.start(app.jobs, 1_000);
    await clock.advance(1_000);
    await app.core.settled();
  });
  afterAll(async () => {
    await app.close();
    await feed.close();
    await t.drop();
  });

  it('tells the maker NEW, then TRADE FILLED and the position; another user hears nothing', async () => {
    const maker = await socketOf('wendy');
    const other = await socketOf('yusuf');
    await synced();
    const placed = await users.wendy!.x.createOrder('BTC/USDT:USDT', 'limit', 'sell', 0.01, 96500, {
      newClientOrderId: 'wendy-1',
    });
    const fresh = await maker.next((e) => e.e === 'ORDER_TRADE_UPDATE');
    expect(fresh).toMatchObject({
      o: {
        s: 'BTCUSDT',
        c: 'wendy-1',
        S: 'SELL',
        o: 'LIMIT',
        f: 'GTC',
        q: '0.010',
        p: '96500.0',
        x: 'NEW',
        X: 'NEW',
        i: Number(placed.id),
        z: '0.000',
        ps: 'BOTH',
      },
    });
    await synced();
    await users.xavier!.x.createOrder('BTC/USDT:USDT', 'limit', 'buy', 0.01, 96500);
    const fill = await maker.next((e) => e.o?.x === 'TRADE');
    expect(fill.o).toMatchObject({
      x: 'TRADE',
      X: 'FILLED',
      i: Number(placed.id),
      l: '0.010',
      z: '0.010',
      L: '96500.0',
      ap: '96500.0',
      N: 'USDT',
      m: true,
      // The fill opened the position: it realised nothing.
      rp: '0.00000000',
    });
    expect(Number(fill.o.n)).toBeGreaterThan(0);
    expect(fill.o.t).toBeGreaterThan(0);
    // The commission is the one userTrades shows for the same fill.
    const [trade] = await users.wendy!.x.fetchMyTrades('BTC/USDT:USDT');
    expect(fill.o.n).toBe(trade!.info.commission);
    expect(fill.o.t).toBe(Number(trade!.id));

    const account = await maker.next((e) => e.e === 'ACCOUNT_UPDATE');
    const balance = (await users.wendy!.x.fetchBalance()).info.assets.find(
      (a: { asset: string }) => a.asset === 'USDT',
    );
    expect(account.a).toEqual({
      m: 'ORDER',
      B: [
        {
          a: 'USDT',
          wb: balance.walletBalance,
          cw: balance.crossWalletBalance,
          bc: '0',
        },
      ],
      P: [
        expect.objectContaining({
          s: 'BTCUSDT',
          pa: '-0.010',
          ep: '96500.0',
          mt: 'cross',
          iw: '0.00000000',
          ps: 'BOTH',
        }),
      ],
    });
    expect(maker.heard.map((e) => e.o?.X ?? e.e)).toEqual(['NEW', 'FILLED', 'ACCOUNT_UPDATE']);
    expect(other.heard).toEqual([]);
    maker.socket.close();
    other.socket.close();
  });

  it('tells NEW then CANCELED for an order its owner cancels', async () => {
    const s = await socketOf('wendy');
    await synced();
    const placed = await users.wendy!.x.createOrder('BTC/USDT:USDT', 'limit', 'sell', 0.003, 97000);
    await s.next((e) => e.o?.X === 'NEW');
    await synced();
    await users.wendy!.x.cancelOrder(placed.id!, 'BTC/USDT:USDT');
    await s.next((e) => e.o?.X === 'CANCELED');
    expect(s.heard.map((e) => [e.o.i, e.o.x, e.o.X, e.o.z])).toEqual([
      [Number(placed.id), 'NEW', 'NEW', '0.000'],
      [Number(placed.id), 'CANCELED', 'CANCELED', '0.000'],
    ]);
    s.socket.close();
  });

  it('tells an algo order by ALGO_UPDATE and an order-call stop by ORDER_TRADE_UPDATE, placed and cancelled', async () => {
    const s = await socketOf('xavier');
    await synced();
    const x = users.xavier!.x;
    // CCXT sends this to /fapi/v1/algoOrder: a buy stop above the price, waiting with nothing held.
    const algo = await x.createOrder('BTC/USDT:USDT', 'market', 'buy', 0.002, undefined, {
      stopPrice: 99000,
      clientAlgoId: 'xav-algo-1',
    });
    await s.next((e) => e.e === 'ALGO_UPDATE' && e.o.X === 'NEW');
    const raw = (await x.fapiPrivatePostOrder({
      symbol: 'BTCUSDT',
      side: 'SELL',
      type: 'STOP',
      quantity: '0.002',
      price: '90000',
      stopPrice: '90100',
      timeInForce: 'GTC',
    })) as { orderId: number };
    await s.next((e) => e.e === 'ORDER_TRADE_UPDATE' && e.o.X === 'NEW');
    await synced();
    await x.cancelOrder(algo.id!, 'BTC/USDT:USDT', { trigger: true });
    await x.cancelOrder(String(raw.orderId), 'BTC/USDT:USDT');
    await s.next((e) => e.e === 'ORDER_TRADE_UPDATE' && e.o.X === 'CANCELED');
    expect(
      s.heard.map((e) =>
        e.e === 'ALGO_UPDATE'
          ? [e.e, e.o.aid, e.o.X, e.o.o, e.o.tp, e.o.caid]
          : [e.e, e.o.i, e.o.X, e.o.ot, e.o.sp, e.o.wt],
      ),
    ).toEqual([
      ['ALGO_UPDATE', Number(algo.id), 'NEW', 'STOP_MARKET', '99000.0', 'xav-algo-1'],
      ['ORDER_TRADE_UPDATE', raw.orderId, 'NEW', 'STOP', '90100.0', 'CONTRACT_PRICE'],
      ['ALGO_UPDATE', Number(algo.id), 'CANCELED', 'STOP_MARKET', '99000.0', 'xav-algo-1'],
      ['ORDER_TRADE_UPDATE', raw.orderId, 'CANCELED', 'STOP', '90100.0', 'CONTRACT_PRICE'],
    ]);
    s.socket.close();
  });

  it('serves CCXT binanceusdm watchOrders on /private/ws?listenKey=', async () => {
    const x = users.yusuf!.x;
    // CCXT opens `<ws.future less its /ws>/private/ws?listenKey=<key>` (pro/binance.js getPrivateWsUrl).
    (x.urls as any).api.ws.future = `${base.replace(/^http/, 'ws')}/ws`;
    await synced();
    await x.loadMarkets();
    // CCXT wants its plain-HTTP agent before it opens a ws:// (not wss://) socket.
    await x.loadHttpProxyAgent();
    const watching = x.watchOrders('BTC/USDT:USDT');
    // The socket opens once CCXT has its listen key: the order is placed once it is open.
    const deadline = Date.now() + 5_000;
    const opened = () =>
      Object.entries(x.clients).some(
        ([url, c]: [string, any]) => url.includes('/private/ws?listenKey=') && c.connection?.readyState === 1,
      );
    while (!opened() && Date.now() < deadline) await new Promise((ok) => setTimeout(ok, 20));
    await synced();
    const placed = await x.createOrder('BTC/USDT:USDT', 'limit', 'buy', 0.002, 96000);
    const [order] = await watching;
    expect(order).toMatchObject({
      id: placed.id,
      symbol: 'BTC/USDT:USDT',
      type: 'limit',
      side: 'buy',
      price: 96000,
      amount: 0.002,
      filled: 0,
      status: 'open',
    });
    await x.close();
  });

  it("tells a closing fill's realised profit as rp, the same as userTrades' realizedPnl", async () => {
    // Wendy is short 0.01 at 96500 and Xavier long 0.01 at 96500 (the first test): Wendy buys back at 96100.
    const s = await socketOf('wendy');
    await synced();
    const bid = await users.wendy!.x.createOrder('BTC/USDT:USDT', 'limit', 'buy', 0.01, 96100);
    await synced();
    await users.xavier!.x.createOrder('BTC/USDT:USDT', 'limit', 'sell', 0.01, 96100);
    const fill = await s.next((e) => e.o?.x === 'TRADE' && e.o.i === Number(bid.id));
    // 0.01 × (96500 − 96100) for the short, before fees.
    expect(fill.o.rp).toBe('4.00000000');
    await synced();
    const wendy = await users.wendy!.x.fetchMyTrades('BTC/USDT:USDT');
    expect(wendy.find((tr) => Number(tr.id) === fill.o.t)?.info.realizedPnl).toBe('4.00000000');
    const xavier = await users.xavier!.x.fetchMyTrades('BTC/USDT:USDT');
    expect(xavier.map((tr) => tr.info.realizedPnl)).toEqual(['0.00000000', '-4.00000000']);
    s.socket.close();
  });
});
