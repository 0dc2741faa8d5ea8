import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../tests/support/databases.ts';
import { runs } from '../../../tests/support/property.ts';
import {
  credit,
  expectRestartsReproduce,
  insertTestUser,
  stopTrading,
  tradingOn,
} from '../../../tests/support/trading.ts';
import { ACCOUNT } from '../../ledger/account-types.ts';
import { auditLedger } from '../../ledger/ledger.ts';
import { seedMarkets } from '../seed.ts';
import { CONDITIONAL_PART, reached, stopHoldIdOf, type ConditionalBook } from './conditional-book.ts';
import { ConditionalService } from './conditional.service.ts';

/** One step of a run: the price moves (users 0 and 1 trade at it), or a trader places or cancels something. */
const step = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('move' as const), ticks: fc.integer({ min: -6, max: 6 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('stop' as const),
      user: fc.integer({ min: 2, max: 3 }),
      side: fc.constantFrom('buy' as const, 'sell' as const),
      type: fc.constantFrom(
        'STOP_LOSS' as const,
        'STOP_LOSS_LIMIT' as const,
        'TAKE_PROFIT' as const,
        'TAKE_PROFIT_LIMIT' as const,
      ),
      ticks: fc.integer({ min: -8, max: 8 }),
      lots: fc.integer({ min: 100, max: 400 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('oco' as const),
      user: fc.integer({ min: 2, max: 3 }),
      side: fc.constantFrom('buy' as const, 'sell' as const),
      limit: fc.integer({ min: 1, max: 8 }),
      stop: fc.integer({ min: 1, max: 8 }),
      market: fc.boolean(),
      lots: fc.integer({ min: 100, max: 400 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('tpsl' as const),
      user: fc.integer({ min: 2, max: 3 }),
      below: fc.integer({ min: 0, max: 3 }),
      lots: fc.integer({ min: 100, max: 400 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
);

const TICK = 0.5;
const px = (ticks: number) => (3450 + ticks * TICK).toFixed(2);
const qty = (lots: number) => (lots / 10_000).toFixed(4);

describe.each(DIALECTS.slice(0, 1))('conditional orders on a driven price path, on %s', (_name, open) => {
  it('fire once each, cancel an OCO sibling exactly once, release holds exactly, and restart the same', async () => {
    let fired = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 30 }), async (steps) => {
        const t = await open();
        try {
          await seedMarkets(t.db);
          let trading = await tradingOn(t.db);
          const users: number[] = [];
          for (let u = 0; u < 4; u++) {
            users.push(await insertTestUser(t.db, `8${u}000000`, `path_${u}`));
            await credit(trading.core, users[u]!, 'USDT', 50_000_000_000_000n);
            await credit(trading.core, users[u]!, 'ETH', 2_000_000_000n);
          }
          const stops = new ConditionalService(t.db, trading.core, trading.spot);
          const limit = (u: number, side: 'buy' | 'sell', price: string, quantity: string) =>
            trading.spot.place(users[u]!, { symbol: 'ethusdt', side, type: 'limit', price, quantity });
          let at = 0;
          const move = async (to: number) => {
            at = to;
            await limit(0, 'sell', px(at), '0.0100');
            await limit(1, 'buy', px(at), '0.0100');
          };
          await move(0);
          const placed: number[] = [];
          // Refusals (a trigger on the wrong side, a maker leg that would take) are part of the path: they change
          // nothing, which the checks at the end see.
          const tryPlace = async (p: Promise<{ id: number } | { stop: { id: number } }>) => {
            const r = await p.catch(() => undefined);
            if (r) placed.push('stop' in r ? r.stop.id : r.id);
          };
          for (const s of steps) {
            if (s.kind === 'move') await move(Math.max(-20, Math.min(20, at + s.ticks)));
            else if (s.kind === 'stop') {
              const limitType = s.type.endsWith('_LIMIT');
              await tryPlace(
                stops.placeStop(users[s.user]!, {
                  symbol: 'ethusdt',
                  side: s.side,
                  type: s.type,
                  stopPrice: px(at + s.ticks),
                  ...(limitType ? { price: px(at + s.ticks + (s.side === 'buy' ? 2 : -2)) } : {}),
                  quantity: qty(s.lots),
                }),
              );
            } else if (s.kind === 'oco') {
              const sell = s.side === 'sell';
              await tryPlace(
                stops.placeOco(users[s.user]!, {
                  symbol: 'ethusdt',
                  side: s.side,
                  quantity: qty(s.lots),
                  price: px(at + (sell ? s.limit : -s.limit)),
                  stopPrice: px(at + (sell ? -s.stop : s.stop)),
                  ...(s.market ? {} : { stopLimitPrice: px(at + (sell ? -s.stop - 1 : s.stop + 1)) }),
                }),
              );
            } else if (s.kind === 'tpsl') {
              await tryPlace(
                stops.placeTpSl(users[s.user]!, {
                  symbol: 'ethusdt',
                  price: px(at - s.below),
                  quantity: qty(s.lots),
                  takeProfitPrice: px(at - s.below + 4),
                  stopLossStopPrice: px(at - s.below - 4),
                }),
              );
            } else if (placed.length) {
              const id = placed[s.pick % placed.length]!;
              const owner = [...trading.core.part<ConditionalBook>(CONDITIONAL_PART).open.values()].find(
                (c) => c.id === id,
              )?.userId;
              // Another user's cancel is refused; the owner's ends it (when it is still open).
              await expect(stops.cancel(users[0]!, id)).rejects.toMatchObject({ errorName: expect.any(String) });
              if (owner) await stops.cancel(owner, id);
            }
          }
          await trading.core.settled();
          const book = trading.core.part<ConditionalBook>(CONDITIONAL_PART);

          expect(await auditLedger(t.db)).toEqual([]);
          // No trigger missed: nothing still pending has been reached by the last price (no run fires 32 at once).
          const last = book.last.get('ethusdt')!;
          for (const c of book.open.values()) if (c.status === 'pending') expect(reached(c, last)).toBe(false);
          // Every open conditional order's own hold is exactly what it says it holds.
          for (const c of book.open.values()) expect(trading.core.risk.heldBy(stopHoldIdOf(c.id))).toBe(c.frozen);
          // The spot accounts' frozen funds are exactly the open orders' and open conditional orders' holds.
          const frozen = await t.db.get<{ n: bigint | null }>(
            `SELECT SUM(frozen) AS n FROM accounts WHERE type = ${ACCOUNT.spot}`,
          );
          const orders = await t.db.get<{ n: bigint | null }>(
            "SELECT SUM(frozen) AS n FROM orders WHERE status IN ('open', 'partial')",
          );
          const waiting = await t.db.get<{ n: bigint | null }>(
            "SELECT SUM(frozen) AS n FROM spot_conditional_orders WHERE status IN ('waiting', 'pending')",
          );
          expect(BigInt(frozen?.n ?? 0)).toBe(BigInt(orders?.n ?? 0) + BigInt(waiting?.n ?? 0));
          // Each triggered order was placed once, as one order of its owner's.
          const triggered = await t.db.all<{
            order_id: bigint;
            user_id: bigint;
            side: string;
            o_user: bigint;
            o_side: string;
          }>(
            `SELECT c.order_id, c.user_id, c.side, o.user_id AS o_user, o.side AS o_side
             FROM spot_conditional_orders c JOIN orders o ON o.id = c.order_id WHERE c.status = 'triggered'`,
          );
          const all = await t.db.get<{ n: bigint }>(
            "SELECT COUNT(*) AS n FROM spot_conditional_orders WHERE status = 'triggered'",
          );
          expect(triggered.length).toBe(Number(all!.n));
          expect(new Set(triggered.map((r) => Number(r.order_id))).size).toBe(triggered.length);
          for (const r of triggered) expect([Number(r.o_user), r.o_side]).toEqual([Number(r.user_id), r.side]);
          fired += triggered.length;
          // An OCO ends one way only: its stop fired and its limit leg never traded, or its leg traded and the stop
          // expired (or its owner cancelled both).
          const legs = await t.db.all<{ status: string; filled: bigint; leg: string }>(
            `SELECT c.status, o.filled_qty AS filled, o.status AS leg FROM spot_conditional_orders c
             JOIN orders o ON o.id = c.limit_order_id WHERE c.limit_order_id > 0`,
          );
          for (const l of legs) {
            if (l.status === 'triggered') expect(BigInt(l.filled)).toBe(0n);
            // A leg that traded keeps the rest of its order on the book: only its stop ends.
            if (BigInt(l.filled) > 0n) expect([l.status, l.leg === 'cancelled']).toEqual(['expired', false]);
          }
          trading = await expectRestartsReproduce(t.db, trading, {});
          await stopTrading(trading);
        } finally {
          await t.drop();
        }
      }),
      runs(8),
    );
    // The path does fire triggers, not only refuse them.
    expect(fired).toBeGreaterThan(0);
  }, 60_000);
});
