import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FEATURE_DIALECTS } from '../../tests/support/databases.ts';
import { runs } from '../../tests/support/property.ts';
import { lots, perpDesk, px, refusal, SYMBOL } from '../../tests/support/perp-desk.ts';
import type { TradingCore } from '../core/core.ts';
import type { PerpBook } from './perp-book.ts';
import { setStop } from './perp-positions.ts';
import { closePart } from './position-close.ts';
import { stopRises } from './stop-index.ts';
import { cancelTrailing, reduces, scanTrailing, setTrailing } from './trailing.ts';

/**
 * Trailing stops on the trading core with its tables (BTCUSDT: tick 0.1, lot 0.001). Expected firing points are
 * worked out here from the rule (activate at the activation price, follow the best price, fire when the price is at
 * or past best × (1 ∓ rate)), not read back from the code under test.
 */
describe.each(FEATURE_DIALECTS)('perpetual trailing stops, on %s', (_name, open) => {
  const desk = perpDesk(open, { uid: '5700', name: 'trail' });
  const { core, book, user, mark, order } = desk;
  /** A long (or short) of `size` lots for `userId`, opened against a fresh counterparty's resting order at 50,000. */
  const open_ = async (userId: number, size: bigint, side: 'buy' | 'sell' = 'buy') => {
    const other = await user();
    await order(other, side === 'buy' ? 'sell' : 'buy', 'limit', px(50_000), size);
    await order(userId, side, 'market', 0n, size);
    return other;
  };
  const positionQty = (userId: number) => book().position(userId, SYMBOL)?.qty ?? 0n;
  const trailing = (
    userId: number,
    o: Partial<{
      side: 'buy' | 'sell';
      quantity: bigint;
      callbackBps: number;
      activation: bigint | null;
      by: 'mark' | 'last';
    }> = {},
  ) =>
    core().submit(setTrailing, {
      userId,
      symbol: SYMBOL,
      side: 'sell',
      quantity: lots(0.1),
      callbackBps: 100,
      activation: null,
      by: 'mark',
      ...o,
    });
  const ordersBy = async (userId: number, source: string) => {
    await core().settled();
    return desk
      .db()
      .all<{ side: string; quantity: bigint; reduce_only: bigint; filled_qty: bigint }>(
        'SELECT side, quantity, reduce_only, filled_qty FROM perp_orders WHERE user_id = ? AND source = ? ORDER BY id',
        [userId, source],
      );
  };

  it('follows a driven mark path: fires once, never before the retrace, never opens or turns a position', async () => {
    await mark(px(50_000));
    // Bids from 95.8% to 99.8% of the start, so a fired close finds a buyer while the mark stays near it (further
    // away the close finds none within the band, and the trailing stop has fired all the same).
    const buyer = await user();
    for (let i = 0; i <= 8; i++) await order(buyer, 'buy', 'limit', px(47_900 + i * 250), lots(1));
    const seen = { fired: 0, filled: 0, closedFirst: 0, waiting: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: -120, max: 120 }), { minLength: 3, maxLength: 30 }),
        fc.oneof(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 50 })).map((n) => n * 10),
        fc.option(fc.integer({ min: 1, max: 200 }), { nil: null }),
        fc.option(fc.tuple(fc.nat({ max: 12 }), fc.constantFrom(25, 50, 75, 100)), { nil: null }),
        async (moves, bps, activationBps, partial) => {
          const start = px(50_000);
          await mark(start);
          const alice = await user();
          await open_(alice, lots(0.1));
          const activation = activationBps === null ? null : (start * BigInt(10_000 + activationBps)) / 10_000n;
          const ts = await trailing(alice, { callbackBps: bps, activation });
          // The model: the mark path, and where the rule says it fires.
          const path: bigint[] = [];
          let m = start;
          for (const mv of moves) {
            m = (m * BigInt(10_000 + mv)) / 10_000n;
            path.push(m);
          }
          let best: bigint | null = activation === null ? start : null;
          let fireAt = -1;
          for (let i = 0; i < path.length; i++) {
            const p = path[i]!;
            if (best === null) {
              if (p >= activation!) best = p;
            } else if (p > best) best = p;
            else if (p * 10_000n <= best * BigInt(10_000 - bps)) {
              fireAt = i;
              break;
            }
          }
          let closedAt = -1;
          for (let i = 0; i < path.length; i++) {
            if (partial && partial[0] === i && book().trailing.byId.has(ts.id)) {
              // Part (or all) of the position closed from its row before this step's mark.
              const q = (positionQty(alice) * BigInt(partial[1])) / 100n;
              if (q > 0n)
                await core().submit(closePart, {
                  userId: alice,
                  positionId: book().position(alice, SYMBOL)!.id,
                  kind: 'market',
                  price: 0n,
                  quantity: q,
                });
              if (positionQty(alice) === 0n && closedAt < 0) closedAt = i;
            }
            await mark(path[i]!);
            const live = book().trailing.byId.get(ts.id);
            expect(positionQty(alice) >= 0n).toBe(true);
            if (closedAt >= 0) expect(live).toBeUndefined();
            else if (fireAt < 0 || i < fireAt) expect(live?.status).toBe('active');
            else expect(live).toBeUndefined();
          }
          const fired = await ordersBy(alice, 'trailingStop');
          if (fireAt >= 0 && closedAt < 0) {
            expect(fired).toHaveLength(1);
            expect(fired[0]!.side).toBe('sell');
            expect(Number(fired[0]!.reduce_only)).toBe(1);
            seen.fired++;
            if (BigInt(fired[0]!.filled_qty) > 0n) seen.filled++;
          } else expect(fired).toHaveLength(0);
          if (closedAt >= 0) seen.closedFirst++;
          if (fireAt < 0 && closedAt < 0) seen.waiting++;
          // Whatever is left is closed so the next run starts from the same book.
          if (book().trailing.byId.has(ts.id)) await core().submit(cancelTrailing, { userId: alice, id: ts.id });
        },
      ),
      runs(40),
    );
    // Each case happened (the checks above would hold vacuously otherwise).
    expect(Object.values(seen).every((n) => n > 0)).toBe(true);
  }, 20_000);

  it('trails the last price through every trade of a sweep, and fires in order of placement', async () => {
    await mark(px(50_000));
    const alice = await user();
    const bob = await user();
    await open_(alice, lots(0.2));
    await open_(bob, lots(0.1));
    // Two trailing stops on the last price, 1% callback; alice's placed first.
    const a = await trailing(alice, { by: 'last', callbackBps: 100, quantity: lots(0.2) });
    await desk.clock().advance(1);
    const b = await trailing(bob, { by: 'last', callbackBps: 100 });
    expect(a.best).toBe(px(50_000));
    // A buyer sweeps asks up to 50,400: the best becomes 50,400 through the trades, oldest first.
    const asks = await user();
    await order(asks, 'sell', 'limit', px(50_200), lots(0.01));
    await order(asks, 'sell', 'limit', px(50_400), lots(0.01));
    const sweeper = await user();
    await order(sweeper, 'buy', 'market', 0n, lots(0.02));
    expect(book().trailing.byId.get(a.id)!.best).toBe(px(50_400));
    // Bids for the closes, then a trade at 49,896 (50,400 × 0.99) fires both, alice's first.
    await order(sweeper, 'buy', 'limit', px(49_896), lots(0.4));
    await order(asks, 'sell', 'limit', px(49_896), lots(0.001));
    expect(book().trailing.byId.has(a.id)).toBe(false);
    expect(book().trailing.byId.has(b.id)).toBe(false);
    const aOrder = (await ordersBy(alice, 'trailingStop'))[0]!;
    const bOrder = (await ordersBy(bob, 'trailingStop'))[0]!;
    expect([BigInt(aOrder.filled_qty), BigInt(bOrder.filled_qty)]).toEqual([lots(0.2), lots(0.1)]);
    const ids = await desk
      .db()
      .all<{ id: bigint; user_id: bigint }>(
        "SELECT id, user_id FROM perp_orders WHERE source = 'trailingStop' ORDER BY id",
      );
    expect(ids.map((r) => Number(r.user_id))).toEqual([alice, bob]);
    expect(positionQty(alice)).toBe(0n);
    expect(positionQty(bob)).toBe(0n);
  });

  it('a trigger never opens or turns a position: a smaller position is trimmed, a gone one cancels', async () => {
    await mark(px(50_000));
    const buyer = await user();
    await order(buyer, 'buy', 'limit', px(49_000), lots(10));
    const alice = await user();
    await open_(alice, lots(0.1));
    // A stop-loss and a trailing stop for the whole 0.1, then half the position closed from the row.
    await core().submit(setStop, { userId: alice, symbol: SYMBOL, kind: 'stopLoss', trigger: px(49_600), by: 'mark' });
    const ts = await trailing(alice, { callbackBps: 50, quantity: lots(0.1) });
    await core().submit(closePart, {
      userId: alice,
      positionId: book().position(alice, SYMBOL)!.id,
      kind: 'market',
      price: 0n,
      quantity: lots(0.05),
    });
    expect(positionQty(alice)).toBe(lots(0.05));
    // 49,700 is 0.6% under the best of 50,000: the trailing stop fires (the stop-loss at 49,600 is not reached) and
    // closes the 0.05 left, not its 0.1.
    await mark(px(49_700));
    expect(positionQty(alice)).toBe(0n);
    const fired = await ordersBy(alice, 'trailingStop');
    expect(fired.map((o) => BigInt(o.quantity))).toEqual([lots(0.05)]);
    expect(book().trailing.byId.has(ts.id)).toBe(false);
    // The stop-loss ended with the position; a mark past it places nothing.
    await mark(px(49_500));
    expect(await ordersBy(alice, 'stopLoss')).toHaveLength(0);
    expect(positionQty(alice)).toBe(0n);

    // A trailing stop whose position went away before it fired is cancelled with it.
    const carol = await user();
    await open_(carol, lots(0.1));
    const c = await trailing(carol, { callbackBps: 100 });
    await core().submit(closePart, {
      userId: carol,
      positionId: book().position(carol, SYMBOL)!.id,
      kind: 'market',
      price: 0n,
      quantity: lots(0.1),
    });
    await core().settled();
    const row = await desk.db().get<{ status: string }>('SELECT status FROM perp_trailing WHERE id = ?', [c.id]);
    expect(row!.status).toBe('cancelled');
    // A stop-loss and a trailing stop crossed by one tick: the first fired closes all, the second finds nothing.
    const dave = await user();
    await open_(dave, lots(0.1));
    await core().submit(setStop, { userId: dave, symbol: SYMBOL, kind: 'stopLoss', trigger: px(49_200), by: 'mark' });
    await desk.clock().advance(1);
    await trailing(dave, { callbackBps: 100 });
    await mark(px(49_000));
    expect(positionQty(dave)).toBe(0n);
    expect(await ordersBy(dave, 'stopLoss')).toHaveLength(1);
    expect(await ordersBy(dave, 'trailingStop')).toHaveLength(0);
  });

  it('refuses wrong input and changes nothing; another user cannot cancel', async () => {
    await mark(px(50_000));
    const alice = await user();
    const mallory = await user();
    await open_(alice, lots(0.1));
    const before = JSON.stringify(book().snapshot());
    expect(await refusal(trailing(alice, { callbackBps: 5 }))).toBe('perpTrailingCallbackRange');
    expect(await refusal(trailing(alice, { callbackBps: 510 }))).toBe('perpTrailingCallbackRange');
    expect(await refusal(trailing(alice, { callbackBps: 15 }))).toBe('perpTrailingCallbackRange');
    // A sell's activation must be above the mark, a buy's below.
    expect(await refusal(trailing(alice, { activation: px(49_999) }))).toBe('perpTrailingActivationWrongSide');
    expect(await refusal(trailing(alice, { activation: px(50_000) }))).toBe('perpTrailingActivationWrongSide');
    expect(await refusal(trailing(alice, { side: 'buy' }))).toBe('perpReduceOnlyWouldIncrease');
    expect(await refusal(trailing(alice, { quantity: lots(0.2) }))).toBe('perpCloseOverPosition');
    expect(await refusal(trailing(mallory))).toBe('perpNoPosition');
    expect(
      await refusal(
        core().submit(closePart, {
          userId: alice,
          positionId: book().position(alice, SYMBOL)!.id,
          kind: 'limit',
          price: px(50_100),
          quantity: lots(0.101),
        }),
      ),
    ).toBe('perpCloseOverPosition');
    expect(JSON.stringify(book().snapshot())).toBe(before);
    const ts = await trailing(alice);
    expect(await refusal(core().submit(cancelTrailing, { userId: mallory, id: ts.id }))).toBe('perpTrailingNotFound');
    expect(book().trailing.byId.get(ts.id)?.status).toBe('active');
    expect((await core().submit(cancelTrailing, { userId: alice, id: ts.id })).status).toBe('cancelled');
    expect(await refusal(core().submit(cancelTrailing, { userId: alice, id: ts.id }))).toBe('perpTrailingNotFound');
  });

  it('resting reduce-only closes stay within the position: trimmed after a fill, cancelled before a trigger meets them', async () => {
    await mark(px(50_000));
    const alice = await user();
    await open_(alice, lots(0.1));
    const positionId = book().position(alice, SYMBOL)!.id;
    const limitClose = (price: number, quantity: number) =>
      core().submit(closePart, {
        userId: alice,
        positionId,
        kind: 'limit',
        price: px(price),
        quantity: lots(quantity),
      });
    // Two limit closes of 0.06 rest on a position of 0.1; a buyer takes 0.01 of the nearer one.
    const near = (await limitClose(50_500, 0.06)).id;
    const far = (await limitClose(50_600, 0.06)).id;
    const taker = await user();
    await order(taker, 'buy', 'limit', px(50_500), lots(0.01));
    expect(positionQty(alice)).toBe(lots(0.09));
    // 0.05 and 0.06 left would add up past the 0.09: the one furthest from the market goes, the nearer one stays.
    expect(book().live.get(near)!.filledQty).toBe(lots(0.01));
    expect(book().live.has(far)).toBe(false);

    // A stop-loss closes alice's long in a tick; bob's take-profit in the same tick then buys at market. Alice's
    // resting close at 50,500 is cancelled before his buy meets it, or it would open a short for her.
    const bidder = await user();
    await order(bidder, 'buy', 'limit', px(49_400), lots(1));
    const asker = await user();
    await order(asker, 'sell', 'limit', px(50_700), lots(1));
    await core().submit(setStop, { userId: alice, symbol: SYMBOL, kind: 'stopLoss', trigger: px(49_600), by: 'mark' });
    const bob = await user();
    await open_(bob, lots(0.05), 'sell');
    await desk.clock().advance(1);
    await core().submit(setStop, { userId: bob, symbol: SYMBOL, kind: 'takeProfit', trigger: px(49_600), by: 'mark' });
    await mark(px(49_500));
    expect(positionQty(alice)).toBe(0n);
    expect(positionQty(bob)).toBe(0n);
    expect(book().userOrders(alice)).toEqual([]);
    await core().settled();
    const bobFill = await desk
      .db()
      .get<{ n: bigint }>('SELECT COUNT(*) AS n FROM perp_trades WHERE taker_user_id = ? AND maker_user_id = ?', [
        bob,
        alice,
      ]);
    expect(Number(bobFill!.n)).toBe(0);
  });

  it('comes back the same after a restart, from the snapshot and from the tables', async () => {
    await mark(px(50_000));
    const alice = await user();
    const bob = await user();
    await open_(alice, lots(0.3));
    await open_(bob, lots(0.2), 'sell');
    await trailing(alice, { callbackBps: 200 });
    await trailing(alice, { callbackBps: 100, activation: px(50_600), quantity: lots(0.1) });
    await trailing(bob, { side: 'buy', callbackBps: 300, activation: px(49_500), by: 'last' });
    await mark(px(50_700));
    await mark(px(50_650));
    const essence = (c: TradingCore) => {
      const s = c.part<PerpBook>('perpetual').snapshot() as Record<string, unknown>;
      return JSON.stringify({ trailing: s.trailing, ids: s.ids, positions: s.positions });
    };
    expect((book().snapshot() as { trailing: unknown[] }).trailing).toHaveLength(3);
    await desk.restartsReproduce(essence);
    // The restarted core trails on (a start from the tables has no mark until the next tick): 50,700 × 0.99 =
    // 50,193 fires alice's 1% stop.
    await mark(px(50_650));
    await order(await user(), 'buy', 'limit', px(50_000), lots(1));
    await mark(px(50_193));
    expect(
      book()
        .trailing.ofUser(alice)
        .map((x) => x.callbackBps),
    ).toEqual([200]);
  });

  it('fires what a scan of every stop decides, in its order, with many stops and across a restart', async () => {
    await mark(px(50_000));
    const maker = await user();
    for (let i = 0; i <= 8; i++) {
      await order(maker, 'buy', 'limit', px(47_900 + i * 250), lots(2));
      await order(maker, 'sell', 'limit', px(50_100 + i * 250), lots(2));
    }
    // A fixed pseudo-random draw (a linear congruential generator), so the run is the same every time.
    let seed = 20261203;
    const draw = (n: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) % n;
    for (let u = 0; u < 6; u++) {
      const id = await user();
      const long = u % 2 === 0;
      await open_(id, lots(0.3), long ? 'buy' : 'sell');
      for (let k = 0; k < 3; k++) {
        const away = draw(3) === 0 ? null : 10 + draw(60);
        await trailing(id, {
          side: long ? 'sell' : 'buy',
          callbackBps: (1 + draw(8)) * 10,
          activation: away === null ? null : (px(50_000) * BigInt(long ? 10_000 + away : 10_000 - away)) / 10_000n,
        });
      }
      if (draw(2)) {
        const tp = (px(50_000) * BigInt(long ? 10_050 + draw(50) : 9_950 - draw(50))) / 10_000n;
        await core().submit(setStop, { userId: id, symbol: SYMBOL, kind: 'takeProfit', trigger: tp, by: 'mark' });
      }
    }
    const fired = async () => {
      await core().settled();
      const rows = await desk.db().all<{ kind: string; id: bigint; order_id: bigint }>(
        `SELECT 't' AS kind, id, order_id FROM perp_trailing WHERE order_id IS NOT NULL
         UNION ALL SELECT 's' AS kind, id, order_id FROM perp_stops WHERE order_id IS NOT NULL`,
      );
      return new Map(rows.map((r) => [`${r.kind}${r.id}`, Number(r.order_id)]));
    };
    let m = px(50_000);
    let dueSeen = 0;
    for (let step = 0; step < 40; step++) {
      if (step === 20) {
        const essence = (c: TradingCore) => {
          const snap = c.part<PerpBook>('perpetual').snapshot() as Record<string, unknown>;
          return JSON.stringify({
            trailing: snap.trailing,
            stops: snap.stops,
            ids: snap.ids,
            positions: snap.positions,
          });
        };
        await desk.restartsReproduce(essence);
        await mark(m); // a start from the tables has no mark until the next tick
      }
      m = (m * BigInt(10_000 + draw(141) - 70)) / 10_000n;
      // The model: the scan of every active stop against this mark, on copies.
      const copies = book()
        .trailing.of(SYMBOL)
        .map((x) => ({ ...x }));
      const want = scanTrailing(copies, 'mark', [m]);
      const stops = [...book().stops.values()].filter(
        (x) => x.symbol === SYMBOL && x.by === 'mark' && (stopRises(x) ? m >= x.trigger : m <= x.trigger),
      );
      const dueOrder = [
        ...stops.map((x) => ({ key: `s${x.id}`, at: x.createdAt, order: 0, id: x.id })),
        ...want.due.map(({ trailing: x }) => ({ key: `t${x.id}`, at: x.createdAt, order: 1, id: x.id })),
      ].sort((a, b) => a.at - b.at || a.order - b.order || a.id - b.id);
      const before = await fired();
      await mark(m);
      const after = await fired();
      dueSeen += dueOrder.length;
      // Every due one ended, and those that placed a close placed them in the model's order.
      for (const d of dueOrder)
        expect(d.key.startsWith('t') ? book().trailing.byId.has(d.id) : book().stops.has(d.id)).toBe(false);
      const placed = dueOrder.filter((d) => after.has(d.key) && !before.has(d.key));
      expect(placed.map((d) => after.get(d.key)!)).toEqual(placed.map((d) => after.get(d.key)!).sort((a, b) => a - b));
      expect(after.size - before.size).toBe(placed.length);
      // The others moved as the scan moved them, or ended because their position did.
      for (const x of copies) {
        const live = book().trailing.byId.get(x.id);
        if (live) expect(live.best).toBe(x.best);
        else if (!want.due.some((d) => d.trailing.id === x.id))
          expect(reduces(book().position(x.userId, SYMBOL), x.side)).toBe(false);
      }
    }
    expect(dueSeen).toBeGreaterThan(5);
  }, 30_000);
});
