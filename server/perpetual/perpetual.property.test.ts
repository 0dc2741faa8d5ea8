import fc from 'fast-check';
import { fundContract } from '../../tests/support/perp-desk.ts';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../tests/support/databases.ts';
import { expectRestartsReproduce, insertTestUser, stopTrading, tradingOn } from '../../tests/support/trading.ts';
import { ManualClock } from '../clock/clock.ts';
import type { TradingCore } from '../core/core.ts';
import { postFunds } from '../core/funds.ts';
import { seedMarkets } from '../spot/seed.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { auditLedger, balanceOf } from '../ledger/ledger.ts';
import { AppError } from '../outcome.ts';
import type { PerpBook } from './perp-book.ts';
import { closeAllPerp, placePerpOrder } from './perp-orders.ts';
import { setLeverage } from './perp-positions.ts';
import { fundingRun, markTick } from './perp-ticks.ts';
import { runs } from '../../tests/support/property.ts';

const T0 = Date.UTC(2026, 2, 1);
const USDT = 100_000_000n;
const SYMBOLS = ['btcusdt_perp', 'ethusdt_perp'] as const;
/** Starting marks at the contracts' price scales (BTC 0.1, ETH 0.01). */
const START = { btcusdt_perp: 965_000n, ethusdt_perp: 345_000n };

const step = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      user: fc.integer({ min: 0, max: 3 }),
      contract: fc.integer({ min: 0, max: 1 }),
      buy: fc.boolean(),
      market: fc.boolean(),
      offsetBps: fc.integer({ min: -300, max: 300 }),
      lots: fc.integer({ min: 1, max: 400 }),
      reduceOnly: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('leverage' as const),
      user: fc.integer({ min: 0, max: 3 }),
      contract: fc.integer({ min: 0, max: 1 }),
      leverage: fc.integer({ min: 5, max: 100 }),
      isolated: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('tick' as const), moveBps: fc.integer({ min: -1500, max: 1500 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('funding' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('close' as const), user: fc.integer({ min: 0, max: 3 }) }) },
  // A bid or ask resting far out in the band, for a close to meet: a loss there may pass what backs the position.
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('farQuote' as const),
      user: fc.integer({ min: 0, max: 3 }),
      contract: fc.integer({ min: 0, max: 1 }),
      buy: fc.boolean(),
      bps: fc.integer({ min: 300, max: 495 }),
      lots: fc.integer({ min: 1, max: 400 }),
    }),
  },
);
/** Users 0 and 1 start isolated, 2 and 3 cross (leverage steps may switch them when flat). */
const START_MODES = [
  ['isolated', 20],
  ['isolated', 100],
  ['cross', 20],
  ['cross', 100],
] as const;

const REFUSALS = new Set([
  'perpCloseBeyondBankruptcy',
  'insufficientBalance',
  'perpInsufficientMargin',
  'perpSizeOverBracket',
  'perpReduceOnlyWouldIncrease',
  'perpNoPosition',
  'perpMarginModeLocked',
  'perpLeverageUnsafe',
  'perpLeverageOutOfRange',
  'perpInLiquidation',
  'priceOutOfBand',
]);
const refused = (err: unknown) => {
  if (!(err instanceof AppError) || !REFUSALS.has(err.errorName)) throw err;
};

