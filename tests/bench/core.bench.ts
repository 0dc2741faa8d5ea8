/**
 * The trading core's own costs, each beside its floor in the same run:
 * - the order path: 200,000 spot orders (tests/bench/order-stream.ts) through the spot service and the core with the
 *   journal append and the projector replaced by no-ops (validate, hold, match, settle, encode the batch, announce
 *   balances, candles and feeds), against the same orders straight into the matching engines, already in engine
 *   units (the least any order path can do); each with its CPU, its heap allocation and its collections
 *   (tests/bench/cost.ts);
 * - the risk check per order: the spot rule's hold and release on a risk engine holding 100,000 accounts, against a
 *   bare Map lookup and bigint compare (the least any balance check can do);
 * - the restart time after 1,000,000 journaled commands: replaying all of them from a snapshot taken before the
 *   first, starting from a snapshot taken after the last, and starting from the projected tables; beside the
 *   floor of reading and parsing the journal's rows without deciding anything.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { RiskEngine } from '../../server/core/risk/risk-engine.ts';
import { batchesAfter } from '../../server/core/journal/journal.repo.ts';
import { readBody } from '../../server/core/journal/batch-body.ts';
import { postFunds } from '../../server/core/funds.ts';
import { seedMarkets } from '../../server/spot/seed.ts';
import { spotRule } from '../../server/spot/spot-rule.ts';
import type { Market } from '../../server/spot/market.ts';
import type { OrderRow } from '../../server/spot/orders.repo.ts';
import { MIGRATIONS } from '../../server/features.ts';
import { ACCOUNT, accountKey } from '../../server/ledger/account-types.ts';
import { openDb } from '../../server/storage/db.ts';
import { migrate } from '../../server/storage/migrate.ts';
import { startTrading } from '../../server/trading.ts';
import { credit } from '../support/trading.ts';
import { createEngine } from '../../server/matching/engine.ts';
import type { EngineEvent, PlaceCommand } from '../../server/matching/types.ts';
import { measure, perItem, type Cost } from './cost.ts';
import { MARKETS, nothing, order } from './order-stream.ts';
import { parseUnits } from '../../isomorphic/money/units.ts';

const COMMANDS = Number(process.env.COMMANDS ?? 1_000_000);
const ORDERS = 1_000_000;
const PATH_ORDERS = Number(process.env.ORDERS ?? 200_000);
const WAVE = 5_000;
/** `CORE_SECTIONS=orders,risk` runs some of the sections: orders, risk, restart. */
const SECTIONS = new Set((process.env.CORE_SECTIONS ?? 'orders,risk,restart').split(','));
const log = pino({ level: 'error' });
const ms = (t0: number) => performance.now() - t0;
/** The process's CPU (user + system, every thread) since `from`, in ms: other processes on the cores do not count. */
const cpuMsSince = (from: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
};

// --- The order path -------------------------------------------------------------------------------------------
if (SECTIONS.has('orders')) {
  const db = { ...(await openDb({ sqliteFile: ':memory:' })), journal: nothing };
  await migrate(db, MIGRATIONS);
  await seedMarkets(db);
  const trading = await startTrading({ db, log });
  const users: number[] = [];
  for (let u = 0; u < 200; u++) {
    const row = await db.get<{ id: bigint }>(
      "INSERT INTO users (uid, username, password_hash, invite_code, created_at, updated_at) VALUES (?, ?, '!', ?, 0, 0) RETURNING id",
      [`6${String(u).padStart(7, '0')}`, `path_${u}`, `Q${u}`],
    );
    users.push(Number(row!.id));
    for (const asset of ['USDT', 'BTC', 'ETH', 'SOL', 'BNB']) await credit(trading.core, users[u]!, asset, 10n ** 15n);
  }
  await trading.core.settled();
  trading.core.projector.enqueue = () => {};
  // The engines' floor: the same orders as engine commands, converted before the clock starts.
  const commands: PlaceCommand[] = [];
  for (let i = 0; i < PATH_ORDERS; i++) {
    const [userId, body] = order(users, i);
    const m = trading.markets.market(body.symbol);
    const units = (v: string, scale: number) => (parseUnits(v, scale) as { value: bigint }).value;
    commands.push({
      type: 'place',
      orderId: i + 1,
      userId,
      side: body.side,
      kind: 'limit',
      price: Number(units(body.price, m.priceScale) / m.tick),
      quantity: Number(units(body.quantity, m.qtyScale) / m.lot),
      tif: 'GTC',
    });
  }
  const engines = MARKETS.map((symbol) => createEngine({ marketId: symbol }));
  const out: EngineEvent[] = [];
  let trades = 0;
  const stopEngine = await measure('engines');
  for (let i = 0; i < PATH_ORDERS; i++) {
    engines[i % MARKETS.length]!.apply(commands[i]!, out);
    while (out.length) if (out.pop()!.type === 'trade') trades++;
  }
  const engine = await stopEngine();
  const stopCore = await measure('core');
  const acks: Promise<unknown>[] = [];
  for (let i = 0; i < PATH_ORDERS; i++) {
    if (i % WAVE === 0 && i) await new Promise((r) => setImmediate(r));
    acks.push(trading.spot.place(...order(users, i)));
  }
  await Promise.all(acks);
  const core = await stopCore();
  const ratio = (a: Cost, b: Cost, k: keyof Cost) => (a[k] / b[k]).toFixed(1);
  console.log(
    `order path, ${PATH_ORDERS.toLocaleString('en')} limit orders on ${MARKETS.length} markets in waves of ${WAVE.toLocaleString('en')} (${trades.toLocaleString('en')} trades):`,
  );
  console.log(`  core floor (journal and projector no-ops): ${perItem(core, PATH_ORDERS)}`);
  console.log(`  matching engines alone, engine units: ${perItem(engine, PATH_ORDERS)}`);
  console.log(
    `  core/engines: ×${ratio(core, engine, 'cpuUs')} in CPU, ×${ratio(core, engine, 'allocatedBytes')} in bytes allocated`,
  );
  await trading.marketData.flush();
}

