import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { MemoryBus } from '../bus/memory-bus.ts';
import { ManualClock } from '../clock/clock.ts';
import { Scheduler } from '../jobs/scheduler.ts';
import { PriceIndex } from './price-index.ts';

describe.each(DIALECTS)('index sampling across processes, on %s', (_name, open) => {
  let t: TestDatabase;
  const schedulers: Scheduler[] = [];
  afterEach(async () => {
    await Promise.all(schedulers.splice(0).map((s) => s.stop()));
    await t.drop();
  });

  it('is sampled by the one process holding the job, and every process prices from its samples', async () => {
    t = await open();
    // One bus stands for the broker between the two processes.
    const bus = new MemoryBus();
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const processes = ['a', 'b'].map((owner) => {
      const jobs = new Scheduler({ db: t.db, clock, owner });
      schedulers.push(jobs);
      const prices = new PriceIndex({ feedUrls: [], now: () => clock.now(), bus });
      prices.track({ symbol: 'btcusdt', priceScale: 2, start: 9_650_000n, volatility: 0.01 });
      let samples = 0;
      const advance = prices.advance.bind(prices);
      prices.advance = () => (samples++, advance());
      prices.start(jobs, 2_000);
      jobs.start();
      return { jobs, prices, samples: () => samples };
    });
    await Promise.all(processes.map((p) => p.jobs.idle()));
    for (let i = 0; i < 10; i++) {
      await clock.advance(2_000);
      await bus.ready();
      await Promise.resolve();
      const [a, b] = processes.map((p) => p.prices.get('btcusdt'));
      expect(b).toEqual(a);
    }
    expect(processes.map((p) => p.samples()).sort()).toEqual([0, 11]);
    expect(processes[0]!.prices.get('btcusdt')!.price).not.toBe(9_650_000n);
  });
});