describe.each(DIALECTS)('perpetuals under random orders, marks and funding, on %s', (name, open) => {
  const seen = { liquidations: 0, fundings: 0, isolatedMarket: 0, isolatedMakers: 0 };
  it('liquidates every account past 100% at each tick, pays every profit, moves the insurance fund only by liquidation and funding, keeps balances whole and replays to the same state', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 30, maxLength: 90 }), async (steps) => {
        const t = await open();
        const clock = new ManualClock(T0);
        try {
          await seedMarkets(t.db);
          const users: number[] = [];
          for (let i = 0; i < 5; i++) users.push(await insertTestUser(t.db, `5500000${i}`, `perp_${i}`));
          let trading = await tradingOn(t.db, {
            clock,
            snapshotEvery: 11,
            partOptions: { perpFundingIntervalMs: 60_000 },
          });
          const core = () => trading.core;
          const book = () => core().part<PerpBook>('perpetual');
          for (const [i, u] of users.entries()) {
            const amount = (i === 4 ? 5_000_000n : 20_000n) * USDT;
            await fundContract(core(), u, amount);
          }
          await core().submit(postFunds, {
            lines: [
              { owner: null, type: ACCOUNT.external, asset: 'USDT', available: -1_000_000n * USDT },
              { owner: null, type: ACCOUNT.insuranceFund, asset: 'USDT', available: 1_000_000n * USDT },
            ],
            meta: { billType: 'insurance_funding', refType: 'test', refId: 0 },
          });
          const marks: Record<string, bigint> = { ...START };
          /** A tick on both contracts, with a premium sample (the move's own size) when one is due. */
          const tick = async (premium: bigint | null = null) => {
            await clock.advance(5_000);
            for (const symbol of SYMBOLS)
              await core().submit(markTick, {
                symbol,
                index: marks[symbol]!,
                mark: marks[symbol]!,
                basisEma: 0n,
                premium,
              });
          };
          await tick();
          for (const [i, [mode, leverage]] of START_MODES.entries()) {
            for (const symbol of SYMBOLS)
              await core().submit(setLeverage, { userId: users[i]!, symbol, leverage, mode });
          }
          // The market maker (user 4) rests both sides around each mark, so fills happen.
          const quote = async () => {
            for (const symbol of SYMBOLS) {
              for (const [side, k] of [
                ['buy', -1n],
                ['sell', 1n],
              ] as const) {
                for (const bps of [20n, 80n, 200n]) {
                  await core()
                    .submit(placePerpOrder, {
                      symbol,
                      userId: users[4]!,
                      side,
                      kind: 'limit',
                      tif: 'GTC',
                      price: marks[symbol]! + (k * marks[symbol]! * bps) / 10_000n,
                      quantity: 500n,
                      reduceOnly: false,
                      closePosition: false,
                      source: 'user',
                    })
                    .catch(refused);
                }
              }
            }
          };
          await quote();
          for (const s of steps) {
            if (s.kind === 'order') {
              const symbol = SYMBOLS[s.contract]!;
              const price = marks[symbol]! + (marks[symbol]! * BigInt(s.offsetBps)) / 10_000n;
              await core()
                .submit(placePerpOrder, {
                  symbol,
                  userId: users[s.user]!,
                  side: s.buy ? 'buy' : 'sell',
                  kind: s.market ? 'market' : 'limit',
                  tif: 'GTC',
                  price: s.market ? 0n : price,
                  quantity: BigInt(s.lots) * 10n,
                  reduceOnly: s.reduceOnly,
                  closePosition: false,
                  source: 'user',
                })
                .catch(refused);
            } else if (s.kind === 'leverage') {
              await core()
                .submit(setLeverage, {
                  userId: users[s.user]!,
                  symbol: SYMBOLS[s.contract]!,
                  leverage: s.leverage,
                  mode: s.isolated ? 'isolated' : 'cross',
                })
                .catch(refused);
            } else if (s.kind === 'tick') {
              for (const symbol of SYMBOLS) marks[symbol] = (marks[symbol]! * BigInt(10_000 + s.moveBps)) / 10_000n;
              await tick(BigInt(s.moveBps) * 1_000n);
              // Every account past 100% at these marks has been liquidated in the ticks.
              const b = book();
              for (const p of b.positionsById.values()) {
                if (p.qty === 0n) continue;
                if (p.mode === 'isolated') expect(b.isolatedLiquidatable(p), `isolated position ${p.id}`).toBe(false);
                else
                  expect(b.crossLiquidatable(core().risk, p.userId, 'USDT'), `cross account of ${p.userId}`).toBe(
                    false,
                  );
              }
              await quote();
            } else if (s.kind === 'funding') {
              await clock.advance(60_000);
              for (const symbol of SYMBOLS)
                await core().submit(fundingRun, { symbol, time: Math.floor(clock.now() / 60_000) * 60_000 });
            } else if (s.kind === 'farQuote') {
              const symbol = SYMBOLS[s.contract]!;
              const price = marks[symbol]! + ((s.buy ? -1n : 1n) * marks[symbol]! * BigInt(s.bps)) / 10_000n;
              await core()
                .submit(placePerpOrder, {
                  symbol,
                  userId: users[s.user]!,
                  side: s.buy ? 'buy' : 'sell',
                  kind: 'limit',
                  tif: 'GTC',
                  price,
                  quantity: BigInt(s.lots) * 10n,
                  reduceOnly: false,
                  closePosition: false,
                  source: 'user',
                })
                .catch(refused);
            } else {
              await core()
                .submit(closeAllPerp, { userId: users[s.user]!, symbols: [...SYMBOLS] })
                .catch(refused);
            }
          }
          await core().settled();
          // The clearing account stands at minus every realised profit and loss (no loss was left past the insurance
          // fund).
          const b = book();
          let realised = 0n;
          for (const p of b.positionsById.values()) realised += p.realised;
          expect((await balanceOf(t.db, null, ACCOUNT.perpClearing, 'USDT')).available).toBe(-realised);
          expect((await balanceOf(t.db, null, ACCOUNT.insuranceFund, 'USDT')).available >= 0n).toBe(true);
          expect(await auditLedger(t.db)).toEqual([]);
          // The insurance fund moves only by liquidation (its fees, and losses past what backs the liquidated
          // position) and funding: no trade a user chose draws on it, nor on the clearing account past it.
          const fundMoves = await t.db.all<{ bill: string; ref_type: string; ref_id: string }>(
            `SELECT e.bill_type AS bill, e.ref_type, e.ref_id FROM ledger_entries e JOIN accounts a ON a.id = e.account_id
             WHERE a.owner_id IS NULL AND (a.type = ? OR (a.type = ? AND e.bill_type = 'perp_insurance'))`,
            [ACCOUNT.insuranceFund, ACCOUNT.perpClearing],
          );
          const sources = new Map(
            (await t.db.all<{ id: bigint; source: string }>('SELECT id, source FROM perp_orders')).map((o) => [
              String(o.id),
              o.source,
            ]),
          );
          const byLiquidation = (m: (typeof fundMoves)[number]) =>
            ['insurance_funding', 'perp_liquidation_fee', 'perp_funding'].includes(m.bill) ||
            m.ref_type === 'perp_position' ||
            (m.ref_type === 'perp_order' && sources.get(m.ref_id) === 'liquidation');
          expect(fundMoves.filter((m) => !byLiquidation(m))).toEqual([]);
          // Every fee the orders were charged reached fee income and the safety fund, and nothing else did.
          const charged = (await t.db.all<{ fee: bigint }>('SELECT fee FROM perp_orders')).reduce(
            (sum, o) => sum + BigInt(o.fee),
            0n,
          );
          const income =
            (await balanceOf(t.db, null, ACCOUNT.feeIncome, 'USDT')).available +
            (await balanceOf(t.db, null, ACCOUNT.safetyFund, 'USDT')).available;
          expect(income).toBe(charged);
          // A restart replays the journal after the last snapshot into the same state; without a snapshot the tables
          // give the same orders, positions, stops and balances.
          const essence = (c: TradingCore) => {
            const s = c.part<PerpBook>('perpetual').snapshot() as Record<string, unknown>;
            const balances = [...c.risk.balances].map(([k, v]) => [k, `${v.available}`, `${v.held}`]).sort();
            const holds = [...c.risk.holds.values()].map((h) => [h.id, `${h.amount}`]).sort();
            return JSON.stringify({
              orders: s.orders,
              positions: s.positions,
              stops: s.stops,
              ids: s.ids,
              balances,
              holds,
            });
          };
          trading = await expectRestartsReproduce(
            t.db,
            trading,
            { clock, snapshotEvery: 11, partOptions: { perpFundingIntervalMs: 60_000 } },
            essence,
          );
          await stopTrading(trading);
          seen.liquidations += Number(
            (await t.db.get<{ n: bigint }>('SELECT COUNT(*) AS n FROM perp_liquidations'))!.n,
          );
          seen.fundings += Number((await t.db.get<{ n: bigint }>('SELECT COUNT(*) AS n FROM perp_funding'))!.n);
          seen.isolatedMarket += Number(
            (await t.db.get<{ n: bigint }>(
              "SELECT COUNT(*) AS n FROM perp_orders WHERE margin_mode = 'isolated' AND kind = 'market' AND source = 'user' AND filled_qty > 0 AND reduce_only = 0",
            ))!.n,
          );
          seen.isolatedMakers += Number(
            (await t.db.get<{ n: bigint }>(
              "SELECT COUNT(*) AS n FROM perp_orders WHERE margin_mode = 'isolated' AND kind = 'limit' AND source = 'user' AND filled_qty > 0 AND reduce_only = 0",
            ))!.n,
          );
        } finally {
          await t.drop();
        }
      }),
      // A fixed seed: the same twelve runs on every dialect and every machine, so the check below cannot depend on
      // luck.
      runs(name === 'postgres' ? 6 : 12),
    );
    // The runs did liquidate and fund (the checks above would hold vacuously otherwise).
    expect(seen.liquidations).toBeGreaterThan(0);
    expect(seen.fundings).toBeGreaterThan(0);
    expect(seen.isolatedMarket).toBeGreaterThan(0);
    expect(seen.isolatedMakers).toBeGreaterThan(0);
  }, 240_000);
});
