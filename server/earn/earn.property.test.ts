import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../tests/support/databases.ts';
import { killAndRestart } from '../../tests/support/kill.ts';
import {
  credit,
  expectRestartsReproduce,
  insertTestUser,
  partEssence,
  stopTrading,
  tradingOn,
} from '../../tests/support/trading.ts';
import { ManualClock } from '../clock/clock.ts';
import { seedMarkets } from '../spot/seed.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { auditLedger } from '../ledger/ledger.ts';
import { AppError } from '../outcome.ts';
import { expectedOf, type EarnBook } from './earn-book.ts';
import { accrueDue, matureDue, redeem, subscribe } from './earn-commands.ts';
import { saveProduct, type ProductRow } from './earn.repo.ts';
import { EARN_POOL_FUNDING } from './earn.feature.ts';
import { fundingLines, fundPlatform } from '../core/funds.ts';
import { DAY_MS, daysAccrued, interestFor } from '../../isomorphic/earn/interest.ts';
import { runs } from '../../tests/support/property.ts';

const T0 = Date.UTC(2026, 6, 1, 9, 30);
const ONE = 100_000_000n;

const step = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('subscribe' as const),
      user: fc.integer({ min: 0, max: 3 }),
      product: fc.integer({ min: 0, max: 3 }),
      amount: fc.bigInt({ min: 1n, max: 3_000n * ONE }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('redeem' as const),
      user: fc.integer({ min: 0, max: 3 }),
      order: fc.nat(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('time' as const), ms: fc.integer({ min: 60_000, max: 12 * DAY_MS }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('crash' as const) }) },
);

const REFUSALS = new Set([
  'earnProductClosed',
  'earnOutsideLimits',
  'earnSoldOut',
  'earnPerUserLimit',
  'earnPoolShort',
  'earnOrderUnknown',
  'earnLocked',
  'insufficientBalance',
]);
const refused = (err: unknown) => {
  if (!(err instanceof AppError) || !REFUSALS.has(err.errorName)) throw err;
};

