/**
 * Earn's daily work over 1,000,000 open staking, fixed-term and flexible orders (server/earn), each beside its floor
 * in the same run:
 * - the daily accrual: every open order's interest accrued to date and the day's part of it, by the published
 *   formula (goal: under 10 s for 1,000,000), against a bare loop multiplying each amount by its rate;
 * - a day's payments to the flexible orders (`earn.accrue`, at most MATURE_BATCH orders a run, one bill each), as
 *   the core decides them;
 * - the maturity runs (`earn.mature`, at most MATURE_BATCH orders each) as the core decides them: a day on which the
 *   7-day orders of one day end, and the worst case of all of them ending at once (principal released, the cycle's
 *   interest paid, income recorded);
 * - the memory the open orders take in the core;
 * - the same maturity through the whole trading core on SQLite for `CORE_ORDERS` orders (100,000 by default):
 *   from the run until it is acknowledged (journaled), and until the projector has written it to the tables.
 */
import { benchDir } from './bench-dir.ts';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import pino from 'pino';
import type { CommandContext } from '../../server/core/command.ts';
import { postFunds } from '../../server/core/funds.ts';
import { RiskEngine } from '../../server/core/risk/risk-engine.ts';
import { EarnBook } from '../../server/earn/earn-book.ts';
import { accrueDue, MATURE_BATCH, matureDue, subscribe } from '../../server/earn/earn-commands.ts';
import type { ProductRow } from '../../server/earn/earn.repo.ts';
import { DAY_MS, daysAccrued, interestFor } from '../../isomorphic/earn/interest.ts';
import { seedMarkets } from '../../server/spot/seed.ts';
import { MIGRATIONS } from '../../server/features.ts';
import { ACCOUNT, accountKey } from '../../server/ledger/account-types.ts';
import { openDb } from '../../server/storage/db.ts';
import { migrate } from '../../server/storage/migrate.ts';
import { startTrading } from '../../server/trading.ts';
import { ManualClock } from '../../server/clock/clock.ts';
import { insertTestUser } from '../support/trading.ts';

