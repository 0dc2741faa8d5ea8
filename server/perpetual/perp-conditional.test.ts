import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FEATURE_DIALECTS } from '../../tests/support/databases.ts';
import { runs } from '../../tests/support/property.ts';
import { lots, perpDesk, px, refusal, SYMBOL, U } from '../../tests/support/perp-desk.ts';
import type { TradingCore } from '../core/core.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import type { PerpBook } from './perp-book.ts';
import { cancelConditional, setConditional, type ConditionalSet } from './perp-conditional.ts';
import { cancelPerpOrder } from './perp-orders.ts';

/**
 * Conditional orders with a quantity on the trading core with its tables (BTCUSDT: tick 0.1, lot 0.001). Where each
 * fires is worked out here from Binance's rule (a buy STOP and a sell TAKE_PROFIT when the price rises to the stop,
 * the others when it falls to it), not read back from the code under test.
 */
type Kind = ConditionalSet['type'];
const rises = (side: 'buy' | 'sell', type: Kind) => (side === 'buy') === (type === 'STOP' || type === 'STOP_MARKET');

describe.each(FEATURE_DIALECTS)('perpetual conditional orders with a quantity, on %s', (_name, open) => {
  const desk = perpDesk(open, { uid: '5800', name: 'cond' });
  const { core, book, user, mark, order } = desk;
  const conditional = (userId: number, o: Partial<ConditionalSet>) =>
    core().submit(setConditional, {
      userId,
      symbol: SYMBOL,
      side: 'sell',
      type: 'STOP_MARKET',
      quantity: lots(0.01),
      price: 0n,
      stopPrice: px(49_000),
      by: 'mark',
      tif: 'GTC',
      reduceOnly: false,
      algo: false,
      clientId: '',
      ...o,
    });
  const fired = async (userId: number) => {
    await core().settled();
    return desk
      .db()
      .all<{ id: bigint; side: string; kind: string; price: bigint; quantity: bigint }>(
        "SELECT id, side, kind, price, quantity FROM perp_orders WHERE user_id = ? AND source = 'conditional' ORDER BY id",
        [userId],
      );
  };
  const positionQty = (userId: number) => book().position(userId, SYMBOL)?.qty ?? 0n;

  it('refuses a trigger the price has already reached, on the side the rule names', async () => {
    await mark(px(50_000));
    const alice = await user();
    // A sell stop fires falling: its stop must be below the price; a buy stop above it; take-profits the other way.
    expect(await refusal(conditional(alice, { side: 'sell', type: 'STOP_MARKET', stopPrice: px(50_000) }))).toBe(
      'perpTriggerMustBeBelow',
    );
    expect(await refusal(conditional(alice, { side: 'buy', type: 'STOP_MARKET', stopPrice: px(49_999) }))).toBe(
      'perpTriggerMustBeAbove',
    );
    expect(await refusal(conditional(alice, { side: 'sell', type: 'TAKE_PROFIT_MARKET', stopPrice: px(49_000) }))).toBe(
      'perpTriggerMustBeAbove',
    );
    expect(
      await refusal(conditional(alice, { side: 'buy', type: 'TAKE_PROFIT', price: px(48_000), stopPrice: px(51_000) })),
    ).toBe('perpTriggerMustBeBelow');
    // The last price falls back to the mark before a first trade.
    expect(
      await refusal(
        conditional(alice, { by: 'last', side: 'buy', type: 'STOP', price: px(50_100), stopPrice: px(50_000) }),
      ),
    ).toBe('perpTriggerMustBeAbove');
    expect(book().conditional.ofUser(alice)).toHaveLength(0);
  });

  it('follows a driven mark path: each fires once, at the first step that reaches it, in that order', async () => {
    await mark(px(50_000));
    const alice = await user();
    const counted = { fired: 0, waiting: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: -150, max: 150 }), { minLength: 2, maxLength: 12 }),
        fc.array(
          fc.record({
            side: fc.constantFrom('buy' as const, 'sell' as const),
            type: fc.constantFrom<Kind>('STOP', 'TAKE_PROFIT', 'STOP_MARKET', 'TAKE_PROFIT_MARKET'),
            bps: fc.integer({ min: 1, max: 400 }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        async (moves, specs) => {
          const start = px(50_000);
          await mark(start);
          // Each one's stop lies `bps` away on the side it fires from, so it is accepted and waits.
          const placed: Array<{ id: number; up: boolean; stop: bigint }> = [];
          for (const s of specs) {
            const up = rises(s.side, s.type);
            const stop = (start * BigInt(up ? 10_000 + s.bps : 10_000 - s.bps)) / 10_000n;
            const limit = s.type === 'STOP' || s.type === 'TAKE_PROFIT';
            const o = await conditional(alice, {
              side: s.side,
              type: s.type,
              stopPrice: stop,
              price: limit ? stop : 0n,
            });
            placed.push({ id: o.id, up, stop });
            await desk.clock().advance(1);
          }
          const path: bigint[] = [];
          let m = start;
          for (const mv of moves) path.push((m = (m * BigInt(10_000 + mv)) / 10_000n));
          // The model: the first step that reaches each; those due fire by step, then by placement.
          const firstStep = (p: (typeof placed)[number]) => path.findIndex((x) => (p.up ? x >= p.stop : x <= p.stop));
          const expected = placed
            .map((p) => ({ id: p.id, step: firstStep(p) }))
            .filter((p) => p.step >= 0)
            .sort((a, b) => a.step - b.step || a.id - b.id);
          const before = (await fired(alice)).length;
          for (let i = 0; i < path.length; i++) {
            await mark(path[i]!);
            for (const p of placed) {
              const live = book().conditional.byId.has(p.id);
              const step = firstStep(p);
              expect(live).toBe(step < 0 || step > i);
            }
          }
          await core().settled();
          const rows = await desk
            .db()
            .all<{ id: bigint; order_id: bigint | null; status: string }>(
              `SELECT id, order_id, status FROM perp_conditional WHERE id IN (${placed.map((p) => p.id).join(',')}) ORDER BY order_id`,
            );
          const triggered = rows.filter((r) => r.status === 'triggered');
          expect(triggered.map((r) => Number(r.id))).toEqual(expected.map((e) => e.id));
          // One order each, no more.
          expect((await fired(alice)).length - before).toBe(expected.length);
          counted.fired += expected.length;
          counted.waiting += placed.length - expected.length;
          for (const p of placed)
            if (book().conditional.byId.has(p.id)) await core().submit(cancelConditional, { userId: alice, id: p.id });
          // Resting limits the fired ones left are cancelled so the next run starts from the same book.
          for (const o of book().userOrders(alice))
            await core().submit(cancelPerpOrder, { userId: alice, orderId: o.id });
        },
      ),
      runs(25),
    );
    expect(counted.fired > 0 && counted.waiting > 0).toBe(true);
  }, 30_000);

  it('honours reduce-only when it fires: trimmed to a smaller position, expired when there is none', async () => {
    await mark(px(50_000));
    const buyer = await user();
    await order(buyer, 'buy', 'limit', px(49_500), lots(5));
    const alice = await user();
    const seller = await user();
    await order(seller, 'sell', 'limit', px(50_000), lots(0.1));
    await order(alice, 'buy', 'market', 0n, lots(0.1));
    expect(positionQty(alice)).toBe(lots(0.1));
    // Two reduce-only sell stops, each for more than the position: the first closes it whole (trimmed to 0.1), the
    // second finds nothing left to reduce and expires, as Binance rejects a reduce-only order that would open.
    const a = await conditional(alice, { quantity: lots(0.3), reduceOnly: true, stopPrice: px(49_800) });
    await desk.clock().advance(1);
    const b = await conditional(alice, { quantity: lots(0.2), reduceOnly: true, stopPrice: px(49_700) });
    await mark(px(49_600));
    expect(positionQty(alice)).toBe(0n);
    const orders = await fired(alice);
    expect(orders.map((o) => [o.side, BigInt(o.quantity)])).toEqual([['sell', lots(0.1)]]);
    await core().settled();
    const rows = await desk
      .db()
      .all<{ id: bigint; status: string; reason: string | null }>(
        'SELECT id, status, reason FROM perp_conditional WHERE user_id = ? ORDER BY id',
        [alice],
      );
    expect(rows.map((r) => [Number(r.id), r.status, r.reason])).toEqual([
      [a.id, 'triggered', null],
      [b.id, 'expired', 'perpReduceOnlyWouldIncrease'],
    ]);
  });

  it('checks margin when it fires, not before: one the account cannot take expires and holds nothing', async () => {
    await mark(px(50_000));
    // 100 USDT at 20x backs about 2,000 of notional: a 1 BTC buy stop (50,000) is accepted, as Binance accepts it.
    const alice = await user(100n * U);
    const o = await conditional(alice, {
      side: 'buy',
      type: 'STOP',
      quantity: lots(1),
      price: px(50_600),
      stopPrice: px(50_500),
    });
    const small = await conditional(alice, {
      side: 'buy',
      type: 'STOP',
      quantity: lots(0.01),
      price: px(50_600),
      stopPrice: px(50_500),
    });
    expect(core().risk.available(alice, ACCOUNT.contract, 'USDT')).toBe(100n * U);
    await mark(px(50_500));
    await core().settled();
    const rows = await desk
      .db()
      .all<{ id: bigint; status: string; reason: string | null; order_id: bigint | null }>(
        'SELECT id, status, reason, order_id FROM perp_conditional WHERE user_id = ? ORDER BY id',
        [alice],
      );
    expect(rows.map((r) => [Number(r.id), r.status, r.reason])).toEqual([
      [o.id, 'expired', 'perpInsufficientMargin'],
      [small.id, 'triggered', null],
    ]);
    // The small one rests as a GTC limit at its price, holding its margin now.
    const placed = book().live.get(Number(rows[1]!.order_id))!;
    expect([placed.kind, placed.tif, placed.price, placed.quantity]).toEqual(['limit', 'GTC', px(50_600), lots(0.01)]);
    expect(placed.margin > 0n).toBe(true);
    await core().submit(cancelPerpOrder, { userId: alice, orderId: placed.id });
  });

  it('watches the last trade when asked: a trade through the stop fires it, the mark alone does not', async () => {
    await mark(px(50_000));
    const alice = await user();
    const o = await conditional(alice, { by: 'last', side: 'buy', type: 'STOP_MARKET', stopPrice: px(50_200) });
    await mark(px(50_300));
    expect(book().conditional.byId.has(o.id)).toBe(true);
    const maker = await user();
    const taker = await user();
    await order(maker, 'sell', 'limit', px(50_250), lots(0.01));
    await order(maker, 'sell', 'limit', px(50_260), lots(0.01));
    await order(taker, 'buy', 'market', 0n, lots(0.01));
    expect(book().conditional.byId.has(o.id)).toBe(false);
    // Its market buy took the next ask.
    expect(positionQty(alice)).toBe(lots(0.01));
  });

  it('comes back the same after a restart, from the snapshot and from the tables, and fires once after it', async () => {
    await mark(px(50_000));
    const alice = await user();
    const bob = await user();
    await conditional(alice, { side: 'sell', type: 'STOP_MARKET', stopPrice: px(49_500), clientId: 'x-1' });
    await conditional(alice, {
      side: 'buy',
      type: 'TAKE_PROFIT',
      price: px(49_400),
      stopPrice: px(49_400),
      algo: true,
    });
    await conditional(bob, { side: 'buy', type: 'STOP', price: px(50_900), stopPrice: px(50_800), by: 'last' });
    const essence = (c: TradingCore) => {
      const s = c.part<PerpBook>('perpetual').snapshot() as Record<string, unknown>;
      return JSON.stringify({ conditional: s.conditional, ids: s.ids });
    };
    expect((book().snapshot() as { conditional: unknown[] }).conditional).toHaveLength(3);
    await desk.restartsReproduce(essence);
    expect(
      book()
        .conditional.ofUser(alice)
        .map((o) => [o.clientId, o.algo]),
    ).toEqual([
      ['x-1', false],
      ['', true],
    ]);
    await mark(px(49_400));
    await mark(px(49_300));
    expect(book().conditional.ofUser(alice)).toHaveLength(0);
    expect((await fired(alice)).map((o) => o.kind)).toEqual(['market', 'limit']);
    for (const o of book().userOrders(alice)) await core().submit(cancelPerpOrder, { userId: alice, orderId: o.id });
  });
});
