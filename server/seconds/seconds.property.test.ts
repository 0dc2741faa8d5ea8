import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../tests/support/databases.ts';
import { ManualClock } from '../clock/clock.ts';
import { credit, insertTestUser, tradingOn } from '../../tests/support/trading.ts';
import { postFunds } from '../core/funds.ts';
import { seedMarkets } from '../spot/seed.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { auditLedger, balanceOf } from '../ledger/ledger.ts';
import { AppError } from '../outcome.ts';
import { insertPriceRecords, type PriceRecordRow } from '../prices/prices.repo.ts';
import { openSeconds, settleSeconds, type Settlement } from './seconds.commands.ts';
import type { SecondsBook } from './seconds-book.ts';
import { lossOf, winOf } from './seconds-rule.ts';
import { settleDue } from './settlement.ts';
import { runs } from '../../tests/support/property.ts';

const T0 = Date.UTC(2026, 2, 1);
const USDT = 100_000_000n;
/** How old an open price's confirmation may be when the core decides (SECONDS_PRICE_AGE_MS's default). */
const MAX_AGE = 2_000;
const PERIODS = [
  [1, 5, 8_500, 10_000],
  [2, 10, 9_000, 5_000],
  [3, 30, 20_000, 10_000],
] as const;

const order = fc.record({
  user: fc.integer({ min: 0, max: 2 }),
  period: fc.integer({ min: 0, max: 2 }),
  up: fc.boolean(),
  stake: fc.integer({ min: 1, max: 400 }),
  /** Seconds after the start of the sample it opens on. */
  at: fc.integer({ min: 0, max: 40 }),
  /** How long after that sample's second the core decides on it (a slow edge, a queue). */
  lag: fc.integer({ min: 0, max: 3_000 }),
});
/** Per second of the run: the index move in ticks, and whether the sampler skipped that second or the feed had stalled
 * (every sample then carries the last price it confirmed, 10 s before). */
const second = fc.record({
  move: fc.integer({ min: -2, max: 2 }),
  skipped: fc.integer({ min: 0, max: 99 }).map((n) => n < 15),
  stale: fc.integer({ min: 0, max: 99 }).map((n) => n < 5),
});

/** The rule as the README states it, computed here from the records alone, independently of the settlement code. */
function expectedClose(records: Map<number, PriceRecordRow>, at: number): bigint | null {
  for (const s of [at, at - 1000, at - 2000, at - 3000]) {
    const r = records.get(s);
    if (r) return r.indexSource === 'walk' || r.indexAt >= at - 3000 ? r.indexPrice : null;
  }
  return null;
}

const refused = (err: unknown) => {
  if (
    !(err instanceof AppError) ||
    !['insufficientBalance', 'secondsExposureFull', 'secondsPoolFull', 'secondsPriceStale'].includes(err.errorName)
  )
    throw err;
  return err.errorName;
};