const ORDERS = Number(process.env.ORDERS ?? 1_000_000);
const CORE_ORDERS = Number(process.env.CORE_ORDERS ?? 100_000);
const USERS = 100_000;
const U = 10n ** 8n;
const T0 = Date.UTC(2026, 0, 5, 10);
const ms = (t0: number) => performance.now() - t0;
setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc') as () => void;
const heapMb = () => {
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

const product = (id: number, kind: ProductRow['kind'], cycleDays: number, rate: bigint): ProductRow => ({
  id,
  kind,
  names: { en: `p${id}` },
  asset: 'USDT',
  dailyRate: rate,
  cycleDays,
  minAmount: U,
  maxAmount: 1_000_000n * U,
  perUser: 0,
  capacity: 10n ** 30n,
  earlyRedeem: 'forfeit',
  open: true,
});
const PRODUCTS = [
  product(1, 'pledge', 7, 50_000n),
  product(2, 'fixed', 30, 80_000n),
  product(3, 'fixed', 90, 100_000n),
  product(4, 'flexible', 365, 20_000n),
];

// --- In the core's memory, as the core decides (the journal aside) -------------------------------------------
const risk = new RiskEngine();
const book = new EarnBook();
const handOff = () => {
  book.takeRows();
  risk.takeFacts();
};
const ctx = (now: number): CommandContext => {
  risk.now = now;
  return { now, risk, part: <T>() => book as unknown as T, emit: () => undefined };
};
risk.balances.set(accountKey(null, ACCOUNT.earnPool, 'USDT'), { available: 10n ** 30n, held: 0n });
for (let u = 1; u <= USERS; u++)
  risk.balances.set(accountKey(u, ACCOUNT.spot, 'USDT'), { available: 10n ** 20n, held: 0n });
const before = heapMb();
let seed = 7;
const random = () => (seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32;
const ts = performance.now();
// Subscriptions spread over the week before T0, so the orders are at every point of their cycles.
for (let i = 0; i < ORDERS; i++) {
  const at = T0 - Math.floor(random() * 7 * DAY_MS);
  subscribe.apply(ctx(at), {
    userId: 1 + (i % USERS),
    product: PRODUCTS[i % PRODUCTS.length]!,
    amount: U * BigInt(1 + Math.floor(random() * 10_000)),
  });
  // The core hands each batch's rows and ledger facts to the projector; so does the bench, every 5,000 commands.
  if (i % 5_000 === 4_999) handOff();
}
const subscribeMs = ms(ts);
handOff();
const perOrderBytes = ((heapMb() - before) * 2 ** 20) / ORDERS;

// The daily accrual: each open order's interest to date, and the day's part of it.
const day = T0 + DAY_MS;
const ta = performance.now();
let accruedSum = 0n;
let todaySum = 0n;
for (const o of book.open.values()) {
  const days = daysAccrued(o.beginAt, o.cycleDays, day);
  const accrued = interestFor(o.amount, o.dailyRate, days);
  accruedSum += accrued;
  todaySum += days > 0 ? accrued - interestFor(o.amount, o.dailyRate, days - 1) : 0n;
}
const accrualMs = ms(ta);
const tb = performance.now();
let bare = 0n;
for (const o of book.open.values()) bare += o.amount * o.dailyRate;
const bareMs = ms(tb);

/** Runs of a command at one time until none is left due (each run takes at most MATURE_BATCH orders). */
const runAll = (cmd: typeof matureDue, now: number) => {
  let total = 0;
  for (let n = cmd.apply(ctx(now), {}); n > 0; n = cmd.apply(ctx(now), {})) {
    total += n;
    handOff();
  }
  return total;
};
// A day's payments to the flexible orders: their days up to T0 paid first, then the next day timed.
runAll(accrueDue, T0);
const tf = performance.now();
const flexPaid = runAll(accrueDue, T0 + DAY_MS);
const flexMs = ms(tf);

// A day's maturities: the 7-day orders subscribed on the first of those days end together.
let firstEnd = Number.MAX_SAFE_INTEGER;
for (const o of book.open.values()) firstEnd = Math.min(firstEnd, o.endAt);
const matureAll = (now: number) => runAll(matureDue, now);
const tm = performance.now();
const dayMatured = matureAll(firstEnd);
const dayMs = ms(tm);
// The worst case: every remaining order ends at once.
const remaining = book.open.size;
const tw = performance.now();
const allMatured = matureAll(T0 + 200 * DAY_MS);
const allMs = ms(tw);

// --- Through the whole trading core on SQLite ------------------------------------------------------------------
const db = await openDb({
  sqliteFile: join(benchDir('lumex-earn-'), 'lumex.db'),
  backgroundCheckpoint: true,
});
await migrate(db, MIGRATIONS);
await seedMarkets(db);
const clock = new ManualClock(T0);
const trading = await startTrading({ db, log: pino({ level: 'error' }), clock });
const { core } = trading;
const coreUsers: number[] = [];
for (let u = 0; u < 1000; u++) coreUsers.push(await insertTestUser(db, `9${String(u).padStart(7, '0')}`, `earn_${u}`));
await core.submit(postFunds, {
  lines: [
    { owner: null, type: ACCOUNT.external, asset: 'USDT', available: -(10n ** 17n + 1000n * 10n ** 13n) },
    { owner: null, type: ACCOUNT.earnPool, asset: 'USDT', available: 10n ** 17n },
    ...coreUsers.map((u) => ({ owner: u, type: ACCOUNT.spot, asset: 'USDT' as const, available: 10n ** 13n })),
  ],
  meta: { billType: 'dev_credit', refType: 'bench', refId: 0 },
});
const p7 = { ...PRODUCTS[0]! };
const wave = 5_000;
for (let i = 0; i < CORE_ORDERS; i += wave) {
  await Promise.all(
    Array.from({ length: Math.min(wave, CORE_ORDERS - i) }, (_, k) =>
      core.submit(subscribe, { userId: coreUsers[(i + k) % coreUsers.length]!, product: p7, amount: 100n * U }),
    ),
  );
}
await core.settled();
await clock.jump(8 * DAY_MS);
const tc = performance.now();
let coreMatured = 0;
for (let n = await core.submit(matureDue, {}); n > 0; n = await core.submit(matureDue, {})) coreMatured += n;
const ackMs = ms(tc);
await core.settled();
const projectedMs = ms(tc);
await trading.marketData.flush();
await core.stop();

const f = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1 });
console.log(
  `open orders: ${f(ORDERS)} of ${f(USERS)} users on four products (7, 30 and 90 days, and flexible for up to 365); subscribing them in memory took ${f(subscribeMs)} ms`,
);
console.log(
  `memory: about ${f(perOrderBytes)} bytes per open order in the core (${f((perOrderBytes * ORDERS) / 2 ** 20)} MB for ${f(ORDERS)})`,
);
console.log(
  `daily accrual (interest to date and the day's part, every open order): ${f(accrualMs)} ms (${accrualMs < 10_000 ? 'under' : 'OVER'} the 10 s goal); bare amount × rate loop ${f(bareMs)} ms (×${f(accrualMs / bareMs)})`,
);
console.log(`  checksum: ${accruedSum} accrued, ${todaySum} today, ${bare > 0n ? 'bare ok' : ''}`);
console.log(
  `a day's payments to the flexible orders (one bill each): ${f(flexPaid)} orders in ${f(flexMs)} ms (${f((flexMs * 1000) / Math.max(1, flexPaid))} µs each; 1,000,000 would take about ${f((flexMs / Math.max(1, flexPaid)) * 1000)} s)`,
);
console.log(
  `a day's maturities: ${f(dayMatured)} orders in ${f(dayMs)} ms (${f((dayMs * 1000) / Math.max(1, dayMatured))} µs each)`,
);
console.log(
  `every open order of a fixed cycle maturing at once: ${f(allMatured)} of ${f(remaining)} open in ${f(allMs)} ms (${f((allMs * 1000) / Math.max(1, allMatured))} µs each)`,
);
console.log(
  `through the trading core on SQLite: ${f(coreMatured)} orders maturing at once, in runs of ${f(MATURE_BATCH)}, acknowledged (journaled) in ${f(ackMs)} ms, in the tables after ${f(projectedMs)} ms`,
);
