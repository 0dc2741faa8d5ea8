/**
 * Spot's conditional orders at scale (issue 31): TRIGGERS (100,000) stop-loss sells resting on one market, then one
 * trade whose price reaches CROSSED (about 1,000) of them. Timed from the trade's order to every reached stop placed
 * as its market order (the bound of fires per command and its follow-up commands included: server/spot/conditional),
 * beside the floor of the same run: a full scan of every resting trigger against the price, what a book without the
 * ordered queues would pay on every trade, reached or not. Also: a trade that reaches none, against the same scan.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { MIGRATIONS } from '../../server/features.ts';
import type { FeatureContext } from '../../server/feature.ts';
import {
  CONDITIONAL_PART,
  fireOrder,
  reached,
  TriggerQueue,
  type ConditionalBook,
} from '../../server/spot/conditional/conditional-book.ts';
import type { ConditionalRow } from '../../server/spot/conditional/conditional.repo.ts';
import { MAX_FIRES_PER_COMMAND, placeStop } from '../../server/spot/conditional/conditional.commands.ts';
import { startConditional } from '../../server/spot/conditional/conditional.feature.ts';
import { seedMarkets } from '../../server/spot/seed.ts';
import { openDb } from '../../server/storage/db.ts';
import { migrate } from '../../server/storage/migrate.ts';
import { startTrading } from '../../server/trading.ts';
import { credit } from '../support/trading.ts';

const TRIGGERS = Number(process.env.TRIGGERS ?? 100_000);
const SAME_STOP = 4; // stops per price, so 100,000 fit the price band at ETH's 0.01 tick
const CROSSED_PRICES = Math.round(Number(process.env.CROSSED ?? 1_000) / SAME_STOP);
const log = pino({ level: 'error' });
const ms = (t0: number) => performance.now() - t0;

const db = await openDb({ sqliteFile: join(mkdtempSync(join(tmpdir(), 'lumex-triggers-')), 'lumex.db') });
await migrate(db, MIGRATIONS);
await seedMarkets(db);
const trading = await startTrading({ db, log, snapshotEvery: Number.MAX_SAFE_INTEGER });
const { core, spot } = trading;
// The follow-up commands after the bound of fires, as the server's feature runs them.
await startConditional({ core, app: { log } } as unknown as FeatureContext);

const users: number[] = [];
for (const name of ['trig_seller', 'trig_buyer']) {
  const row = await db.get<{ id: bigint }>(
    "INSERT INTO users (uid, username, password_hash, invite_code, created_at, updated_at) VALUES (?, ?, '!', ?, 0, 0) RETURNING id",
    [`8${name.length}${users.length}0000`, name, `T${users.length}`],
  );
  users.push(Number(row!.id));
}
const [seller, buyer] = users as [number, number];
await credit(core, seller, 'ETH', BigInt(TRIGGERS) * 10n ** 6n + 10n ** 9n); // 0.01 ETH a stop, and some
await credit(core, buyer, 'USDT', 10n ** 15n);

/** One trade of 0.01 ETH at `price`, the seller resting and the buyer taking; answers when the taker's is done. */
async function trade(price: string): Promise<void> {
  await spot.place(seller, { symbol: 'ethusdt', side: 'sell', type: 'limit', price, quantity: '0.01' });
  await spot.place(buyer, { symbol: 'ethusdt', side: 'buy', type: 'limit', price, quantity: '0.01' });
}
await trade('3450.00');

// Stops up to 3400.00, four at each price, placed lowest first (each lands at its queue's start, where the queue keeps
// what fires last: a sorted list's insert is a move of what lies after it), 0.01 ETH each.
const top = 340_000n;
const bottom = top - BigInt(Math.ceil(TRIGGERS / SAME_STOP) - 1);
const hundredth = 10n ** BigInt(spot.markets.market('ethusdt').qtyScale - 2);
const t0 = performance.now();
for (let i = 0; i < TRIGGERS; i += 5_000) {
  const wave = [];
  for (let j = i; j < Math.min(TRIGGERS, i + 5_000); j++)
    wave.push(
      core.submit(placeStop, {
        symbol: 'ethusdt',
        userId: seller,
        side: 'sell',
        type: 'STOP_LOSS',
        stopPrice: bottom + BigInt(Math.floor(j / SAME_STOP)),
        price: 0n,
        quantity: hundredth,
        quoteBudget: 0n,
        tif: 'GTC',
      }),
    );
  await Promise.all(wave);
}
const placeMs = ms(t0);
const book = core.part<ConditionalBook>(CONDITIONAL_PART);
const queue = book.pending.get('ethusdt')!;