// --- Risk check per order -------------------------------------------------------------------------------------
if (SECTIONS.has('risk')) {
  const risk = new RiskEngine();
  const ACCOUNTS = 100_000;
  for (let u = 1; u <= ACCOUNTS; u++)
    risk.balances.set(accountKey(u, ACCOUNT.spot, 'USDT'), { available: 10n ** 15n, held: 0n });
  const market = { symbol: 'btcusdt', base: 'BTC', quote: 'USDT', priceScale: 2, qtyScale: 6 } as unknown as Market;
  const orders: OrderRow[] = Array.from({ length: 1_000 }, (_, i) => ({
    id: i + 1,
    symbol: 'btcusdt',
    userId: ((i * 97) % ACCOUNTS) + 1,
    side: 'buy',
    kind: 'limit',
    tif: 'GTC',
    price: 9_600_000n + BigInt(i % 50),
    quantity: 1_000n,
    quoteBudget: 0n,
    filledQty: 0n,
    filledQuote: 0n,
    fee: 0n,
    frozen: 0n,
    status: 'open',
    doneReason: null,
    createdAt: 0,
    updatedAt: 0,
    account: 'spot',
    autoRepay: false,
    borrowed: 0n,
  }));
  const riskRun = () => {
    const t0 = performance.now();
    for (let i = 0; i < ORDERS; i++) {
      const o = orders[i % orders.length]!;
      o.id = i + 1;
      spotRule.hold(risk, { market, order: o });
      spotRule.release(risk, { market, order: o });
      if (risk.facts.length > 10_000) risk.takeFacts();
    }
    return (ms(t0) * 1e6) / ORDERS;
  };
  const floorRun = () => {
    const keys = orders.map((o) => accountKey(o.userId, ACCOUNT.spot, 'USDT'));
    let ok = 0;
    const t0 = performance.now();
    for (let i = 0; i < ORDERS; i++) if (risk.balances.get(keys[i % keys.length]!)!.available >= 96_000_000n) ok++;
    if (ok !== ORDERS) throw new Error('floor check failed');
    return (ms(t0) * 1e6) / ORDERS;
  };
  riskRun();
  floorRun();
  const riskNs = [riskRun(), riskRun(), riskRun()].sort((a, b) => a - b)[1]!;
  const floorNs = [floorRun(), floorRun(), floorRun()].sort((a, b) => a - b)[1]!;
  risk.takeFacts();
  console.log(
    `risk check (spot hold + release, ${ACCOUNTS.toLocaleString('en')} accounts, median of 3): ${riskNs.toFixed(0)} ns/order; floor (Map lookup + compare) ${floorNs.toFixed(0)} ns; ${(riskNs / floorNs).toFixed(1)}× the floor`,
  );
}

