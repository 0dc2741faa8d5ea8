import { afterEach, describe, expect, it } from 'vitest';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import type { Bus } from '../bus/bus.ts';
import { MemoryBus } from '../bus/memory-bus.ts';
import { ManualClock } from '../clock/clock.ts';
import { Scheduler } from '../jobs/scheduler.ts';
import { EMA_SUBUNITS, divRound } from './mark-price.ts';
import { PriceIndex, type LastTrade } from './price-index.ts';
import { insertPriceRecords, lastRecordedIndexes, listPriceRecords, type PriceRecordRow } from './prices.repo.ts';

const T0 = Date.UTC(2026, 0, 1);
const INDEX = 1_000_000n; // 10000.00: the demo walk without volatility stays where it starts
const WASH = 1_100_000n; // a trade 10% above it, printed between two accounts of one person

describe.each(FEATURE_DIALECTS)('mark price sampling and recorded prices, on %s', (_name, open) => {
  let t: TestDatabase;
  const schedulers: Scheduler[] = [];
  afterEach(async () => {
    await Promise.all(schedulers.splice(0).map((s) => s.stop()));
    await t.drop();
  });

  let last: LastTrade | undefined;
  /** A process: its scheduler and price index on the shared database, sampling btcusdt every 2 s. */
  function process_(owner: string, clock: ManualClock, bus: Bus | undefined, keepRecordsMs?: number) {
    const jobs = new Scheduler({ db: t.db, clock, owner });
    schedulers.push(jobs);
    const prices = new PriceIndex({
      feedUrls: [],
      now: () => clock.now(),
      bus,
      db: t.db,
      lastTrade: () => last,
      keepRecordsMs,
    });
    prices.track({ symbol: 'btcusdt', priceScale: 2, start: INDEX, volatility: 0 });
    prices.start(jobs, 2_000);
    jobs.start();
    return { jobs, prices };
  }
  const records = () => listPriceRecords(t.db, 'btcusdt', { from: 0, limit: 1000 });
  /** One sampling period on, with the bus delivered. */
  async function period(clock: ManualClock, bus?: MemoryBus) {
    await clock.advance(2_000);
    await bus?.ready();
    await Promise.resolve();
  }

  it('marks and records every period in the process holding the job; every process has the same mark', async () => {
    t = await open();
    last = undefined;
    const bus = new MemoryBus();
    const clock = new ManualClock(T0);
    const [a, b] = [process_('a', clock, bus), process_('b', clock, bus)];
    await Promise.all([a.jobs.idle(), b.jobs.idle()]);
    // Before the first trade the mark is the index.
    expect(a.prices.mark('btcusdt')).toMatchObject({ price: INDEX, basisEma: 0n, last: undefined });

    last = { price: WASH, time: T0 + 1 };
    await period(clock, bus);
    // (a) the index, (b) index + round(64,516,129 / 10⁴) = 1,006,452, (c) 1,100,000: the median is (b).
    expect(a.prices.mark('btcusdt')).toMatchObject({ price: 1_006_452n, basisEma: 64_516_129n, last });
    await period(clock, bus);
    expect(a.prices.mark('btcusdt')).toMatchObject({ price: 1_012_487n, basisEma: 124_869_927n });
    expect(b.prices.mark('btcusdt')).toEqual(a.prices.mark('btcusdt'));
    expect(b.prices.get('btcusdt')).toEqual(a.prices.get('btcusdt'));

    // The trades come back to the index: (a) and (c) agree, whatever the EMA still says.
    last = { price: INDEX, time: T0 + 4_001 };
    await period(clock, bus);
    expect(a.prices.mark('btcusdt')).toMatchObject({ price: INDEX, basisEma: 116_813_803n });
    expect(b.prices.mark('btcusdt')).toEqual(a.prices.mark('btcusdt'));

    const rows = await records();
    expect(
      rows.map((r) => [r.periodStart - T0, r.indexPrice, r.indexSource, r.markPrice, r.basisEma, r.lastPrice]),
    ).toEqual([
      [0, INDEX, 'walk', INDEX, 0n, null],
      [2_000, INDEX, 'walk', 1_006_452n, 64_516_129n, WASH],
      [4_000, INDEX, 'walk', 1_012_487n, 124_869_927n, WASH],
      [6_000, INDEX, 'walk', INDEX, 116_813_803n, INDEX],
    ]);
    expect(rows.every((r) => r.sampledAt === r.periodStart && r.fundingBasis === 0n)).toBe(true);
  });

  it('lets a wash trade far from the index move the mark only as far as the basis EMA, never to the trade', async () => {
    t = await open();
    last = { price: WASH, time: T0 };
    const clock = new ManualClock(T0);
    const a = process_('a', clock, undefined);
    await a.jobs.idle();
    // Thirty samples of trades 10% up: each time the median is index + EMA, which closes (2/31 of) the gap per
    // sample and after 30 is still 13.5% short of the trade: 1 − (29/31)³⁰ of 100,000 = 86,476.
    for (let i = 0; i < 29; i++) await period(clock);
    for (const r of await records()) {
      expect(r.markPrice).toBe(INDEX + divRound(r.basisEma, EMA_SUBUNITS));
      expect(r.markPrice - INDEX).toBeLessThanOrEqual(
        ((WASH - INDEX) * 2n * BigInt((r.periodStart - T0) / 2_000 + 1) + 30n) / 31n,
      );
      expect(r.markPrice).toBeLessThan(WASH);
    }
    expect(a.prices.mark('btcusdt')!.price).toBe(INDEX + 86_476n);
  });

  it('continues the basis EMA from the last recorded period after a restart, and prunes records past the retention', async () => {
    t = await open();
    last = { price: WASH, time: T0 };
    const clock = new ManualClock(T0);
    const a = process_('a', clock, undefined, 10_000);
    await a.jobs.idle();
    await period(clock);
    expect(a.prices.mark('btcusdt')!.basisEma).toBe(124_869_927n);
    await a.jobs.stop();
    // A new process with nothing in memory (and no bus) takes the job over.
    const c = process_('c', clock, undefined, 10_000);
    await c.jobs.idle();
    await period(clock);
    // round((2 · 100,000 · 10⁴ + 29 · 124,869,927) / 31) = round(181,329,931.7); mark 1,000,000 + 18,133.
    expect(c.prices.mark('btcusdt')).toMatchObject({ price: 1_018_133n, basisEma: 181_329_932n });
    expect((await records()).map((r) => r.periodStart - T0)).toEqual([0, 2_000, 4_000]);

    for (let i = 0; i < 10; i++) await period(clock);
    // Kept: the periods that started at most 10 s before the latest one.
    expect((await records()).map((r) => (r.periodStart - T0) / 1000)).toEqual([14, 16, 18, 20, 22, 24]);
  });

  it('records a market once per period: a second write of the same period keeps the first', async () => {
    t = await open();
    const row: PriceRecordRow = {
      symbol: 'btcusdt',
      periodStart: T0,
      sampledAt: T0,
      indexPrice: INDEX,
      indexSource: 'feed',
      indexAt: T0 - 500,
      markPrice: INDEX,
      basisEma: 0n,
      fundingBasis: 0n,
      lastPrice: null,
      lastAt: null,
    };
    await insertPriceRecords(t.db, [row]);
    await insertPriceRecords(t.db, [
      { ...row, markPrice: 1n, sampledAt: T0 + 1 },
      { ...row, periodStart: T0 + 2_000 },
    ]);
    expect(await records()).toEqual([row, { ...row, periodStart: T0 + 2_000 }]);
    // Without `from`, the latest `limit` up to `to`, still oldest first.
    expect((await listPriceRecords(t.db, 'btcusdt', { limit: 1 })).map((r) => r.periodStart)).toEqual([T0 + 2_000]);
    expect((await listPriceRecords(t.db, 'btcusdt', { to: T0 + 1_999, limit: 5 })).map((r) => r.periodStart)).toEqual([
      T0,
    ]);
    expect(await listPriceRecords(t.db, 'ethusdt', { limit: 5 })).toEqual([]);
  });

  it('answers each market’s index of its own latest period, where a restart resumes the demo walk', async () => {
    t = await open();
    const row = (symbol: string, periodStart: number, indexPrice: bigint): PriceRecordRow => ({
      symbol,
      periodStart,
      sampledAt: periodStart,
      indexPrice,
      indexSource: 'walk',
      indexAt: periodStart,
      markPrice: indexPrice,
      basisEma: 0n,
      fundingBasis: 0n,
      lastPrice: null,
      lastAt: null,
    });
    expect(await lastRecordedIndexes(t.db)).toEqual(new Map());
    // ethusdt was last recorded a period before btcusdt (a market listed or delisted in between).
    await insertPriceRecords(t.db, [
      row('btcusdt', T0, INDEX),
      row('ethusdt', T0, 345_000n),
      row('btcusdt', T0 + 2_000, INDEX + 7n),
    ]);
    expect(await lastRecordedIndexes(t.db)).toEqual(
      new Map([
        ['btcusdt', INDEX + 7n],
        ['ethusdt', 345_000n],
      ]),
    );
  });
});
