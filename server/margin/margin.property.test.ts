import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../tests/support/databases.ts';
import {
  credit,
  expectRestartsReproduce,
  insertTestUser,
  partEssence,
  stopTrading,
  tradingOn,
} from '../../tests/support/trading.ts';
import { ManualClock } from '../clock/clock.ts';
import { postFunds } from '../core/funds.ts';
import { placeOrder } from '../spot/spot.commands.ts';
import { seedMarkets } from '../spot/seed.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { auditLedger } from '../ledger/ledger.ts';
import { AppError } from '../outcome.ts';
import { hoursOwed, HOUR_MS } from './interest.ts';
import { LIQUIDATION_LEVEL } from './margin-account.ts';
import { auditMargin } from '../../tests/support/margin-audit.ts';
import type { MarginBook } from './margin-book.ts';
import { marginBorrow, marginPlace, marginRepay, marginTransfer } from './margin-commands.ts';
import { levelOf, maxBorrow } from './margin-moves.ts';
import { marginInterest, marginTick } from './margin-ticks.ts';
import { runs } from '../../tests/support/property.ts';

const T0 = Date.UTC(2026, 3, 1);
const ONE = 100_000_000n;
const PAIRS = [
  { symbol: 'btcusdt', base: 'BTC', start: 9_650_000n, qtyScale: 5 },
  { symbol: 'ethusdt', base: 'ETH', start: 345_000n, qtyScale: 4 },
] as const;