// --- Restart after 1,000,000 journaled commands --------------------------------------------------------------
if (SECTIONS.has('restart')) {
  const restartDir = mkdtempSync(join(tmpdir(), 'lumex-core-'));
  const db = await openDb({
    sqliteFile: join(restartDir, 'lumex.db'),
    backgroundCheckpoint: true,
  });
  await migrate(db, MIGRATIONS);
  await seedMarkets(db);
  const first = await startTrading({ db, log, snapshotEvery: Number.MAX_SAFE_INTEGER });
  // A state of some size to restart into: 20,000 funded users and 20,000 orders resting away from the touch.
  const USERS = 20_000;
  const RESTING = 20_000;
  const users: number[] = [];
  for (let u = 0; u < USERS; u++) {
    const row = await db.get<{ id: bigint }>(
      "INSERT INTO users (uid, username, password_hash, invite_code, created_at, updated_at) VALUES (?, ?, '!', ?, 0, 0) RETURNING id",
      [`9${String(u).padStart(7, '0')}`, `core_${u}`, `C${u}`],
    );
    users.push(Number(row!.id));
  }
  await Promise.all(
    users.flatMap((u) => [credit(first.core, u, 'USDT', 10n ** 13n), credit(first.core, u, 'BTC', 10n ** 10n)]),
  );
  await Promise.all(
    Array.from({ length: RESTING }, (_, i) =>
      first.spot.place(
        users[i % USERS]!,
        i % 2
          ? { symbol: 'btcusdt', side: 'buy', type: 'limit', price: (90_000 - (i % 500)).toFixed(2), quantity: '0.001' }
          : {
              symbol: 'btcusdt',
              side: 'sell',
              type: 'limit',
              price: (100_000 + (i % 500)).toFixed(2),
              quantity: '0.001',
            },
      ),
    ),
  );
  await first.core.settled();
  await first.core.saveSnapshot();
  const t0 = performance.now();
  for (let i = 0; i < COMMANDS; i += 5_000) {
    const wave = [];
    for (let j = i; j < Math.min(COMMANDS, i + 5_000); j++) {
      const u = users[j % users.length]!;
      // Each user's transfers alternate: 100 units into the contract account, then 50 back.
      const into = Math.floor(j / users.length) % 2 === 0;
      const [from, to, amount] = into ? [ACCOUNT.spot, ACCOUNT.contract, 100n] : [ACCOUNT.contract, ACCOUNT.spot, 50n];
      wave.push(
        first.core.submit(postFunds, {
          lines: [
            { owner: u, type: from, asset: 'USDT', available: -amount },
            { owner: u, type: to, asset: 'USDT', available: amount },
          ],
          meta: { billType: 'transfer', refType: 'bench', refId: j },
        }),
      );
    }
    await Promise.all(wave);
  }
  const journalMs = ms(t0);
  await first.core.settled();
  const hash = first.core.stateHash();
  await first.marketData.flush();
  const batches = first.core.journaled;

  const timedStart = async (label: string) => {
    const t = performance.now();
    const cpu = process.cpuUsage();
    const again = await startTrading({ db, log, snapshotEvery: Number.MAX_SAFE_INTEGER });
    const took = ms(t);
    const cpuMs = cpuMsSince(cpu);
    if (again.core.stateHash() !== hash) throw new Error(`${label}: the state differs`);
    // Each start is abandoned for the next, as after a kill; only its candle writer would keep running.
    await again.marketData.flush();
    return { took, cpuMs, trading: again };
  };
  // The floor: read and parse every journal row, deciding nothing.
  let parsed = 0;
  const tf = performance.now();
  const floorCpu = process.cpuUsage();
  for (let after = 0; ; ) {
    const rows = await batchesAfter(db, after, 2000);
    if (!rows.length) break;
    for (const r of rows) parsed += readBody(r.body).n;
    after = rows.at(-1)!.seq;
  }
  const floorMs = ms(tf);
  const floorCpuMs = cpuMsSince(floorCpu);
  // `PROFILE=dir` or `HEAP_PROFILE=dir`: a CPU or heap profile of the replaying start alone (tests/bench/cost.ts).
  const profiling = process.env.PROFILE || process.env.HEAP_PROFILE ? await measure('replay') : undefined;
  const replay = await timedStart('replay');
  await profiling?.();
  await replay.trading.core.saveSnapshot();
  const fromSnapshot = await timedStart('snapshot');
  await db.run('DELETE FROM core_snapshots');
  const fromTables = await timedStart('tables');
  console.log(
    `journaled ${COMMANDS.toLocaleString('en')} commands in ${batches.toLocaleString('en')} batches in ${(journalMs / 1000).toFixed(1)} s (${Math.round(COMMANDS / (journalMs / 1000)).toLocaleString('en')}/s acknowledged)`,
  );
  console.log(
    `restart, replaying all ${parsed.toLocaleString('en')} commands from a snapshot taken before the first: ${(replay.took / 1000).toFixed(2)} s (${Math.round(parsed / (replay.took / 1000)).toLocaleString('en')} commands/s; ${(replay.cpuMs / 1000).toFixed(2)} s CPU)`,
  );
  console.log(
    `  floor: reading and parsing the journal without deciding: ${(floorMs / 1000).toFixed(2)} s (${(floorCpuMs / 1000).toFixed(2)} s CPU); replay/floor = ${(replay.took / floorMs).toFixed(1)}× (CPU ×${(replay.cpuMs / floorCpuMs).toFixed(1)})`,
  );
  console.log(
    `restart from a snapshot taken after the last command: ${(fromSnapshot.took / 1000).toFixed(2)} s (${USERS.toLocaleString('en')} users, ${RESTING.toLocaleString('en')} resting orders)`,
  );
  console.log(`restart from the projected tables (no snapshot): ${(fromTables.took / 1000).toFixed(2)} s`);
  await db.close();
  // A million commands' journal and tables: gigabytes over a day of runs if each run left its own behind.
  rmSync(restartDir, { recursive: true, force: true });
}