describe.each(DIALECTS)(
  'second contracts under random orders, prices, partial runs and restarts, on %s',
  (name, open) => {
    it('settles every order exactly once by the published rule, keeps the ledger whole, and replays to the same state', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(order, { minLength: 5, maxLength: 40 }),
          fc.array(second, { minLength: 90, maxLength: 90 }),
          fc.integer({ min: 0, max: 100 }),
          async (orders, seconds, cut) => {
            const t = await open();
            try {
              await seedMarkets(t.db);
              const users = [
                await insertTestUser(t.db, '54000000', 'sec_a'),
                await insertTestUser(t.db, '54000001', 'sec_b'),
                await insertTestUser(t.db, '54000002', 'sec_c'),
              ];
              const clock = new ManualClock(T0);
              let trading = await tradingOn(t.db, { snapshotEvery: 7, clock });
              for (const u of users) {
                await credit(trading.core, u, 'USDT', 2_000n * USDT);
                await trading.core.submit(postFunds, {
                  lines: [
                    { owner: u, type: ACCOUNT.spot, asset: 'USDT', available: -2_000n * USDT },
                    { owner: u, type: ACCOUNT.contract, asset: 'USDT', available: 2_000n * USDT },
                  ],
                  meta: { billType: 'transfer', refType: 'test', refId: u },
                });
              }
              // A small pool, so that some orders are refused for it.
              await trading.core.submit(postFunds, {
                lines: [
                  { owner: null, type: ACCOUNT.external, asset: 'USDT', available: -3_000n * USDT },
                  { owner: null, type: ACCOUNT.secondsPool, asset: 'USDT', available: 3_000n * USDT },
                ],
                meta: { billType: 'seconds_funding', refType: 'test', refId: 0 },
              });

              // The recorded index, one row a second (some seconds skipped, some with a stale feed).
              const records = new Map<number, PriceRecordRow>();
              let price = 6_500_000n;
              seconds.forEach((s, i) => {
                price += BigInt(s.move);
                const at = T0 + i * 1000;
                if (!s.skipped)
                  records.set(at, {
                    symbol: 'btcusdt',
                    periodStart: at,
                    sampledAt: at + 3,
                    indexPrice: price,
                    indexSource: 'feed',
                    indexAt: s.stale ? at - 10_000 : at,
                    markPrice: price,
                    basisEma: 0n,
                    fundingBasis: 0n,
                    lastPrice: null,
                    lastAt: null,
                  });
              });
              await insertPriceRecords(t.db, [...records.values()]);

              const opened: Array<{
                id: number;
                userId: number;
                stake: bigint;
                up: boolean;
                profitBps: number;
                lossBps: number;
                openPrice: bigint;
                expiresAt: number;
              }> = [];
              for (const o of [...orders].sort((a, b) => a.at * 1000 + a.lag - (b.at * 1000 + b.lag))) {
                const openPeriod = T0 + o.at * 1000;
                const sample = records.get(openPeriod);
                if (sample === undefined) continue; // no sample that second: the edge refuses (secondsNoPrice)
                const decided = openPeriod + o.lag;
                await clock.advance(decided - clock.now());
                const [periodId, secs, profitBps, lossBps] = PERIODS[o.period]!;
                // The rule: only on a price its source confirmed at most MAX_AGE before the core decides.
                const stale = seconds[o.at]!.stale || o.lag > MAX_AGE;
                try {
                  const res = await trading.core.submit(openSeconds, {
                    userId: users[o.user]!,
                    symbol: 'btcusdt',
                    periodId,
                    seconds: secs,
                    direction: o.up ? 'up' : 'down',
                    asset: 'USDT',
                    stake: BigInt(o.stake) * USDT,
                    profitBps,
                    lossBps,
                    exposureCap: 1_500n * USDT,
                    openPrice: sample.indexPrice,
                    openPeriod,
                    priceAt: sample.indexAt,
                    maxPriceAgeMs: MAX_AGE,
                    clientKey: null,
                  });
                  expect(stale, `order at ${o.at} s + ${o.lag} ms`).toBe(false);
                  if (!res.repeated)
                    opened.push({
                      id: res.order.id,
                      userId: res.order.userId,
                      stake: res.order.stake,
                      up: o.up,
                      profitBps,
                      lossBps,
                      openPrice: sample.indexPrice,
                      expiresAt: res.order.expiresAt,
                    });
                } catch (err) {
                  expect(refused(err) === 'secondsPriceStale', `order at ${o.at} s + ${o.lag} ms`).toBe(stale);
                }
              }

              // A job run that died after sending part of its settlements (some of them twice), then a restart.
              const book = trading.core.part<SecondsBook>('seconds');
              const partial: Settlement[] = [...book.open.values()]
                .filter((o) => o.expiresAt < T0 + 60_000 && o.id % 100 < cut)
                .map((o) => [
                  o.id,
                  records.get(o.expiresAt)?.indexPrice ?? null,
                  records.has(o.expiresAt) ? o.expiresAt : null,
                ]);
              const usable = partial.filter(([id]) => {
                const o = book.open.get(id)!;
                const r = records.get(o.expiresAt);
                return r && r.indexAt >= o.expiresAt - 3000;
              });
              await trading.core.submit(settleSeconds, usable);
              await trading.core.submit(settleSeconds, usable);
              await trading.core.settled();
              const hash = trading.core.stateHash();
              trading = await tradingOn(t.db, { snapshotEvery: 7, clock });
              expect(trading.core.stateHash()).toBe(hash);

              // Runs at random moments, then one after every order has matured.
              for (const at of [20, 33, 47, 61, 95]) await settleDue(t.db, trading.core, T0 + at * 1000 + 250);
              await trading.core.settled();
              expect(trading.core.part<SecondsBook>('seconds').open.size).toBe(0);

              for (const o of opened) {
                const close = expectedClose(records, o.expiresAt);
                const entries = await t.db.all<{
                  tx_id: string;
                  bill_type: string;
                  owner_id: unknown;
                  delta_available: bigint;
                }>(
                  "SELECT tx_id, bill_type, owner_id, delta_available FROM ledger_entries WHERE ref_type = 'seconds' AND ref_id = ? AND bill_type <> 'seconds_stake'",
                  [String(o.id)],
                );
                // Settled exactly once: one ledger transaction.
                expect(new Set(entries.map((e) => e.tx_id)).size).toBe(1);
                const back = entries
                  .filter((e) => Number(e.owner_id) === o.userId)
                  .reduce((s, e) => s + BigInt(e.delta_available), 0n);
                const won = close !== null && close !== o.openPrice && close > o.openPrice === o.up;
                const lost = close !== null && close !== o.openPrice && !won;
                const expected = won ? o.stake + winOf(o) : lost ? o.stake - lossOf(o) : o.stake;
                expect(back, `order ${o.id}`).toBe(expected);
              }
              expect(await auditLedger(t.db)).toEqual([]);
              for (const u of users) {
                const b = trading.core.risk.balance(u, ACCOUNT.contract, 'USDT');
                expect(await balanceOf(t.db, u, ACCOUNT.contract, 'USDT')).toEqual({
                  available: b.available,
                  frozen: b.held,
                });
                expect(b.held).toBe(0n);
              }
              await trading.core.stop();
            } finally {
              await t.drop();
            }
          },
        ),
        runs(name === 'postgres' ? 6 : 12),
      );
    }, 180_000);
  },
);