const account = fc.record({ user: fc.integer({ min: 0, max: 3 }), isolated: fc.integer({ min: -1, max: 1 }) });
const step = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('in' as const),
      at: account,
      asset: fc.integer({ min: 0, max: 2 }),
      amount: fc.integer({ min: 1, max: 5_000 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('borrow' as const),
      at: account,
      asset: fc.integer({ min: 0, max: 2 }),
      share: fc.integer({ min: 50, max: 110 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      at: account,
      pair: fc.integer({ min: 0, max: 1 }),
      buy: fc.boolean(),
      offsetBps: fc.integer({ min: -60, max: 60 }),
      usdt: fc.integer({ min: 10, max: 8_000 }),
      autoBorrow: fc.boolean(),
      autoRepay: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('leveraged' as const),
      at: account,
      pair: fc.integer({ min: 0, max: 1 }),
      buy: fc.boolean(),
      collateral: fc.integer({ min: 200, max: 3_000 }),
      times: fc.integer({ min: 1, max: 4 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('repay' as const),
      at: account,
      asset: fc.integer({ min: 0, max: 2 }),
      amount: fc.integer({ min: 1, max: 5_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('out' as const),
      at: account,
      asset: fc.integer({ min: 0, max: 2 }),
      amount: fc.integer({ min: 1, max: 5_000 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('tick' as const),
      moveBps: fc.array(fc.integer({ min: -2500, max: 2500 }), { minLength: 2, maxLength: 2 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('hours' as const),
      hours: fc.integer({ min: 1, max: 30 }),
      minutes: fc.integer({ min: 0, max: 59 }),
    }),
  },
);

const REFUSALS = new Set([
  'insufficientBalance',
  'marginOverMax',
  'marginPoolShort',
  'marginLevelTooLow',
  'marginNothingOwed',
  'marginTransferOutLevel',
  'marginAssetNotInAccount',
  'marginInLiquidation',
  'mustBePositive',
  'marginNoPrice',
]);
const refused = (err: unknown) => {
  if (!(err instanceof AppError) || !REFUSALS.has(err.errorName)) throw err;
};

describe.each(DIALECTS)('spot margin under random transfers, loans, orders, prices and hours, on %s', (name, open) => {
  const seen = { liquidations: 0, interest: 0, borrows: 0 };
  it('keeps the books whole, charges each loan-hour once, liquidates every account that reached 1.1, and replays to the same state', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 30, maxLength: 80 }), async (steps) => {
        const t = await open();
        const clock = new ManualClock(T0);
        try {
          await seedMarkets(t.db);
          const users: number[] = [];
          for (let i = 0; i < 5; i++) users.push(await insertTestUser(t.db, `5600000${i}`, `margin_${i}`));
          let trading = await tradingOn(t.db, { clock, snapshotEvery: 13 });
          const core = () => trading.core;
          const book = () => core().part<MarginBook>('margin');
          for (const [i, u] of users.entries()) {
            await credit(core(), u, 'USDT', (i === 4 ? 50_000_000n : 30_000n) * ONE);
            await credit(core(), u, 'BTC', (i === 4 ? 500n : 1n) * ONE);
            await credit(core(), u, 'ETH', (i === 4 ? 10_000n : 5n) * ONE);
          }
          const pool = (asset: string, amount: bigint) => [
            { owner: null, type: ACCOUNT.external, asset, available: -amount },
            { owner: null, type: ACCOUNT.marginPool, asset, available: amount },
          ];
          await core().submit(postFunds, {
            lines: [...pool('USDT', 1_000_000n * ONE), ...pool('BTC', 10n * ONE), ...pool('ETH', 300n * ONE)],
            meta: { billType: 'margin_pool_funding', refType: 'test', refId: 0 },
          });
          await core().submit(postFunds, {
            lines: [
              { owner: null, type: ACCOUNT.external, asset: 'USDT', available: -1_000_000n * ONE },
              { owner: null, type: ACCOUNT.insuranceFund, asset: 'USDT', available: 1_000_000n * ONE },
            ],
            meta: { billType: 'insurance_funding', refType: 'test', refId: 0 },
          });
          const prices: bigint[] = PAIRS.map((p) => p.start);
          const price8 = (i: number) => prices[i]! * 1_000_000n;
          const tick = () =>
            core().submit(marginTick, { prices: PAIRS.map((p, i) => [p.base, price8(i)] as [string, bigint]) });
          // The market maker (user 4) rests both sides around each price, so margin orders and liquidations fill.
          const quote = async () => {
            for (const [i, p] of PAIRS.entries()) {
              for (const [side, k] of [
                ['buy', -1n],
                ['sell', 1n],
              ] as const) {
                for (const bps of [10n, 50n, 150n]) {
                  const price = prices[i]! + (k * prices[i]! * bps) / 10_000n;
                  await core()
                    .submit(placeOrder, {
                      symbol: p.symbol,
                      userId: users[4]!,
                      side,
                      kind: 'limit',
                      tif: 'GTC',
                      price,
                      quantity: (60_000n * 10n ** BigInt(p.qtyScale + 2)) / price,
                      quoteBudget: 0n,
                    })
                    .catch(refused);
                }
              }
            }
          };
          const ref = (at: { user: number; isolated: number }) => ({
            userId: users[at.user]!,
            symbol: at.isolated < 0 ? null : PAIRS[at.isolated]!.symbol,
          });
          const assetOf = (i: number) => ['USDT', 'BTC', 'ETH'][i]!;
          const unitsOf = (asset: string, n: number) =>
            asset === 'USDT'
              ? BigInt(n) * ONE
              : asset === 'BTC'
                ? (BigInt(n) * ONE) / 50_000n
                : (BigInt(n) * ONE) / 2_000n;
          await tick();
          await quote();
          for (const s of steps) {
            if (s.kind === 'in' || s.kind === 'out') {
              const asset = assetOf(s.asset);
              await core()
                .submit(marginTransfer, { ...ref(s.at), asset, amount: unitsOf(asset, s.amount), direction: s.kind })
                .catch(refused);
            } else if (s.kind === 'borrow') {
              const asset = assetOf(s.asset);
              const { userId, symbol } = ref(s.at);
              const a = book().find(userId, symbol);
              let amount = 1n;
              try {
                amount = a ? (maxBorrow(book(), core().risk, a, asset) * BigInt(s.share)) / 100n : 1n;
              } catch (err) {
                refused(err);
              }
              await core()
                .submit(marginBorrow, { userId, symbol, asset, amount })
                .then(() => seen.borrows++, refused);
            } else if (s.kind === 'repay') {
              const asset = assetOf(s.asset);
              await core()
                .submit(marginRepay, { ...ref(s.at), asset, amount: unitsOf(asset, s.amount) })
                .catch(refused);
            } else if (s.kind === 'order') {
              const p = PAIRS[s.pair]!;
              const price = prices[s.pair]! + (prices[s.pair]! * BigInt(s.offsetBps)) / 10_000n;
              const quantity = (BigInt(s.usdt) * 10n ** BigInt(p.qtyScale + 2)) / price;
              const { userId } = ref(s.at);
              await core()
                .submit(marginPlace, {
                  symbol: p.symbol,
                  userId,
                  side: s.buy ? 'buy' : 'sell',
                  kind: 'limit',
                  tif: 'GTC',
                  price,
                  quantity,
                  quoteBudget: 0n,
                  mode: s.at.isolated < 0 ? 'cross' : 'isolated',
                  autoBorrow: s.autoBorrow,
                  autoRepay: s.autoRepay,
                })
                .catch(refused);
            } else if (s.kind === 'leveraged') {
              // USDT in, then a position of `times` × the collateral, borrowing what it needs: a long or a short.
              const p = PAIRS[s.pair]!;
              const at = { user: s.at.user, isolated: s.at.isolated < 0 ? -1 : s.pair };
              await core()
                .submit(marginTransfer, {
                  ...ref(at),
                  asset: 'USDT',
                  amount: BigInt(s.collateral) * ONE,
                  direction: 'in',
                })
                .catch(refused);
              const price = prices[s.pair]! + (prices[s.pair]! * (s.buy ? 60n : -60n)) / 10_000n;
              const quantity = (BigInt(s.collateral * s.times) * 10n ** BigInt(p.qtyScale + 2)) / price;
              await core()
                .submit(marginPlace, {
                  symbol: p.symbol,
                  userId: ref(at).userId,
                  side: s.buy ? 'buy' : 'sell',
                  kind: 'limit',
                  tif: 'IOC',
                  price,
                  quantity,
                  quoteBudget: 0n,
                  mode: at.isolated < 0 ? 'cross' : 'isolated',
                  autoBorrow: true,
                  autoRepay: false,
                })
                .catch(refused);
            } else if (s.kind === 'tick') {
              s.moveBps.forEach((m, i) => (prices[i] = (prices[i]! * BigInt(10_000 + m)) / 10_000n));
              await clock.advance(1_000);
              await tick();
              // Every account at or below 1.1 at these prices was liquidated in the tick (or had nothing left to sell).
              const b = book();
              for (const a of b.byId.values()) {
                if (!b.indexed(a)) continue;
                const level = levelOf(b, a)!;
                if (level > LIQUIDATION_LEVEL) continue;
                await core().settled();
                const row = await t.db.get(
                  "SELECT COUNT(*) AS n FROM margin_records WHERE account_id = ? AND kind = 'liquidation' AND created_at = ?",
                  [a.id, clock.now()],
                );
                expect(Number(row!.n), `account ${a.id} at level ${level}`).toBeGreaterThan(0);
              }
              await quote();
            } else {
              await clock.jump(s.hours * HOUR_MS + s.minutes * 60_000);
              await core().submit(marginInterest, {});
              // A second run at the same time finds nothing due.
              expect(await core().submit(marginInterest, {})).toBe(0);
            }
            expect(auditMargin(book(), core().risk)).toEqual([]);
          }
          await core().submit(marginInterest, {});
          await core().settled();
          // Every open loan has been charged exactly the hours it owes, each once, and its records add up.
          for (const loans of book().loans.values()) {
            for (const loan of loans) expect(loan.hoursCharged).toBe(hoursOwed(loan.startedAt, clock.now()));
          }
          const rows = await t.db.all<{
            id: bigint;
            hours_charged: bigint;
            interest_charged: bigint;
            hours: bigint | null;
            interest: bigint | null;
            first: bigint | null;
          }>(
            `SELECT l.id, l.hours_charged, l.interest_charged, SUM(r.hours) AS hours, SUM(r.amount) AS interest,
               (SELECT b.interest FROM margin_records b WHERE b.loan_id = l.id AND b.kind = 'borrow') AS first
             FROM margin_loans l LEFT JOIN margin_records r ON r.loan_id = l.id AND r.kind = 'interest' GROUP BY l.id, l.hours_charged, l.interest_charged`,
          );
          for (const r of rows) {
            expect(Number(r.hours ?? 0) + 1).toBe(Number(r.hours_charged));
            expect(BigInt(r.interest ?? 0) + BigInt(r.first ?? 0)).toBe(BigInt(r.interest_charged));
          }
          expect(await auditLedger(t.db)).toEqual([]);
          // A restart replays the journal after the last snapshot into the same state; without a snapshot, the tables
          // give it.
          trading = await expectRestartsReproduce(t.db, trading, { clock, snapshotEvery: 13 }, (c) =>
            partEssence(c, 'margin'),
          );
          await stopTrading(trading);
          seen.liquidations += Number(
            (await t.db.get<{ n: bigint }>("SELECT COUNT(*) AS n FROM margin_records WHERE kind = 'liquidation'"))!.n,
          );
          seen.interest += Number(
            (await t.db.get<{ n: bigint }>("SELECT COUNT(*) AS n FROM margin_records WHERE kind = 'interest'"))!.n,
          );
        } finally {
          await t.drop();
        }
      }),
      runs(name === 'postgres' ? 8 : 40),
    );
    // The runs did borrow, charge interest and liquidate (the checks above would hold vacuously otherwise).
    expect(seen.borrows).toBeGreaterThan(0);
    expect(seen.interest).toBeGreaterThan(0);
    expect(seen.liquidations).toBeGreaterThan(0);
  }, 300_000);
});