/** The floor: every resting trigger checked against the price, as a scan per trade would (the queue's own walk). */
function fullScan(last: bigint): number {
  let n = 0;
  for (const c of queue) if (reached(c, last)) n++;
  return n;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const scanMs = (last: bigint) =>
  median(
    [0, 1, 2, 3, 4].map(() => {
      const s = performance.now();
      fullScan(last);
      return ms(s);
    }),
  );

// A trade that reaches nothing: the queue reads its head; the scan reads all.
const quietStart = performance.now();
await trade('3420.00');
const quietMs = ms(quietStart);
const quietScan = scanMs(342_000n);

// A trade that reaches CROSSED_PRICES × 4 stops.
const crossing = top - BigInt(CROSSED_PRICES - 1);
const expected = fullScan(crossing);
const before = queue.size;
const crossStart = performance.now();
await trade((Number(crossing) / 100).toFixed(2));
while (before - queue.size < expected) await new Promise((r) => setImmediate(r));
const crossMs = ms(crossStart);
const crossScan = scanMs(crossing);
await core.settled();
await core.stop();

/**
 * The cost of one more stop with 100,000 resting, in the tree and in the sorted array it replaced (kept here only as
 * the baseline: binary search, then a splice that moves every later element). Stops land at random prices among the
 * resting ones, as users place them.
 */
class ArrayQueue {
  readonly list: ConditionalRow[] = [];
  add(c: ConditionalRow) {
    let lo = 0;
    let hi = this.list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (fireOrder(this.list[mid]!, c) > 0) lo = mid + 1;
      else hi = mid;
    }
    this.list.splice(lo, 0, c);
  }
}
const template = queue.falling[0]!;
const fresh = (id: number, stop: bigint): ConditionalRow => ({ ...template, id, stopPrice: stop });
let drawn = 7;
const draw = () => (drawn = (Math.imul(drawn, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32;
const resting = Array.from({ length: TRIGGERS }, (_, i) => fresh(i + 1, bottom + BigInt(Math.floor(draw() * 25_000))));
const extra = Array.from({ length: 2_000 }, (_, i) =>
  fresh(TRIGGERS + i + 1, bottom + BigInt(Math.floor(draw() * 25_000))),
);
const tree = new TriggerQueue();
const array = new ArrayQueue();
for (const c of resting) {
  tree.add(c);
  array.add(c);
}
const insertUs = (q: { add(c: ConditionalRow): void }) => {
  const s = performance.now();
  for (const c of extra) q.add(c);
  return (ms(s) * 1000) / extra.length;
};
const treeUs = insertUs(tree);
const arrayUs = insertUs(array);

const f = (x: number) => x.toFixed(2);
console.log(
  `${TRIGGERS.toLocaleString('en')} resting stop-loss sells on ethusdt (placed in ${f(placeMs / 1000)} s, ${f((placeMs * 1000) / TRIGGERS)} µs each)`,
);
console.log(
  `  one more stop among ${TRIGGERS.toLocaleString('en')} resting (mean of ${extra.length.toLocaleString('en')} at random prices): the tree ${f(treeUs)} µs, the sorted array it replaced ${f(arrayUs)} µs (×${f(arrayUs / treeUs)} the tree)`,
);
console.log(
  `  a trade reaching none: ${f(quietMs)} ms from the order to done; the full scan's floor ${f(quietScan)} ms a trade (median of 5)`,
);
console.log(
  `  a trade reaching ${expected.toLocaleString('en')}: ${f(crossMs)} ms from the order to all ${expected.toLocaleString('en')} placed (${f((crossMs * 1000) / expected)} µs each, in commands of at most ${MAX_FIRES_PER_COMMAND}); the full scan alone ${f(crossScan)} ms, ×${f(crossMs / crossScan)} of this`,
);
