import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS, type TestDatabase } from '../../../tests/support/databases.ts';
import {
  credit,
  expectRestartsReproduce,
  insertTestUser,
  stopTrading,
  tradingOn,
} from '../../../tests/support/trading.ts';
import { ACCOUNT } from '../../ledger/account-types.ts';
import { auditLedger } from '../../ledger/ledger.ts';
import type { Trading } from '../../trading.ts';
import { seedMarkets } from '../seed.ts';
import { spotBooksOf } from '../spot-books.ts';
import { CONDITIONAL_PART, type ConditionalBook } from './conditional-book.ts';
import { ConditionalService } from './conditional.service.ts';

const USDT = 100_000_000n;
const ETH = 100_000_000n;

describe.each(DIALECTS.slice(0, 1))('spot conditional orders on %s', (_name, open) => {
  let t: TestDatabase;
  let trading: Trading;
  let stops: ConditionalService;
  const users: number[] = [];

  const avail = (u: number, asset: string) => trading.core.risk.available(users[u]!, ACCOUNT.spot, asset);
  const held = (u: number, asset: string) => trading.core.risk.balance(users[u]!, ACCOUNT.spot, asset).held;
  const limit = (u: number, side: 'buy' | 'sell', price: string, quantity: string) =>
    trading.spot.place(users[u]!, { symbol: 'ethusdt', side, type: 'limit', price, quantity });
  const book = () => trading.core.part<ConditionalBook>(CONDITIONAL_PART);

  beforeEach(async () => {
    t = await open();
    await seedMarkets(t.db);
    trading = await tradingOn(t.db);
    users.length = 0;
    for (let u = 0; u < 4; u++) {
      users.push(await insertTestUser(t.db, `7${u}000000`, `stops_${u}`));
      await credit(trading.core, users[u]!, 'USDT', 1_000_000n * USDT);
      await credit(trading.core, users[u]!, 'ETH', 100n * ETH);
    }
    stops = new ConditionalService(t.db, trading.core, trading.spot);
    // The last price: one trade at 3450.
    await limit(2, 'sell', '3450.00', '0.0100');
    await limit(3, 'buy', '3450.00', '0.0100');
  });
  afterEach(async () => {
    await stopTrading(trading);
    await t.drop();
  });

  it('holds a stop-limit from placement, fires it once when the last price reaches it, and refuses wrong sides', async () => {
    await expect(
      stops.placeStop(users[0]!, {
        symbol: 'ethusdt',
        side: 'sell',
        type: 'STOP_LOSS_LIMIT',
        stopPrice: '3460.00',
        price: '3455.00',
        quantity: '1',
      }),
    ).rejects.toMatchObject({ errorName: 'triggerMustBeBelow', params: { price: '3450.00' } });
    await expect(
      stops.placeStop(users[0]!, {
        symbol: 'ethusdt',
        side: 'buy',
        type: 'STOP_LOSS',
        stopPrice: '3440.00',
        quantity: '1',
      }),
    ).rejects.toMatchObject({ errorName: 'triggerMustBeAbove' });
    await expect(
      stops.placeStop(users[0]!, {
        symbol: 'ethusdt',
        side: 'sell',
        type: 'TAKE_PROFIT',
        stopPrice: '3450.00',
        quantity: '1',
      }),
    ).rejects.toMatchObject({ errorName: 'triggerMustBeAbove' });
    expect(held(0, 'ETH')).toBe(0n);

    const s = await stops.placeStop(users[0]!, {
      symbol: 'ethusdt',
      side: 'sell',
      type: 'STOP_LOSS_LIMIT',
      stopPrice: '3440.00',
      price: '3435.00',
      quantity: '1',
    });
    expect(s.status).toBe('pending');
    expect(held(0, 'ETH')).toBe(1n * ETH);
    // Another user's cancel is refused and changes nothing.
    await expect(stops.cancel(users[1]!, s.id)).rejects.toMatchObject({ errorName: 'orderNotFound' });
    // A trade above the trigger does not fire it; one at it does, and it rests at its limit.
    await limit(2, 'buy', '3445.00', '0.0100');
    await limit(3, 'sell', '3445.00', '0.0100');
    expect(book().open.get(s.id)?.status).toBe('pending');
    await limit(2, 'buy', '3440.00', '0.0100');
    await limit(3, 'sell', '3440.00', '0.0100');
    expect(book().open.has(s.id)).toBe(false);
    await trading.core.settled();
    const row = await t.db.get<{ status: string; order_id: bigint }>(
      'SELECT status, order_id FROM spot_conditional_orders WHERE id = ?',
      [s.id],
    );
    expect(row?.status).toBe('triggered');
    const placed = spotBooksOf(trading.core).live.get(Number(row!.order_id))!;
    expect(placed).toMatchObject({ side: 'sell', kind: 'limit', price: 343500n, quantity: 10000n, frozen: 1n * ETH });
    // The stop's hold became the order's: held once, not twice.
    expect(held(0, 'ETH')).toBe(1n * ETH);
    // Further trades below do not fire it again.
    await limit(2, 'buy', '3438.00', '0.0100');
    await limit(3, 'sell', '3438.00', '0.0100');
    const n = await t.db.get<{ n: bigint }>('SELECT COUNT(*) AS n FROM orders WHERE user_id = ?', [users[0]!]);
    expect(Number(n!.n)).toBe(1);
    expect(await auditLedger(t.db)).toEqual([]);
  });

  it('fires the triggers one trade crosses in the order the price reaches them, equal ones in placement order', async () => {
    const sell = (stopPrice: string) =>
      stops.placeStop(users[0]!, { symbol: 'ethusdt', side: 'sell', type: 'STOP_LOSS', stopPrice, quantity: '0.01' });
    const low = await sell('3440.00');
    const high = await sell('3445.00');
    const lowToo = await sell('3440.00');
    const untouched = await sell('3420.00');
    await limit(2, 'buy', '3430.00', '1');
    await limit(3, 'sell', '3430.00', '0.0100');
    await trading.core.settled();
    const rows = await t.db.all<{ id: bigint; order_id: bigint }>(
      "SELECT id, order_id FROM spot_conditional_orders WHERE status = 'triggered' ORDER BY order_id",
    );
    expect(rows.map((r) => Number(r.id))).toEqual([high.id, low.id, lowToo.id]);
    expect(book().open.get(untouched.id)?.status).toBe('pending');
  });

  it('releases a cancelled stop exactly and refuses a second cancel', async () => {
    const before = avail(1, 'USDT');
    const s = await stops.placeStop(users[1]!, {
      symbol: 'ethusdt',
      side: 'buy',
      type: 'STOP_LOSS_LIMIT',
      stopPrice: '3460.00',
      price: '3465.00',
      quantity: '0.5',
    });
    expect(before - avail(1, 'USDT')).toBe((3465n * USDT) / 2n);
    await stops.cancel(users[1]!, s.id);
    expect(avail(1, 'USDT')).toBe(before);
    await expect(stops.cancel(users[1]!, s.id)).rejects.toMatchObject({ errorName: 'orderNotOpen' });
  });

  it('OCO: the stop firing cancels the limit leg, and the pair holds once', async () => {
    const before = avail(0, 'ETH');
    const { stop, limit: leg } = await stops.placeOco(users[0]!, {
      symbol: 'ethusdt',
      side: 'sell',
      quantity: '1',
      price: '3470.00',
      stopPrice: '3440.00',
    });
    expect(before - avail(0, 'ETH')).toBe(1n * ETH);
    expect(stop.frozen).toBe(0n);
    await limit(2, 'buy', '3440.00', '2');
    await limit(3, 'sell', '3440.00', '0.0100');
    // The stop-market sold into the bid at 3440; the limit leg is gone.
    expect(spotBooksOf(trading.core).live.has(leg.id)).toBe(false);
    expect(held(0, 'ETH')).toBe(0n);
    expect(avail(0, 'ETH')).toBe(before - 1n * ETH);
  });

  it('OCO: a part fill of the limit leg expires the stop and leaves the rest of the leg on the book', async () => {
    const { stop, limit: leg } = await stops.placeOco(users[0]!, {
      symbol: 'ethusdt',
      side: 'sell',
      quantity: '1',
      price: '3470.00',
      stopPrice: '3440.00',
    });
    await limit(1, 'buy', '3470.00', '0.4');
    expect(book().open.has(stop.id)).toBe(false);
    expect(spotBooksOf(trading.core).live.get(leg.id)).toMatchObject({ status: 'partial', filledQty: 4000n });
    // The stop is gone: a later fall through 3440 sells nothing more.
    await limit(2, 'buy', '3440.00', '2');
    await limit(3, 'sell', '3440.00', '0.0100');
    expect(spotBooksOf(trading.core).live.get(leg.id)?.filledQty).toBe(4000n);
    expect(held(0, 'ETH')).toBe(6000n * 10_000n);
  });

  it('OCO: refuses legs on the wrong side and a limit leg that would take', async () => {
    const oco = { symbol: 'ethusdt', side: 'sell' as const, quantity: '1' };
    await expect(stops.placeOco(users[0]!, { ...oco, price: '3440.00', stopPrice: '3430.00' })).rejects.toMatchObject({
      errorName: 'ocoLimitMustBeAbove',
    });
    await expect(stops.placeOco(users[0]!, { ...oco, price: '3470.00', stopPrice: '3455.00' })).rejects.toMatchObject({
      errorName: 'triggerMustBeBelow',
    });
    await limit(2, 'buy', '3460.00', '0.1');
    await expect(stops.placeOco(users[0]!, { ...oco, price: '3455.00', stopPrice: '3440.00' })).rejects.toMatchObject({
      errorName: 'ocoLimitWouldTake',
    });
    expect(held(0, 'ETH')).toBe(0n);
  });

  it('OCO: cancels its stop exactly once when the limit fills and the stop is reached in the same command', async () => {
    // User 0's OCO: sell 1 at 3470, stop-loss at 3440.
    const { stop, limit: leg } = await stops.placeOco(users[0]!, {
      symbol: 'ethusdt',
      side: 'sell',
      quantity: '1',
      price: '3470.00',
      stopPrice: '3440.00',
    });
    // User 1's take-profit market sell fires at 3465 and sells 5 into user 2's bids at 3440 and below.
    await stops.placeStop(users[1]!, {
      symbol: 'ethusdt',
      side: 'sell',
      type: 'TAKE_PROFIT',
      stopPrice: '3465.00',
      quantity: '5',
    });
    await limit(2, 'buy', '3440.00', '5');
    const eth0 = avail(0, 'ETH');
    // One buy lifts the offer at 3470: the limit leg fills, the take-profit fires, the price falls to 3440.
    await limit(3, 'buy', '3470.00', '1');
    await trading.core.settled();
    const rows = await t.db.all<{ id: bigint; status: string }>(
      'SELECT id, status FROM spot_conditional_orders ORDER BY id',
    );
    expect(rows.map((r) => [Number(r.id), r.status])).toEqual([
      [stop.id, 'expired'],
      [expect.any(Number), 'triggered'],
    ]);
    const filled = await t.db.get<{ status: string }>('SELECT status FROM orders WHERE id = ?', [leg.id]);
    expect(filled?.status).toBe('filled');
    expect(avail(0, 'ETH')).toBe(eth0);
    expect(held(0, 'ETH')).toBe(0n);
    expect(await auditLedger(t.db)).toEqual([]);
  });

  it('TP/SL: a filled limit buy becomes a sell OCO for what it bought, less its fee', async () => {
    const placed = await stops.placeTpSl(users[0]!, {
      symbol: 'ethusdt',
      price: '3450.00',
      quantity: '1',
      takeProfitPrice: '3500.00',
      stopLossStopPrice: '3400.00',
    });
    expect(placed.stop.status).toBe('waiting');
    await limit(1, 'sell', '3450.00', '1');
    const s = book().open.get(placed.stop.id)!;
    expect(s.status).toBe('pending');
    // 1 ETH less the 0.1% taker... maker fee in ETH, down to the lot.
    const leg = spotBooksOf(trading.core).live.get(s.limitOrderId)!;
    expect(leg).toMatchObject({ side: 'sell', price: 350000n, quantity: s.quantity });
    expect(s.quantity).toBeLessThan(10000n);
    expect(s.quantity).toBeGreaterThan(9900n);
    // The stop-loss then fires on a trade at 3400 and the take-profit leg is cancelled.
    await limit(2, 'buy', '3400.00', '2');
    await limit(3, 'sell', '3400.00', '0.0100');
    expect(book().open.has(s.id)).toBe(false);
    expect(spotBooksOf(trading.core).live.has(leg.id)).toBe(false);
    expect(held(0, 'ETH')).toBe(0n);
    expect(await auditLedger(t.db)).toEqual([]);
  });

  it('TP/SL: a buy cancelled unfilled drops it; cancelled part-filled places the OCO for the part', async () => {
    const a = await stops.placeTpSl(users[0]!, {
      symbol: 'ethusdt',
      price: '3440.00',
      quantity: '1',
      takeProfitPrice: '3500.00',
      stopLossStopPrice: '3400.00',
    });
    await trading.spot.cancel(users[0]!, a.order.id);
    expect(book().open.has(a.stop.id)).toBe(false);
    const b = await stops.placeTpSl(users[0]!, {
      symbol: 'ethusdt',
      price: '3440.00',
      quantity: '1',
      takeProfitPrice: '3500.00',
      stopLossStopPrice: '3400.00',
      stopLossPrice: '3395.00',
    });
    await limit(1, 'sell', '3440.00', '0.5');
    expect(book().open.get(b.stop.id)?.status).toBe('waiting');
    await trading.spot.cancel(users[0]!, b.order.id);
    const s = book().open.get(b.stop.id)!;
    expect(s).toMatchObject({ status: 'pending', type: 'STOP_LOSS_LIMIT' });
    expect(s.quantity).toBeLessThan(5000n);
    await expect(
      stops.placeTpSl(users[0]!, {
        symbol: 'ethusdt',
        price: '3440.00',
        quantity: '1',
        takeProfitPrice: '3430.00',
        stopLossStopPrice: '3400.00',
      }),
    ).rejects.toMatchObject({ errorName: 'tpslPriceOrder' });
  });

  it('comes back the same from a snapshot and replay, and from the tables', async () => {
    await stops.placeStop(users[0]!, {
      symbol: 'ethusdt',
      side: 'sell',
      type: 'STOP_LOSS',
      stopPrice: '3430.00',
      quantity: '1',
    });
    await stops.placeOco(users[1]!, {
      symbol: 'ethusdt',
      side: 'buy',
      quantity: '1',
      price: '3420.00',
      stopPrice: '3470.00',
      stopLimitPrice: '3475.00',
    });
    await stops.placeTpSl(users[2]!, {
      symbol: 'ethusdt',
      price: '3440.00',
      quantity: '1',
      takeProfitPrice: '3500.00',
      stopLossStopPrice: '3400.00',
    });
    await limit(3, 'sell', '3440.00', '0.3');
    trading = await expectRestartsReproduce(t.db, trading, {});
    // And the restarted core fires what was pending: user 0's stop at 3430.
    const s = [...trading.core.part<ConditionalBook>(CONDITIONAL_PART).open.values()].find(
      (c) => c.userId === users[0],
    );
    expect(s?.status).toBe('pending');
    await limit(1, 'buy', '3430.00', '2');
    await limit(3, 'sell', '3430.00', '1');
    expect(trading.core.part<ConditionalBook>(CONDITIONAL_PART).open.has(s!.id)).toBe(false);
    expect(await auditLedger(t.db)).toEqual([]);
  });
});
