import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../isomorphic/contract/codes.ts';
import type {
  BorrowPreview,
  CanBorrow,
  DepositRate,
  LoanResult,
  MarginOrder,
  MarginProperty,
  MarginRecord,
  MarginTransferResult,
} from '../../isomorphic/contract/margin.ts';
import type { Page } from '../../isomorphic/contract/wallet.ts';
import { api, operatorToken, signUp, testApp } from '../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { priceFeed } from '../../tests/support/price-feed.ts';
import { ManualClock } from '../clock/clock.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { userTopics } from '../feeds/topics.ts';
import type { MarginMessage } from '../../isomorphic/contract/private-feed.ts';
import { auditLedger, balanceOf } from '../ledger/ledger.ts';
import { auditMargin } from '../../tests/support/margin-audit.ts';
import type { MarginBook } from './margin-book.ts';

const T0 = Date.UTC(2026, 0, 1);
const HOUR = 3_600_000;

/**
 * Spot margin over the API on a whole app whose clock the test drives, with the index from a price feed on
 * loopback that the test moves: transfers, borrowing, margin orders on the spot book, hourly interest, repayment,
 * a margin call and a liquidation, and every refusal.
 */
describe.each(FEATURE_DIALECTS)('spot margin over the API, on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let feed: Awaited<ReturnType<typeof priceFeed>>;
  let ops: string;
  const feedPrices: Record<string, string> = { BTCUSDT: '96500.00', ETHUSDT: '3450.00' };
  const users: Record<string, { id: number; token: string }> = {};
  const clock = new ManualClock(T0);
  const pushed: MarginMessage[] = [];
  const call = <T = unknown>(
    user: string,
    url: string,
    payload?: Record<string, unknown>,
    query?: Record<string, string>,
    method?: 'GET',
  ) =>
    api<T>(app, url, {
      token: users[user]!.token,
      ...(payload ? { payload } : {}),
      ...(query ? { query } : {}),
      ...(method ? { method } : {}),
    });
  const property = async (user: string) =>
    (await call<MarginProperty>(user, '/api/app/coin/marginProperty', undefined, undefined, 'GET')).data;
  const records = async (user: string, kind?: string) =>
    (await call<Page<MarginRecord>>(user, '/api/margin/records', undefined, kind ? { kind } : {}, 'GET')).data.records;
  const tick = async (prices: Record<string, string> = {}, ms = 1_000) => {
    Object.assign(feedPrices, prices);
    await clock.advance(ms);
    await app.core.settled();
  };
  const credit = (name: string, asset: string, amount: string) =>
    api(app, '/api/admin/credit', { token: ops, payload: { username: `${name}_mg`, asset, amount } });
  const book = () => app.core.part<MarginBook>('margin');
  const invariants = async () => {
    await app.core.settled();
    expect(auditMargin(book(), app.core.risk)).toEqual([]);
    expect(await auditLedger(t.db)).toEqual([]);
  };

  beforeAll(async () => {
    t = await open();
    feed = await priceFeed(feedPrices);
    ({ app } = await testApp(t.db, { PRICE_FEED_URL: feed.url, MARKET_MAKERS: '0' }, clock));
    ops = await operatorToken(app, t.db);
    for (const name of ['alice', 'bob', 'carol', 'dave']) {
      users[name] = await signUp(app, `${name}_mg`);
      await credit(name, 'USDT', '100000');
    }
    app.bus.subscribe(userTopics.margin(users.alice!.id), (m) => void pushed.push(m as MarginMessage));
    await credit('bob', 'BTC', '10');
    await credit('bob', 'ETH', '100');
    app.prices.start(app.jobs, 1_000);
    await tick();
    await tick();
  });
  afterAll(async () => {
    await app.close();
    await feed.close();
    await t.drop();
  });

  it('shows the rates and the lending pool, to anyone', async () => {
    const rates = (await api<DepositRate[]>(app, '/api/app/coin/getDepositRate', { method: 'GET' })).data;
    expect(rates.find((r) => r.coin === 'USDT')).toMatchObject({
      dailyRate: '0.00025000',
      yearlyRate: '0.09125000',
      pool: '5000000.00000000',
    });
    expect(rates.find((r) => r.coin === 'BTC')).toMatchObject({ dailyRate: '0.00005000', pool: '50.00000000' });
  });

  it('moves funds into the cross account and borrows against them, the first hour charged at once', async () => {
    const moved = await call<MarginTransferResult>('alice', '/api/margin/transfer', {
      mode: 'cross',
      coin: 'USDT',
      amount: '10000',
      direction: 'in',
    });
    expect(moved.code).toBe(200);
    expect(moved.data.account).toMatchObject({
      mode: 'cross',
      level: null,
      risk: 'safe',
      totalAsset: '10000.00000000',
    });
    expect((await balanceOf(t.db, users.alice!.id, ACCOUNT.spot, 'USDT')).available).toBe(90_000n * 10n ** 8n);

    const can = (
      await call<CanBorrow>('alice', '/api/app/coin/wallet/all/getCanborrow', undefined, { coin: 'BTC' }, 'GET')
    ).data;
    // 3× cross: level after ≥ 1.5, so at most about 10000 / 0.5 = 20000 USDT of BTC, 0.207 BTC at 96,500.
    expect(Number(can.max)).toBeGreaterThan(0.2);
    expect(Number(can.max)).toBeLessThan(0.21);
    const preview = (
      await call<BorrowPreview>('alice', '/api/app/coin/wallet/all/preborrow', { coin: 'BTC', amount: '0.1' })
    ).data;
    expect(preview).toMatchObject({ coin: 'BTC', amount: '0.10000000', firstHourInterest: '0.00000021' });
    expect(Number(preview.levelAfter)).toBeCloseTo(2.036, 2);

    const loan = await call<LoanResult>('alice', '/api/app/coin/wallet/all/borrow', { coin: 'BTC', amount: '0.1' });
    expect(loan.code).toBe(200);
    const btc = loan.data.account.lines.find((l) => l.coin === 'BTC')!;
    expect(btc).toMatchObject({ total: '0.10000000', borrowed: '0.10000000', interest: '0.00000021' });
    expect((await balanceOf(t.db, null, ACCOUNT.marginPool, 'BTC')).available).toBe(4_990_000_000n);
    expect((await records('alice', 'borrow'))[0]).toMatchObject({
      kind: 'borrow',
      coin: 'BTC',
      amount: '0.10000000',
      mode: 'cross',
    });
    await invariants();
  });

  it('refuses what the rules do not allow, with translated reasons, changing nothing', async () => {
    const before = app.core.stateHash();
    const over = await call('alice', '/api/app/coin/wallet/all/borrow', { coin: 'BTC', amount: '5' });
    expect(over.code).toBe(ERRORS.marginOverMax);
    expect(over.msg).toMatch(/at most 0\.\d+ BTC/);
    const de = await api(app, '/api/app/coin/wallet/all/borrow', {
      token: users.alice!.token,
      lang: 'de',
      payload: { coin: 'BTC', amount: '5' },
    });
    expect(de.msg).not.toBe(over.msg);
    expect((await call('alice', '/api/app/coin/wallet/all/borrow', { coin: 'BTC', amount: 'abc' })).code).toBe(
      ERRORS.invalidNumber,
    );
    expect((await call('alice', '/api/app/coin/wallet/all/borrow', { coin: 'BTC', amount: '0.000000001' })).code).toBe(
      ERRORS.tooPrecise,
    );
    expect((await call('alice', '/api/app/coin/wallet/all/borrow', { coin: 'BTC', amount: '-1' })).code).toBe(
      ERRORS.invalidNumber,
    );
    expect((await call('alice', '/api/app/coin/wallet/all/borrow', { coin: 'BTC', amount: 1 })).code).toBe(
      ERRORS.badRequest,
    );
    expect((await call('alice', '/api/app/coin/wallet/all/borrow', { coin: 'EUR', amount: '1' })).code).toBe(
      ERRORS.marginAssetNotInAccount,
    );
    expect((await call('alice', '/api/app/coin/wallet/sideways/borrow', { coin: 'BTC', amount: '1' })).code).toBe(
      ERRORS.badRequest,
    );
    expect((await call('alice', '/api/app/coin/wallet/fixed/borrow', { coin: 'BTC', amount: '0.1' })).code).toBe(
      ERRORS.marginSymbolRequired,
    );
    expect(
      (await call('alice', '/api/app/coin/wallet/fixed/borrow', { coin: 'BTC', amount: '0.1', symbol: 'eurusd' })).code,
    ).toBe(ERRORS.marginPairNotOpen);
    expect(
      (await call('alice', '/api/app/coin/wallet/fixed/borrow', { coin: 'ETH', amount: '0.1', symbol: 'btcusdt' }))
        .code,
    ).toBe(ERRORS.marginAssetNotInAccount);
    expect((await call('dave', '/api/app/coin/wallet/all/still', { coin: 'BTC', amount: '0.1' })).code).toBe(
      ERRORS.marginNothingOwed,
    );
    // Out: at most what keeps the level above 2; more is refused with the max.
    const out = await call('alice', '/api/margin/transfer', {
      mode: 'cross',
      coin: 'USDT',
      amount: '10000',
      direction: 'out',
    });
    expect(out.code).toBe(ERRORS.marginTransferOutLevel);
    expect(
      (await call('alice', '/api/margin/transfer', { mode: 'cross', coin: 'USDT', amount: '200000', direction: 'in' }))
        .code,
    ).toBe(ERRORS.insufficientBalance);
    expect(
      (await call('alice', '/api/app/coin/fixed/updateLeverageRadio', { symbol: 'btcusdt', leverage: 11 })).code,
    ).toBe(ERRORS.badRequest);
    expect(app.core.stateHash()).toBe(before);
    expect(await api(app, '/api/app/coin/marginProperty', { method: 'GET' })).toMatchObject({ code: 401 });
  });

  it('trades from the margin account on the spot book: a short sold and bought back by liquidation as the price climbs', async () => {
    // Alice sells the borrowed BTC; Bob's spot bid takes it.
    expect(
      (
        await call('bob', '/api/currency/order/submit', {
          symbol: 'btcusdt',
          side: 'buy',
          type: 'limit',
          price: '96500',
          quantity: '0.1',
        })
      ).code,
    ).toBe(200);
    const sold = await call<MarginOrder>('alice', '/api/margin/order/submit', {
      mode: 'cross',
      symbol: 'btcusdt',
      side: 'sell',
      type: 'limit',
      price: '96500',
      quantity: '0.1',
    });
    expect(sold.code).toBe(200);
    expect(sold.data).toMatchObject({ mode: 'cross', status: 'filled' });
    const open = (
      await call<Page<MarginOrder>>(
        'alice',
        '/api/margin/order/list',
        undefined,
        { mode: 'cross', state: 'history' },
        'GET',
      )
    ).data;
    expect(open.records.map((o) => o.id)).toContain(sold.data.id);
    // Spot's own lists do not show margin orders.
    const spot = (await call<Page<unknown>>('alice', '/api/currency/order/orderList', undefined, { state: 'history' }))
      .data;
    expect(spot.total).toBe(0);
    let cross = (await property('alice')).cross;
    expect(cross.lines.find((l) => l.coin === 'BTC')).toMatchObject({ total: '0.00000000', borrowed: '0.10000000' });
    expect(Number(cross.lines.find((l) => l.coin === 'USDT')!.total)).toBeCloseTo(10000 + 9650 - 9.65, 4);

    // An hour passes: one hour's interest, once.
    // The machine sleeps through the hour: the job catches up at once, charging the hour once.
    await clock.jump(HOUR);
    await tick();
    const interest = await records('alice', 'interest');
    expect(interest).toHaveLength(1);
    expect(interest[0]).toMatchObject({ coin: 'BTC', amount: '0.00000021', hours: 1 });
    cross = (await property('alice')).cross;
    expect(cross.lines.find((l) => l.coin === 'BTC')!.interest).toBe('0.00000042');

    // BTC climbs: at 1.3 a margin call, once.
    await tick({ BTCUSDT: '151500.00' });
    await tick();
    cross = (await property('alice')).cross;
    expect(cross.risk).toBe('marginCall');
    expect((await records('alice', 'marginCall')).length).toBe(1);
    expect((await call('alice', '/api/app/coin/wallet/all/borrow', { coin: 'USDT', amount: '1' })).code).toBe(
      ERRORS.marginLevelTooLow,
    );
    await tick({ BTCUSDT: '152000.00' });
    expect((await records('alice', 'marginCall')).length).toBe(1);

    // At 1.1 the account is liquidated: the BTC owed is bought back on the book (Bob's ask) and repaid.
    expect(
      (
        await call('bob', '/api/currency/order/submit', {
          symbol: 'btcusdt',
          side: 'sell',
          type: 'limit',
          price: '181000',
          quantity: '0.2',
        })
      ).code,
    ).toBe(ERRORS.priceOutOfBand);
    await tick({ BTCUSDT: '180000.00' });
    // The index jumped past the band of Bob's resting ask; he places it now, and the next tick buys from it.
    expect(
      (
        await call('bob', '/api/currency/order/submit', {
          symbol: 'btcusdt',
          side: 'sell',
          type: 'limit',
          price: '181000',
          quantity: '0.2',
        })
      ).code,
    ).toBe(200);
    await tick();
    await tick();
    cross = (await property('alice')).cross;
    expect(cross.lines.find((l) => l.coin === 'BTC')).toMatchObject({ borrowed: '0.00000000', interest: '0.00000000' });
    expect(cross.level).toBeNull();
    const liquidations = await records('alice', 'liquidation');
    expect(liquidations.length).toBeGreaterThan(0);
    expect(Number(liquidations.at(-1)!.level)).toBeLessThanOrEqual(1.1);
    expect(Number(cross.lines.find((l) => l.coin === 'USDT')!.total)).toBeGreaterThan(0);
    // The private feed told Alice: the call once, then the liquidation.
    expect(pushed.filter((m) => m.kind !== 'changed').map((m) => [m.kind, m.mode])).toEqual([
      ['marginCall', 'cross'],
      ['liquidation', 'cross'],
    ]);
    await invariants();
  });

  it('borrows into an isolated account at its own leverage and repays interest first', async () => {
    expect(
      (await call('carol', '/api/app/coin/fixed/updateLeverageRadio', { symbol: 'ethusdt', leverage: 4 })).data,
    ).toMatchObject({ mode: 'isolated', symbol: 'ethusdt', leverage: 4 });
    expect(
      (
        await call('carol', '/api/margin/transfer', {
          mode: 'isolated',
          symbol: 'ethusdt',
          coin: 'USDT',
          amount: '1000',
          direction: 'in',
        })
      ).code,
    ).toBe(200);
    expect(
      (
        await call('carol', '/api/margin/transfer', {
          mode: 'isolated',
          symbol: 'ethusdt',
          coin: 'BTC',
          amount: '1',
          direction: 'in',
        })
      ).code,
    ).toBe(ERRORS.marginAssetNotInAccount);
    // 4×: level after ≥ 4/3, so at most 1000 × 3 = 3000 USDT of ETH.
    const can = (
      await call<CanBorrow>(
        'carol',
        '/api/app/coin/wallet/fixed/getCanborrow',
        undefined,
        { coin: 'ETH', symbol: 'ethusdt' },
        'GET',
      )
    ).data;
    expect(Number(can.max)).toBeCloseTo(3000 / 3450, 3);
    expect(
      (await call('carol', '/api/app/coin/wallet/fixed/borrow', { coin: 'ETH', amount: '0.8', symbol: 'ethusdt' }))
        .code,
    ).toBe(200);
    expect(
      (await call('carol', '/api/app/coin/fixed/updateLeverageRadio', { symbol: 'ethusdt', leverage: 10 })).code,
    ).toBe(ERRORS.marginLeverageLocked);
    // The isolated borrow is not the cross account's.
    expect((await property('carol')).cross.lines.find((l) => l.coin === 'ETH')).toBeUndefined();
    const repaid = await call<LoanResult>('carol', '/api/app/coin/wallet/fixed/still', {
      coin: 'ETH',
      amount: '0.5',
      symbol: 'ethusdt',
    });
    expect(repaid.data).toMatchObject({ amount: '0.50000000', interest: '0.00000200', principal: '0.49999800' });
    // More than is free is refused; more than is owed but within what is free repays all of it.
    expect(
      (await call('carol', '/api/app/coin/wallet/fixed/still', { coin: 'ETH', amount: '5', symbol: 'ethusdt' })).code,
    ).toBe(ERRORS.insufficientBalance);
    expect(
      (
        await call<LoanResult>('carol', '/api/app/coin/wallet/fixed/still', {
          coin: 'ETH',
          amount: '0.3',
          symbol: 'ethusdt',
        })
      ).data,
    ).toMatchObject({ interest: '0.00000000', principal: '0.30000000' });
    await credit('carol', 'ETH', '0.01');
    expect(
      (
        await call('carol', '/api/margin/transfer', {
          mode: 'isolated',
          symbol: 'ethusdt',
          coin: 'ETH',
          amount: '0.01',
          direction: 'in',
        })
      ).code,
    ).toBe(200);
    const all = await call<LoanResult>('carol', '/api/app/coin/wallet/fixed/still', {
      coin: 'ETH',
      amount: '5',
      symbol: 'ethusdt',
    });
    expect(all.data).toMatchObject({ amount: '0.00000200', principal: '0.00000200' });
    const iso = (await property('carol')).isolated.find((a) => a.symbol === 'ethusdt')!;
    expect(iso.lines.find((l) => l.coin === 'ETH')).toMatchObject({ borrowed: '0.00000000', interest: '0.00000000' });
    expect(iso.level).toBeNull();
    expect(
      (
        await call('carol', '/api/margin/transfer', {
          mode: 'isolated',
          symbol: 'ethusdt',
          coin: 'USDT',
          amount: '1000',
          direction: 'out',
        })
      ).code,
    ).toBe(200);
    expect(
      (
        await call('carol', '/api/margin/transfer', {
          mode: 'isolated',
          symbol: 'ethusdt',
          coin: 'ETH',
          amount: '0.00999800',
          direction: 'out',
        })
      ).code,
    ).toBe(200);
    await invariants();
  });

  it('borrows what an order needs with auto-borrow, and repays from its fills with auto-repay', async () => {
    expect(
      (await call('dave', '/api/margin/transfer', { mode: 'cross', coin: 'USDT', amount: '5000', direction: 'in' }))
        .code,
    ).toBe(200);
    // Without auto-borrow, an order beyond the free balance is refused.
    const price = (await property('dave')).cross.lines.find((l) => l.coin === 'USDT')!;
    expect(price.free).toBe('5000.00000000');
    expect(
      (
        await call('bob', '/api/currency/order/submit', {
          symbol: 'ethusdt',
          side: 'sell',
          type: 'limit',
          price: '3450',
          quantity: '2',
        })
      ).code,
    ).toBe(200);
    const order = { mode: 'cross', symbol: 'ethusdt', side: 'buy', type: 'limit', price: '3450', quantity: '2' };
    expect((await call('dave', '/api/margin/order/submit', order)).code).toBe(ERRORS.insufficientBalance);
    const bought = await call<MarginOrder>('dave', '/api/margin/order/submit', { ...order, autoBorrow: true });
    expect(bought.data).toMatchObject({ status: 'filled', borrowed: '1900.00000000' });
    expect((await property('dave')).cross.lines.find((l) => l.coin === 'USDT')!.borrowed).toBe('1900.00000000');
    // Selling with auto-repay pays the USDT debt from the proceeds.
    expect(
      (
        await call('bob', '/api/currency/order/submit', {
          symbol: 'ethusdt',
          side: 'buy',
          type: 'limit',
          price: '3450',
          quantity: '1',
        })
      ).code,
    ).toBe(200);
    const sold = await call<MarginOrder>('dave', '/api/margin/order/submit', {
      mode: 'cross',
      symbol: 'ethusdt',
      side: 'sell',
      type: 'limit',
      price: '3450',
      quantity: '1',
      autoRepay: true,
    });
    expect(sold.data.status).toBe('filled');
    const usdt = (await property('dave')).cross.lines.find((l) => l.coin === 'USDT')!;
    // 3446.55 received (after the fee) pays the 1900 borrowed and its first hour; the rest stays.
    expect(usdt).toMatchObject({ borrowed: '0.00000000', interest: '0.00000000' });
    expect((await records('dave', 'repay'))[0]).toMatchObject({ coin: 'USDT', principal: '1900.00000000' });
    await invariants();
  });

  it('keeps a user out of other users’ margin orders', async () => {
    expect(
      (
        await call('bob', '/api/currency/order/submit', {
          symbol: 'ethusdt',
          side: 'buy',
          type: 'limit',
          price: '3400',
          quantity: '1',
        })
      ).code,
    ).toBe(200);
    const resting = await call<MarginOrder>('dave', '/api/margin/order/submit', {
      mode: 'cross',
      symbol: 'ethusdt',
      side: 'sell',
      type: 'limit',
      price: '3500',
      quantity: '0.5',
    });
    expect(resting.data.status).toBe('open');
    expect(
      (await call('alice', '/api/currency/order/cancelOrder', undefined, { id: String(resting.data.id) })).code,
    ).toBe(ERRORS.orderNotFound);
    // Cancelling all spot orders leaves margin orders resting.
    await call('dave', '/api/currency/order/cancelAll', undefined, { symbol: 'ethusdt' });
    expect(
      (await call<Page<MarginOrder>>('dave', '/api/margin/order/list', undefined, { mode: 'cross' }, 'GET')).data.total,
    ).toBe(1);
    expect(
      (await call('dave', '/api/currency/order/cancelOrder', undefined, { id: String(resting.data.id) })).code,
    ).toBe(200);
    await invariants();
  });

  it('rebuilds the same margin state from the tables as the running core holds', async () => {
    await app.core.settled();
    const running = JSON.stringify(book().snapshot());
    const fresh = new (book().constructor as new () => MarginBook)();
    fresh.spot = book().spot;
    await fresh.load(t.db);
    expect(JSON.stringify(fresh.snapshot())).toBe(running);
  });
});
