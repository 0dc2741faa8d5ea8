/**
 * Second contracts: 10,000 orders that mature in the same second, from that second to each order being settled
 * and its SETTLEMENT message on the bus (what the private feed sends), with the real sampler (one index record a
 * second) and the real settlement job (every 250 ms). Side by side in the same run, the floors it cannot beat:
 * - the sampler: from the maturity second until its index record is in the database;
 * - the core: 10,000 plain ledger transactions (funds.post) through the same journal, projector and bus.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { MemoryBus } from '../../server/bus/memory-bus.ts';
import { systemClock } from '../../server/clock/clock.ts';
import { postFunds } from '../../server/core/funds.ts';
import { seedMarkets } from '../../server/spot/seed.ts';
import type { FeatureContext } from '../../server/feature.ts';
import { MIGRATIONS } from '../../server/features.ts';
import { userTopics } from '../../server/feeds/topics.ts';
import { Scheduler } from '../../server/jobs/scheduler.ts';
import { ACCOUNT } from '../../server/ledger/account-types.ts';
import { PriceIndex } from '../../server/prices/price-index.ts';
import { openSeconds } from '../../server/seconds/seconds.commands.ts';
import { secondsJobs, startSeconds } from '../../server/seconds/seconds.feature.ts';
import { openDb } from '../../server/storage/db.ts';
import { migrate } from '../../server/storage/migrate.ts';
import { startTrading } from '../../server/trading.ts';
import { credit } from '../support/trading.ts';

const ORDERS = Number(process.env.ORDERS ?? 10_000);
const USERS = 200;
const log = pino({ level: 'error' });
const db = await openDb({
  sqliteFile: join(mkdtempSync(join(tmpdir(), 'lumex-seconds-')), 'lumex.db'),
  backgroundCheckpoint: true,
});
await migrate(db, MIGRATIONS);
await seedMarkets(db);
const bus = new MemoryBus();
const jobs = new Scheduler({ db, clock: systemClock, log });
const { core, markets, marketData } = await startTrading({ db, log, bus });
const prices = new PriceIndex({ feedUrls: [], bus, db, now: () => Date.now() }, log);
const btc = markets.market('btcusdt');
prices.track({
  symbol: 'btcusdt',
  priceScale: btc.priceScale,
  start: marketData.ticker('btcusdt').close,
  volatility: 0.0003,
});
const ctx = { db, core, markets, marketData, jobs, bus, prices } as unknown as FeatureContext;
await startSeconds(ctx);
for (const job of secondsJobs(ctx)) jobs.local(job.name, job.everyMs, () => job.run({ periodStart: Date.now() }));
prices.start(jobs, 1000);
jobs.start();

const users: number[] = [];
for (let u = 0; u < USERS; u++) {
  const row = await db.get<{ id: bigint }>(
    "INSERT INTO users (uid, username, password_hash, invite_code, created_at, updated_at) VALUES (?, ?, '!', ?, 0, 0) RETURNING id",
    [`8${String(u).padStart(7, '0')}`, `sec_${u}`, `S${u}`],
  );
  users.push(Number(row!.id));
  await credit(core, users[u]!, 'USDT', 10n ** 14n);
  await core.submit(postFunds, {
    lines: [
      { owner: users[u]!, type: ACCOUNT.spot, asset: 'USDT', available: -(10n ** 14n) },
      { owner: users[u]!, type: ACCOUNT.contract, asset: 'USDT', available: 10n ** 14n },
    ],
    meta: { billType: 'transfer', refType: 'bench', refId: u },
  });
}
await core.settled();

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

// Wait for a fresh sample, then open every order within the same sampled second: they all mature at once.
while (!prices.mark('btcusdt') || Date.now() - prices.mark('btcusdt')!.at > 300)
  await new Promise((r) => setTimeout(r, 20));
const sample = prices.mark('btcusdt')!;
const received: number[] = [];
const offs = users.map((u) => bus.subscribe(userTopics.settlement(u), () => void received.push(performance.now())));
const opened = await Promise.all(
  Array.from({ length: ORDERS }, (_, i) =>
    core.submit(openSeconds, {
      userId: users[i % USERS]!,
      symbol: 'btcusdt',
      periodId: 1,
      seconds: 5,
      direction: i % 2 ? 'up' : 'down',
      asset: 'USDT',
      stake: 1_000_000_000n,
      profitBps: 8_500,
      lossBps: 10_000,
      exposureCap: 10n ** 15n,
      openPrice: sample.index,
      openPeriod: sample.period,
      priceAt: sample.indexAt,
      maxPriceAgeMs: 3_000,
      clientKey: null,
    }),
  ),
);
const maturity = opened[0]!.repeated ? 0 : opened[0]!.order.expiresAt;
// performance.now() at the maturity instant, for latencies on one clock.
const maturityPerf = performance.now() + (maturity - Date.now());
let recordedPerf = 0;
prices.onRecorded((periodStart) => {
  if (periodStart === maturity) recordedPerf = performance.now();
});
while (received.length < ORDERS) await new Promise((r) => setTimeout(r, 5));
const latencies = received.map((t) => t - maturityPerf);
const settleSpan = (received.at(-1)! - received[0]!) / 1000;
for (const off of offs) off();

// The core floor: as many plain ledger transactions through the same core, each with a bus message once durable.
const floorStart = performance.now();
let floorDone = 0;
const floorOff = bus.subscribe('bench.floor', () => void floorDone++);
await Promise.all(
  Array.from({ length: ORDERS }, (_, i) =>
    core
      .submit(postFunds, {
        lines: [
          { owner: users[i % USERS]!, type: ACCOUNT.contract, asset: 'USDT', available: -1n },
          { owner: null, type: ACCOUNT.secondsPool, asset: 'USDT', available: 1n },
        ],
        meta: { billType: 'seconds_loss', refType: 'bench', refId: i },
      })
      .then(() => bus.publish('bench.floor', i)),
  ),
);
const floorSeconds = (performance.now() - floorStart) / 1000;
floorOff();

console.log(`second contracts: ${ORDERS} orders maturing in the same second (${new Date(maturity).toISOString()})`);
console.log(
  `  maturity → settled and pushed: p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms`,
);
console.log(
  `  settlement throughput: ${Math.round(ORDERS / Math.max(settleSpan, 0.001)).toLocaleString('en')} orders/s (first to last push ${(settleSpan * 1000).toFixed(0)} ms)`,
);
console.log(
  `  floor, sampler: the maturity second's record in the database ${(recordedPerf - maturityPerf).toFixed(0)} ms after it`,
);
console.log(
  `  floor, core: ${ORDERS} plain ledger transactions journaled and published in ${(floorSeconds * 1000).toFixed(0)} ms (${Math.round(ORDERS / floorSeconds).toLocaleString('en')}/s); settlement/floor = ${(settleSpan / floorSeconds).toFixed(2)}×`,
);
prices.stop();
await jobs.stop();
await core.stop();
await db.close();