describe.each(DIALECTS)(
  'earn under random subscriptions, redemptions, clock jumps and crashes, on %s',
  (name, open) => {
    const seen = { matured: 0, redeemed: 0, poolShort: 0, unprojected: 0, flexibleDays: 0 };
    it('pays each order the published interest exactly once, keeps the pool covering every promise, and survives a kill mid-job', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 15, maxLength: 50 }), async (steps) => {
          const t = await open();
          const clock = new ManualClock(T0);
          // The database the current core runs on: after a simulated kill, the copy the kill left.
          let db = t.db;
          let dropCopy: (() => Promise<void>) | undefined;
          try {
            await seedMarkets(db);
            const users: number[] = [];
            for (let i = 0; i < 4; i++) users.push(await insertTestUser(db, `5800000${i}`, `earn_${i}`));
            let trading = await tradingOn(db, { clock, snapshotEvery: 7 });
            const core = () => trading.core;
            const book = () => core().part<EarnBook>('earn');
            for (const u of users) await credit(core(), u, 'USDT', 10_000n * ONE);
            // A small pool, so subscriptions also meet its limit.
            const products: ProductRow[] = [];
            await fundPlatform(
              core(),
              fundingLines(ACCOUNT.earnPool, [['USDT', 60n * ONE]]),
              EARN_POOL_FUNDING('test'),
              async (q) => {
                const specs: Array<Omit<ProductRow, 'id'>> = [
                  {
                    kind: 'pledge',
                    names: { en: 'p3' },
                    asset: 'USDT',
                    dailyRate: 123_457n,
                    cycleDays: 3,
                    minAmount: 1n,
                    maxAmount: 3_000n * ONE,
                    perUser: 0,
                    capacity: 20_000n * ONE,
                    earlyRedeem: 'forfeit',
                    open: true,
                  },
                  {
                    kind: 'pledge',
                    names: { en: 'p10' },
                    asset: 'USDT',
                    dailyRate: 77_777n,
                    cycleDays: 10,
                    minAmount: ONE,
                    maxAmount: 2_000n * ONE,
                    perUser: 4,
                    capacity: 9_000n * ONE,
                    earlyRedeem: 'forfeit',
                    open: true,
                  },
                  {
                    kind: 'fixed',
                    names: { en: 'f5' },
                    asset: 'USDT',
                    dailyRate: 99_999n,
                    cycleDays: 5,
                    minAmount: ONE,
                    maxAmount: 3_000n * ONE,
                    perUser: 3,
                    capacity: 15_000n * ONE,
                    earlyRedeem: 'locked',
                    open: true,
                  },
                  // Flexible, locked in name only: it pays every day and redeems any time all the same.
                  {
                    kind: 'flexible',
                    names: { en: 'x6' },
                    asset: 'USDT',
                    dailyRate: 33_333n,
                    cycleDays: 6,
                    minAmount: 1n,
                    maxAmount: 3_000n * ONE,
                    perUser: 0,
                    capacity: 20_000n * ONE,
                    earlyRedeem: 'locked',
                    open: true,
                  },
                ];
                for (const p of specs) products.push((await saveProduct(q, p, clock.now()))!);
              },
            );
            const check = () => {
              const b = book();
              let reserved = 0n;
              for (const o of b.open.values()) {
                reserved += expectedOf(o) - o.interestPaid;
                expect(core().risk.heldBy(`earn:${o.id}`)).toBe(o.amount);
                // Nothing due stays unpaid once the maturity and accrual commands have run at the current time.
                expect(o.endAt > clock.now() || !matured).toBe(true);
                if (matured && o.kind === 'flexible')
                  expect(o.paidDays).toBe(daysAccrued(o.beginAt, o.cycleDays, clock.now()));
                expect(o.interestPaid).toBe(
                  o.kind === 'flexible' ? interestFor(o.amount, o.dailyRate, o.paidDays) : 0n,
                );
              }
              expect(b.reserved('USDT')).toBe(reserved);
              expect(core().risk.available(null, ACCOUNT.earnPool, 'USDT')).toBeGreaterThanOrEqual(reserved);
            };
            let matured = false;
            for (const s of steps) {
              matured = false;
              if (s.kind === 'subscribe') {
                await core()
                  .submit(subscribe, { userId: users[s.user]!, product: products[s.product]!, amount: s.amount })
                  .catch((err) => {
                    if (err instanceof AppError && err.errorName === 'earnPoolShort') seen.poolShort++;
                    refused(err);
                  });
              } else if (s.kind === 'redeem') {
                const mine = [...book().open.values()].filter((o) => o.userId === users[s.user]);
                const o = mine[s.order % Math.max(1, mine.length)];
                if (o) await core().submit(redeem, { userId: users[s.user]!, id: o.id }).catch(refused);
              } else if (s.kind === 'time') {
                await clock.jump(s.ms);
                await core().submit(accrueDue, {});
                await core().submit(matureDue, {});
                // The same runs again at the same time pay nothing more.
                expect(await core().submit(accrueDue, {})).toBe(0);
                expect(await core().submit(matureDue, {})).toBe(0);
                matured = true;
              } else if (name === 'sqlite') {
                // A kill mid-job: the maturity journaled and perhaps not yet projected when the process dies. A new
                // core on the database as the kill left it replays the journal into the same state, paying nothing
                // twice.
                await clock.jump(DAY_MS);
                await core().submit(accrueDue, {});
                await core().submit(matureDue, {});
                const hash = core().stateHash();
                const restarted = await killAndRestart(trading, db, (copy) =>
                  tradingOn(copy, { clock, snapshotEvery: 7 }),
                );
                if (restarted.unprojected) seen.unprojected++;
                await dropCopy?.();
                ({ trading, db, drop: dropCopy } = restarted);
                expect(core().stateHash()).toBe(hash);
                expect(await core().submit(accrueDue, {})).toBe(0);
                expect(await core().submit(matureDue, {})).toBe(0);
                matured = true;
              }
              check();
            }
            await core().settled();
            // Every ended order was paid once: its full cycle's interest at maturity, nothing when redeemed early; a
            // flexible order each of its paid days once, the day's share of the formula, in order.
            const rows = await db.all<{
              id: bigint;
              kind: string;
              state: string;
              amount: bigint;
              daily_rate: bigint;
              cycle_days: bigint;
              interest_paid: bigint;
              paid_days: bigint;
              paid: bigint | null;
              n: bigint;
            }>(
              `SELECT o.id, o.kind, o.state, o.amount, o.daily_rate, o.cycle_days, o.interest_paid, o.paid_days, SUM(e.delta_available) AS paid, COUNT(e.id) AS n
               FROM earn_orders o LEFT JOIN ledger_entries e ON e.ref_type = 'earn_order' AND e.ref_id = CAST(o.id AS TEXT) AND e.bill_type = 'earn_interest' AND e.owner_id = o.user_id
              GROUP BY o.id, o.kind, o.state, o.amount, o.daily_rate, o.cycle_days, o.interest_paid, o.paid_days`,
            );
            for (const r of rows) {
              const due = interestFor(BigInt(r.amount), BigInt(r.daily_rate), Number(r.cycle_days));
              if (r.kind === 'flexible') {
                const days = Number(r.paid_days);
                const daily = Array.from(
                  { length: days },
                  (_, i) =>
                    interestFor(BigInt(r.amount), BigInt(r.daily_rate), i + 1) -
                    interestFor(BigInt(r.amount), BigInt(r.daily_rate), i),
                );
                const entries = await db.all<{ delta_available: bigint }>(
                  "SELECT delta_available FROM ledger_entries WHERE ref_type = 'earn_order' AND ref_id = ? AND bill_type = 'earn_interest' AND delta_available > 0 ORDER BY id",
                  [String(r.id)],
                );
                expect(entries.map((e) => BigInt(e.delta_available))).toEqual(daily.filter((x) => x > 0n));
                expect(BigInt(r.interest_paid)).toBe(interestFor(BigInt(r.amount), BigInt(r.daily_rate), days));
                if (r.state === 'completed') expect(days).toBe(Number(r.cycle_days));
                if (days > 0) seen.flexibleDays++;
              } else if (r.state === 'completed') {
                expect(BigInt(r.interest_paid)).toBe(due);
                expect([Number(r.n), BigInt(r.paid ?? 0)]).toEqual([due > 0n ? 1 : 0, due]);
                seen.matured++;
              } else {
                expect([Number(r.n), BigInt(r.interest_paid)]).toEqual([0, 0n]);
                if (r.state === 'redeemed') seen.redeemed++;
              }
            }
            const incomes = await db.get<{ n: bigint }>('SELECT COUNT(*) AS n FROM earn_income');
            expect(Number(incomes!.n)).toBe(rows.filter((r) => r.state !== 'inProgress').length);
            expect(await auditLedger(db)).toEqual([]);
            // A restart replays the journal after the last snapshot into the same state; without a snapshot, the tables
            // give it.
            trading = await expectRestartsReproduce(db, trading, { clock }, (c) => partEssence(c, 'earn'));
            await stopTrading(trading);
          } finally {
            await dropCopy?.();
            await t.drop();
          }
        }),
        // PostgreSQL's round trips make each run several times slower: fewer runs there, the same properties.
        runs(name === 'postgres' ? 6 : 30),
      );
      expect(seen.matured).toBeGreaterThan(0);
      expect(seen.redeemed).toBeGreaterThan(0);
      expect(seen.poolShort).toBeGreaterThan(0);
      expect(seen.flexibleDays).toBeGreaterThan(0);
      if (name === 'sqlite') expect(seen.unprojected).toBeGreaterThan(0);
    }, 300_000);
  },
);
