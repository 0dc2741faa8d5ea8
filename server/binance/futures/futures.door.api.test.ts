import type { FastifyInstance } from 'fastify';
import ccxt from 'ccxt';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PerpAccount, PerpPosition } from '../../../isomorphic/contract/perpetual.ts';
import { api, operatorToken, signUp, testApp } from '../../../tests/support/app.ts';
import { apiKeyFor, listening } from '../../../tests/support/binance.ts';
import { ccxtFutures } from '../../../tests/support/binance-futures.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../../tests/support/databases.ts';
import { priceFeed } from '../../../tests/support/price-feed.ts';
import { ManualClock } from '../../clock/clock.ts';
import { auditLedger } from '../../ledger/ledger.ts';

const BTC = 'BTC/USDT:USDT';

/**
 * CCXT's binanceusdm against the door on a listening app whose clock and marks the test drives: the clock starts
 * at the real time, so CCXT's signed timestamps fall inside the recvWindow.
 */
describe.each(FEATURE_DIALECTS)('the USDⓈ-M futures door (%s) with CCXT binanceusdm', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let feed: Awaited<ReturnType<typeof priceFeed>>;
  let base: string;
  const clock = new ManualClock(Date.now());
  const prices: Record<string, string> = {
    BTCUSDT: '96500.00',
    ETHUSDT: '3450.00',
  };
  const users: Record<string, { token: string; x: ReturnType<typeof ccxtFutures> }> = {};
  /** What the web's own perpetual calls show the user: their positions and their USDT contract account. */
  const webPositions = async (name: string) =>
    (
      await api<PerpPosition[]>(app, '/api/contract/position/list', {
        token: users[name]!.token,
        query: {},
      })
    ).data;
  const webAccount = async (name: string) =>
    (
      await api<PerpAccount[]>(app, '/api/perpetual/account', {
        method: 'GET',
        token: users[name]!.token,
        query: { kind: 'usdt' },
      })
    ).data[0]!;
  /**
   * The test's clock brought up to real time (its jobs run as they would have), then CCXT's own clock sync
   * (fetchTime): the server's clock stands still between steps while real time runs, and a signed call stamped
   * more than a second ahead of it is refused.
   */
  const synced = async () => {
    await clock.advance(Math.max(0, Date.now() - clock.now()));
    await app.core.settled();
    for (const u of Object.values(users)) await u.x.loadTimeDifference();
  };

  beforeAll(async () => {
    t = await open();
    feed = await priceFeed(prices);
    ({ app } = await testApp(t.db, { PRICE_FEED_URL: feed.url, MARKET_MAKERS: '0' }, clock));
    base = await listening(app);
    const ops = await operatorToken(app, t.db);
    for (const name of ['alice', 'bob']) {
      const { token } = await signUp(app, `${name}_fut`);
      await api(app, '/api/admin/credit', {
        token: ops,
        payload: { username: `${name}_fut`, asset: 'USDT', amount: '10000' },
      });
      await api(app, '/api/asset/transferFunds', {
        token,
        payload: { coin: 'USDT', from: 1, to: 2, amount: '10000' },
      });
      users[name] = {
        token,
        x: ccxtFutures(base, await apiKeyFor(app, token)),
      };
    }
    app.prices.start(app.jobs, 1_000);
    await clock.advance(1_000);
    await app.core.settled();
  });
  beforeEach(synced);
  afterAll(async () => {
    // Whatever the door did, the ledger still balances: per asset every account sums to zero, none is negative.
    await app.core.settled();
    expect(await auditLedger(t.db)).toEqual([]);
    await app.close();
    await feed.close();
    await t.drop();
  });

  it('lists the USDT-margined perpetuals as CCXT markets', async () => {
    const x = ccxtFutures(base);
    const markets = await x.loadMarkets();
    expect(Object.keys(markets).sort()).toEqual([BTC, 'ETH/USDT:USDT']);
    expect(markets[BTC]).toMatchObject({
      id: 'BTCUSDT',
      type: 'swap',
      linear: true,
      settle: 'USDT',
      active: true,
      precision: { price: 0.1, amount: 0.001 },
    });
    expect(await x.fetchTime()).toBe(clock.now());
  });

  it("answers exchangeInfo with Binance's filters and charges each call its weight", async () => {
    const info = (await (await fetch(`${base}/fapi/v1/exchangeInfo`)).json()) as {
      symbols: Array<{
        symbol: string;
        contractType: string;
        marginAsset: string;
        filters: Array<{ filterType: string }>;
      }>;
    };
    const btc = info.symbols.find((s) => s.symbol === 'BTCUSDT')!;
    expect(btc).toMatchObject({
      contractType: 'PERPETUAL',
      marginAsset: 'USDT',
    });
    expect(btc.filters.map((f) => f.filterType)).toEqual([
      'PRICE_FILTER',
      'LOT_SIZE',
      'MARKET_LOT_SIZE',
      'MIN_NOTIONAL',
      'PERCENT_PRICE',
    ]);
    const used = async (path: string) => Number((await fetch(`${base}${path}`)).headers.get('x-mbx-used-weight-1m'));
    const before = await used('/fapi/v1/ping');
    expect(await used('/fapi/v1/depth?symbol=BTCUSDT&limit=100')).toBe(before + 5);
    expect(await used('/fapi/v1/ticker/bookTicker')).toBe(before + 10);
  });

  it('answers market data: ticker, book, candles, funding, open interest', async () => {
    const x = ccxtFutures(base);
    expect((await x.fetchTicker(BTC)).symbol).toBe(BTC);
    const book = await x.fetchOrderBook(BTC, 5);
    expect(book).toMatchObject({ bids: [], asks: [], symbol: BTC });
    const candles = await x.fetchOHLCV(BTC, '1m');
    expect(Array.isArray(candles)).toBe(true);
    const raw = (await x.fapiPublicGetKlines({
      symbol: 'BTCUSDT',
      interval: '1h',
    })) as number[][];
    for (const k of raw) expect(k[6]).toBe(k[0]! + 3_600_000 - 1);
    const funding = await x.fetchFundingRate(BTC);
    expect(funding).toMatchObject({
      symbol: BTC,
      markPrice: 96500,
      indexPrice: 96500,
      interestRate: 0.0001,
    });
    expect(funding.fundingTimestamp).toBeGreaterThan(clock.now());
    expect(await x.fetchFundingRateHistory(BTC)).toEqual([]);
    expect((await x.fetchOpenInterest(BTC)).openInterestAmount).toBe(0);
  });

  it('reads the futures balance and sets leverage and margin mode', async () => {
    const { x } = users.alice!;
    const balance = await x.fetchBalance();
    expect(balance.USDT).toMatchObject({
      free: 10000,
      used: 0,
      total: 10000,
    });
    expect((await x.setLeverage(10, BTC)).leverage).toBe(10);
    await x.setMarginMode('isolated', BTC);
    await expect(x.setMarginMode('isolated', BTC)).rejects.toBeInstanceOf(ccxt.MarginModeAlreadySet);
    await x.setMarginMode('cross', BTC);
    await users.bob!.x.setLeverage(5, BTC);
    expect(await webPositions('alice')).toEqual([]);
  });

  it('trades between two users and reads the positions back as the web shows them', async () => {
    const alice = users.alice!.x;
    const bob = users.bob!.x;
    const ask = await alice.createOrder(BTC, 'limit', 'sell', 0.1, 96500);
    expect(ask).toMatchObject({ status: 'open', price: 96500, amount: 0.1 });
    expect(ask.clientOrderId).toMatch(/^x-/);
    expect((await alice.fetchOpenOrders(BTC)).map((o) => o.id)).toEqual([ask.id]);
    const buy = await bob.createOrder(BTC, 'market', 'buy', 0.1);
    expect(buy).toMatchObject({
      status: 'closed',
      filled: 0.1,
      average: 96500,
    });
    expect(await alice.fetchOrder(ask.id!, BTC)).toMatchObject({
      status: 'closed',
      filled: 0.1,
      clientOrderId: ask.clientOrderId,
    });
    expect(await alice.fetchOpenOrders(BTC)).toEqual([]);

    await synced();
    for (const [name, side, leverage] of [
      ['alice', 'short', 10],
      ['bob', 'long', 5],
    ] as const) {
      await synced();
      const [p] = await users[name]!.x.fetchPositions([BTC]);
      const [w] = await webPositions(name);
      expect(p).toMatchObject({
        symbol: BTC,
        side,
        contracts: 0.1,
        entryPrice: 96500,
        marginMode: 'cross',
      });
      expect(w).toMatchObject({ side, quantity: '0.100', leverage });
      expect(String(p!.unrealizedPnl)).toBe(String(Number(w!.unrealizedPnl)));
      expect(p!.liquidationPrice).toBe(w!.liquidationPrice === null ? undefined : Number(w!.liquidationPrice));
      const a = await webAccount(name);
      const b = await users[name]!.x.fetchBalance();
      expect(b.USDT!.free).toBe(Number(a!.availableBalance));
      expect(b.USDT!.total).toBe(Number(a!.marginBalance));
    }
    expect((await alice.fetchOpenInterest(BTC)).openInterestAmount).toBe(0.1);
  });

  it("closes with a reduce-only market order, cancels and lists the caller's trades", async () => {
    const alice = users.alice!.x;
    const bob = users.bob!.x;
    const bid = await alice.createOrder(BTC, 'limit', 'buy', 0.1, 96400);
    const close = await bob.createOrder(BTC, 'market', 'sell', 0.1, undefined, {
      reduceOnly: true,
    });
    expect(close).toMatchObject({ status: 'closed', reduceOnly: true });
    expect(await alice.fetchOrder(bid.id!, BTC)).toMatchObject({
      status: 'closed',
    });
    expect(await bob.fetchPositions([BTC])).toEqual([]);
    expect(await alice.fetchPositions([BTC])).toEqual([]);

    await synced();
    const rest = await alice.createOrder(BTC, 'limit', 'buy', 0.01, 95000);
    expect((await alice.cancelOrder(rest.id!, BTC)).status).toBe('canceled');
    expect((await alice.fetchOrder(rest.id!, BTC)).status).toBe('canceled');
    await expect(alice.cancelOrder(rest.id!, BTC)).rejects.toBeInstanceOf(ccxt.OrderNotFound);

    // Alice made both fills (0.1 sold, then 0.1 bought back): maker fees at 0.02% of 9650 and 9640 USDT.
    const mine = await alice.fetchMyTrades(BTC);
    expect(mine.map((m) => [m.side, m.price, m.amount, m.takerOrMaker, m.fee?.cost])).toEqual([
      ['sell', 96500, 0.1, 'maker', 1.93],
      ['buy', 96400, 0.1, 'maker', 1.928],
    ]);
    // Income: alice's two maker fees and the PnL of buying back 100 USDT under where she sold (0.1 × 100).
    const income = (await alice.fapiPrivateGetIncome({
      symbol: 'BTCUSDT',
    })) as Array<{ incomeType: string; income: string }>;
    expect(income.map((i) => [i.incomeType, i.income]).sort()).toEqual([
      ['COMMISSION', '-1.92800000'],
      ['COMMISSION', '-1.93000000'],
      ['REALIZED_PNL', '10.00000000'],
    ]);
    expect((await bob.fetchMyTrades(BTC)).map((m) => m.takerOrMaker)).toEqual(['taker', 'taker']);
    // Each fill's realised profit, before fees: the sale opened, the buy-back realised the 10 USDT income shows.
    expect(mine.map((m) => m.info.realizedPnl)).toEqual(['0.00000000', '10.00000000']);
    expect((await bob.fetchMyTrades(BTC)).map((m) => m.info.realizedPnl)).toEqual(['0.00000000', '-10.00000000']);
  });

  it('gives every fill its realised profit: recomputed from the fills alone it is the same, and sums to the ledger', async () => {
    const alice = users.alice!.x;
    const bob = users.bob!.x;
    // Alice takes each of Bob's asks and bids in turn: she buys twice, sells part, then sells through zero (a flip)
    // and buys the short back. Bob is on the other side of every fill.
    const steps: Array<['buy' | 'sell', number, number]> = [
      ['buy', 0.1, 96000],
      ['buy', 0.1, 97000],
      ['sell', 0.05, 98000],
      ['sell', 0.25, 95000],
      ['buy', 0.1, 94000],
    ];
    for (const [side, amount, at] of steps) {
      await synced();
      await bob.createOrder(BTC, 'limit', side === 'buy' ? 'sell' : 'buy', amount, at);
      await alice.createOrder(BTC, 'limit', side, amount, at);
    }
    await synced();
    expect(await alice.fetchPositions([BTC])).toEqual([]);
    for (const [who, x, sign] of [
      ['alice', alice, 1],
      ['bob', bob, -1],
    ] as const) {
      const raw = (await x.fapiPrivateGetUserTrades({ symbol: 'BTCUSDT', limit: 1000 })) as Array<
        Record<string, string>
      >;
      const fills = raw.slice(-steps.length);
      // Independently: a one-way position at its average entry; a fill closes min(|fill|, |position|) of it and
      // realises closed × (price − entry) for a long, the opposite for a short (all exact at these prices).
      let qty = 0;
      let entry = 0;
      const expected = steps.map(([side, amount, at]) => {
        const signed = (side === 'buy' ? amount : -amount) * sign;
        const closing = qty !== 0 && Math.sign(signed) !== Math.sign(qty);
        const closed = closing ? Math.min(Math.abs(signed), Math.abs(qty)) : 0;
        const pnl = closed * (at - entry) * Math.sign(qty);
        const opened = Math.abs(signed) - closed;
        if (closing) qty += Math.sign(signed) * closed;
        if (opened > 0) {
          entry = qty === 0 ? at : (entry * Math.abs(qty) + at * opened) / (Math.abs(qty) + opened);
          qty += Math.sign(signed) * opened;
        }
        return Math.round(pnl * 1e8) + 0; // + 0: no -0 for a fill that closed nothing
      });
      const told = fills.map((f) => Math.round(Number(f.realizedPnl) * 1e8));
      expect({ who, told }).toEqual({ who, told: expected });
      // 0.05 × (98000 − 96500), then 0.15 × (95000 − 96500), then the short 0.1 × (95000 − 94000).
      if (who === 'alice')
        expect(fills.map((f) => f.realizedPnl)).toEqual([
          '0.00000000',
          '0.00000000',
          '75.00000000',
          '-225.00000000',
          '100.00000000',
        ]);
      // The ledger's own REALIZED_PNL lines for the same fills sum to the same.
      const income = (await x.fapiPrivateGetIncome({
        symbol: 'BTCUSDT',
        incomeType: 'REALIZED_PNL',
        startTime: fills[0]!.time,
      })) as Array<{ income: string }>;
      const ledger = income.reduce((sum, i) => sum + Math.round(Number(i.income) * 1e8), 0);
      expect(ledger).toBe(told.reduce((a, b) => a + b, 0));
    }
  });

  it("maps refusals to CCXT's classes and changes nothing", async () => {
    const alice = users.alice!.x;
    const before = await alice.fetchBalance();
    await expect(alice.createOrder(BTC, 'limit', 'buy', 5, 96000)).rejects.toBeInstanceOf(ccxt.InsufficientFunds);
    await expect(alice.createOrder(BTC, 'limit', 'buy', 0.01, 50000)).rejects.toBeInstanceOf(ccxt.InvalidOrder);
    await synced();
    await expect(alice.fetchOrder('999999', BTC)).rejects.toBeInstanceOf(ccxt.OrderNotFound);
    await expect(alice.fapiPublicGetTicker24hr({ symbol: 'NOPEUSDT' })).rejects.toBeInstanceOf(ccxt.BadSymbol);
    await expect(alice.fapiPrivatePostPositionSideDual({ dualSidePosition: 'true' })).rejects.toBeInstanceOf(
      ccxt.OperationRejected,
    );
    expect(await alice.fapiPrivateGetPositionSideDual()).toEqual({
      dualSidePosition: false,
    });
    await synced();
    expect(await alice.fetchOpenOrders(BTC)).toEqual([]);
    expect((await alice.fetchBalance()).USDT).toEqual(before.USDT);
  });
  it('places a trailing stop and a stop-loss through the raw order call, lists them, and fires the trailing stop once', async () => {
    const alice = users.alice!.x;
    const bob = users.bob!.x;
    // CCXT's createOrder sends conditional orders to Binance's newer /fapi/v1/algoOrder (the next test); its implicit
    // call for POST /fapi/v1/order places them as Binance's order call takes them.
    const raw = (p: Record<string, string>) =>
      alice.fapiPrivatePostOrder({ symbol: 'BTCUSDT', side: 'SELL', ...p }) as Promise<Record<string, unknown>>;
    const info = (await (await fetch(`${base}/fapi/v1/exchangeInfo`)).json()) as {
      symbols: Array<{ symbol: string; orderTypes: string[] }>;
    };
    expect(info.symbols.find((x) => x.symbol === 'BTCUSDT')!.orderTypes).toEqual([
      'LIMIT',
      'MARKET',
      'STOP',
      'TAKE_PROFIT',
      'STOP_MARKET',
      'TAKE_PROFIT_MARKET',
      'TRAILING_STOP_MARKET',
    ]);
    // Without a position there is nothing for a trailing stop to reduce.
    await expect(
      raw({ type: 'TRAILING_STOP_MARKET', quantity: '0.1', callbackRate: '1', workingType: 'MARK_PRICE' }),
    ).rejects.toThrow(/ReduceOnly Order is rejected/);
    await bob.createOrder(BTC, 'limit', 'sell', 0.1, 96500);
    await alice.createOrder(BTC, 'market', 'buy', 0.1);
    await synced();
    // Wrong input: a callback rate out of range, an activation price under the mark for a sell, a stop-limit type.
    await expect(raw({ type: 'TRAILING_STOP_MARKET', quantity: '0.1', callbackRate: '6' })).rejects.toBeInstanceOf(
      ccxt.BadRequest,
    );
    await expect(
      raw({
        type: 'TRAILING_STOP_MARKET',
        quantity: '0.1',
        callbackRate: '1',
        activationPrice: '96000',
        workingType: 'MARK_PRICE',
      }),
    ).rejects.toThrow(/Order would immediately trigger/);
    // A sell stop-limit fires when the price falls to its stop: one above the price would fire at once.
    await expect(raw({ type: 'STOP', quantity: '0.1', price: '97000', stopPrice: '97000' })).rejects.toThrow(
      /Order would immediately trigger/,
    );
    const trail = await raw({
      type: 'TRAILING_STOP_MARKET',
      quantity: '0.1',
      callbackRate: '1',
      workingType: 'MARK_PRICE',
      reduceOnly: 'true',
      newClientOrderId: 'trail-1',
    });
    expect(trail).toMatchObject({
      type: 'TRAILING_STOP_MARKET',
      status: 'NEW',
      priceRate: '1.0',
      activatePrice: '96500.0',
      stopPrice: '95535.0',
      reduceOnly: true,
      clientOrderId: 'trail-1',
    });
    const stop = await raw({
      type: 'STOP_MARKET',
      stopPrice: '90000',
      closePosition: 'true',
      workingType: 'MARK_PRICE',
    });
    expect(stop).toMatchObject({ type: 'STOP_MARKET', status: 'NEW', closePosition: true, stopPrice: '90000.0' });
    const open = await alice.fetchOpenOrders(BTC);
    // CCXT calls these market orders with a trigger; Binance's type is in `info`.
    expect(open.map((o) => [o.id, o.info.type, o.side, o.reduceOnly])).toEqual([
      [String(trail.orderId), 'TRAILING_STOP_MARKET', 'sell', true],
      [String(stop.orderId), 'STOP_MARKET', 'sell', true],
    ]);
    // Bob cannot cancel it; alice's stop-loss she cancels herself.
    await expect(bob.cancelOrder(String(trail.orderId), BTC)).rejects.toBeInstanceOf(ccxt.OrderNotFound);
    expect((await alice.cancelOrder(String(stop.orderId), BTC)).status).toBe('canceled');
    // The mark rises to 97,000 and falls back: 1% under the best fires the trailing stop into bob's bid, once.
    await bob.createOrder(BTC, 'limit', 'buy', 0.1, 95000);
    prices.BTCUSDT = '97000.00';
    await synced();
    await clock.advance(3_000);
    prices.BTCUSDT = '95600.00';
    await synced();
    await clock.advance(3_000);
    await synced();
    expect(await alice.fetchPositions([BTC])).toEqual([]);
    const done = await alice.fetchOrder(String(trail.orderId), BTC);
    expect(done).toMatchObject({ status: 'closed', filled: 0.1, average: 95000 });
    expect(await alice.fetchOpenOrders(BTC)).toEqual([]);
    prices.BTCUSDT = '96500.00';
  });

  it("places, lists, cancels and fires conditional orders through CCXT's unified calls (the algo calls)", async () => {
    const alice = users.alice!.x;
    const bob = users.bob!.x;
    await bob.createOrder(BTC, 'limit', 'sell', 0.1, 96500);
    await alice.createOrder(BTC, 'market', 'buy', 0.1);
    await synced();
    const mark = { workingType: 'MARK_PRICE' };
    // stopPrice / stopLossPrice make a STOP_MARKET, takeProfitPrice on a limit a TAKE_PROFIT, trailingPercent a
    // TRAILING_STOP_MARKET: CCXT sends each to POST /fapi/v1/algoOrder with algoType CONDITIONAL.
    const stop = await alice.createOrder(BTC, 'market', 'sell', 0.05, undefined, { stopPrice: 95000, ...mark });
    const tp = await alice.createOrder(BTC, 'limit', 'sell', 0.05, 97100, { takeProfitPrice: 97000, ...mark });
    const loss = await alice.createOrder(BTC, 'market', 'sell', 0.1, undefined, {
      stopLossPrice: 94000,
      reduceOnly: true,
      ...mark,
    });
    const trail = await alice.createOrder(BTC, 'market', 'sell', 0.1, undefined, { trailingPercent: 1, ...mark });
    const ids = { stop: stop.id!, tp: tp.id!, loss: loss.id!, trail: trail.id! };
    expect(stop).toMatchObject({ status: 'open', triggerPrice: 95000, amount: 0.05, side: 'sell' });
    expect(stop.info).toMatchObject({ algoType: 'CONDITIONAL', orderType: 'STOP_MARKET', algoStatus: 'NEW' });
    expect(tp).toMatchObject({ status: 'open', triggerPrice: 97000, price: 97100, type: 'limit' });
    expect(tp.info).toMatchObject({ orderType: 'TAKE_PROFIT', timeInForce: 'GTC' });
    expect(loss.info).toMatchObject({ orderType: 'STOP_MARKET', reduceOnly: true });
    expect(trail.info).toMatchObject({ orderType: 'TRAILING_STOP_MARKET', callbackRate: '1.0' });
    // A sell stop at or above the price would fire at once: -2021, and nothing is placed.
    await expect(
      alice.createOrder(BTC, 'market', 'sell', 0.05, undefined, { stopPrice: 97000, ...mark }),
    ).rejects.toThrow(/Order would immediately trigger/);
    const open = await alice.fetchOpenOrders(BTC, undefined, undefined, { trigger: true });
    expect(open.map((o) => [o.id, o.info.orderType])).toEqual([
      [ids.stop, 'STOP_MARKET'],
      [ids.tp, 'TAKE_PROFIT'],
      [ids.loss, 'STOP_MARKET'],
      [ids.trail, 'TRAILING_STOP_MARKET'],
    ]);
    // Bob cannot cancel alice's; she cancels the reduce-only stop-loss and the trailing stop herself.
    await expect(bob.cancelOrder(ids.loss, BTC, { trigger: true })).rejects.toBeInstanceOf(ccxt.OrderNotFound);
    await alice.cancelOrder(ids.loss, BTC, { trigger: true });
    await alice.cancelOrder(ids.trail, BTC, { trigger: true });
    expect((await alice.fetchOrder(ids.loss, BTC, { trigger: true })).status).toBe('canceled');
    // The mark rises to 97,000: the take-profit places its limit sell at 97,100, which bob's market buy takes.
    prices.BTCUSDT = '97000.00';
    await synced();
    await clock.advance(3_000);
    await synced();
    const fired = await alice.fetchOrder(ids.tp, BTC, { trigger: true });
    expect(fired.info).toMatchObject({ algoStatus: 'TRIGGERED' });
    expect(fired.info.actualOrderId).not.toBe('');
    await bob.createOrder(BTC, 'market', 'buy', 0.05);
    // The clock stands 3 s ahead of real time here: a step on, so the same query is not the same signed call twice.
    await clock.advance(10);
    await synced();
    expect((await alice.fetchOrder(ids.tp, BTC, { trigger: true })).info).toMatchObject({
      algoStatus: 'FINISHED',
      executedQty: '0.050',
    });
    // The mark falls to 94,900: the stop sells 0.05 at market into bob's bid.
    await bob.createOrder(BTC, 'limit', 'buy', 0.05, 94900);
    prices.BTCUSDT = '94900.00';
    await synced();
    await clock.advance(3_000);
    await synced();
    expect(await alice.fetchPositions([BTC])).toEqual([]);
    expect(await alice.fetchOpenOrders(BTC, undefined, undefined, { trigger: true })).toEqual([]);
    const all = await alice.fetchOrders(BTC, undefined, undefined, { trigger: true });
    expect(Object.fromEntries(all.map((o) => [o.id, o.info.algoStatus]))).toMatchObject({
      [ids.stop]: 'FINISHED',
      [ids.tp]: 'FINISHED',
      [ids.loss]: 'CANCELED',
      [ids.trail]: 'CANCELED',
    });
    expect(all.find((o) => o.id === ids.stop)).toMatchObject({ status: 'closed', filled: 0.05, average: 94900 });
    // The web shows the same account the door does: no position, the USDT the trades left.
    expect(await webPositions('alice')).toEqual([]);
    const balance = await alice.fetchBalance();
    expect(balance.USDT!.total).toBeCloseTo(Number((await webAccount('alice')).walletBalance), 6);
    prices.BTCUSDT = '96500.00';
  });
});
