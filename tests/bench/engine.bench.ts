/**
 * Matching engine figures: commands per second on one core, and open-loop latency percentiles at fixed
 * offered rates, for our engine and for the npm package nodejs-order-book on the same seeded command stream.
 *
 * The stream follows exchange-core's benchmark: a book pre-filled to about 1,000 resting orders over about
 * 750 price levels, then about 9% GTC limit orders, 3% IOC, 6% cancels and 82% moves (cancel-replace at a
 * nearby price). Every command refers to a live order: the generator runs our engine to know which orders are
 * still resting. Each order has its own account, so self-trade prevention (which nodejs-order-book handles
 * differently on modify) never fires and both books must end identical; the bench checks that they do.
 *
 * Latency is open-loop (free of coordinated omission): command i is due at t0 + i / rate, the loop busy-waits
 * until then, and the latency is completion − due time, so a slow command also delays those queued behind it,
 * and an engine slower than the offered rate shows its growing queue. Each rate runs three times and the run
 * with the median p99 is reported, with the GC pauses V8 reported inside it: on a shared machine a run can
 * lose the CPU for milliseconds, and one such stall shows in every percentile above it. A no-op engine runs
 * through the same loop to show that floor, and a service-time table times each command alone (no queueing).
 * Each engine runs in its own child process (fresh JIT and heap, --expose-gc to collect between runs).
 */
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { type LimitOrderOptions, OrderBook, Side } from 'nodejs-order-book';
import {
  type CancelCommand,
  type Command,
  createEngine,
  type EngineEvent,
  type MatchingEngine,
  type MoveCommand,
  type PlaceCommand,
} from '../../server/matching/index.ts';

const SEED = 20260521;
const MID = 100_000;
const HALF = 750;
const TARGET_ORDERS = 1_000;
const STREAM = 2_000_000;
const THROUGHPUT_RUNS = 3;
const THROUGHPUT_MAX_S = 4;
const CHECK_PREFIX = 500_000;
const RATES = [250_000, 500_000, 1_000_000];
const LATENCY_SECONDS = 1;
const LATENCY_TRIALS = 3;

/** sfc32: a small, fast, seedable PRNG, so every run and both engines see the same stream. */
function prng(seed: number): () => number {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 16; i++) next();
  return next;
}

/**
 * The stream as columns of typed arrays rather than 2 million command objects: 150 MB of long-lived objects
 * made every GC slow (full collections of 50–100 ms) in both engines' runs. Each runner fills one reusable
 * command object per type instead; safe because neither engine keeps the object it is given.
 */
const T_GTC = 0;
const T_IOC = 1;
const T_CANCEL = 2;
const T_MOVE = 3;
class Encoded {
  n = 0;
  readonly type: Uint8Array;
  readonly id: Int32Array;
  readonly buy: Uint8Array;
  readonly price: Int32Array;
  readonly qty: Int32Array;
  constructor(capacity: number) {
    this.type = new Uint8Array(capacity);
    this.id = new Int32Array(capacity);
    this.buy = new Uint8Array(capacity);
    this.price = new Int32Array(capacity);
    this.qty = new Int32Array(capacity);
  }
  push(c: Command): void {
    const i = this.n++;
    this.id[i] = c.type === 'cancelAll' ? 0 : c.orderId;
    if (c.type === 'place') {
      this.type[i] = c.tif === 'IOC' ? T_IOC : T_GTC;
      this.buy[i] = c.side === 'buy' ? 1 : 0;
      this.price[i] = c.price;
      this.qty[i] = c.quantity;
    } else if (c.type === 'cancel') this.type[i] = T_CANCEL;
    else if (c.type === 'move') {
      this.type[i] = T_MOVE;
      this.price[i] = c.price;
    } else throw new Error(`not in the stream: ${c.type}`);
  }
}

interface Stream {
  prefill: Encoded;
  commands: Encoded;
  maxId: number;
  mix: Record<string, number>;
  trades: number;
  book: { orders: number; levels: number };
}

/** The exchange-core-style stream; deterministic for SEED. */
function generate(total: number): Stream {
  const rnd = prng(SEED);
  const int = (n: number) => Math.floor(rnd() * n);
  const engine = createEngine({ marketId: 'bench' });
  const live: number[] = [];
  const slot = new Map<number, number>();
  const out: EngineEvent[] = [];
  const mix: Record<string, number> = { gtc: 0, ioc: 0, cancel: 0, move: 0 };
  let trades = 0;
  let nextId = 1;
  const apply = (cmd: Command) => {
    engine.apply(cmd, out);
    for (const ev of out) {
      if (ev.type === 'rested' && !slot.has(ev.orderId)) {
        slot.set(ev.orderId, live.length);
        live.push(ev.orderId);
      } else if (ev.type === 'done' && slot.has(ev.orderId)) {
        const i = slot.get(ev.orderId)!;
        const last = live.pop()!;
        if (last !== ev.orderId) {
          live[i] = last;
          slot.set(last, i);
        }
        slot.delete(ev.orderId);
      } else if (ev.type === 'trade') trades++;
    }
    clear(out);
  };
  const gtc = (): Command => {
    const buy = rnd() < 0.5;
    const id = nextId++;
    const price = buy ? MID - 1 - int(HALF) : MID + 1 + int(HALF);
    return {
      type: 'place',
      orderId: id,
      userId: id,
      side: buy ? 'buy' : 'sell',
      kind: 'limit',
      price,
      quantity: 1 + int(100),
      tif: 'GTC',
    };
  };
  const prefill = new Encoded(TARGET_ORDERS * 2);
  while (live.length < TARGET_ORDERS) {
    const cmd = gtc();
    prefill.push(cmd);
    apply(cmd);
  }
  const depth = engine.depth(Infinity);
  const book = { orders: engine.size, levels: depth.bids.length + depth.asks.length };
  trades = 0;
  const commands = new Encoded(total);
  for (let i = 0; i < total; i++) {
    const r = rnd();
    let cmd: Command;
    // The mix holds the book near its target size: below 90% only GTC orders arrive, above 110% only cancels.
    if (live.length < TARGET_ORDERS * 0.9 || (r < 0.09 && live.length < TARGET_ORDERS * 1.1)) {
      cmd = gtc();
      mix.gtc!++;
    } else if (r < 0.12 && live.length < TARGET_ORDERS * 1.1) {
      const buy = rnd() < 0.5;
      const id = nextId++;
      const best = (buy ? engine.bestAsk() : engine.bestBid()) ?? MID;
      cmd = {
        type: 'place',
        orderId: id,
        userId: id,
        side: buy ? 'buy' : 'sell',
        kind: 'limit',
        price: buy ? best + int(4) : best - int(4),
        quantity: 1 + int(100),
        tif: 'IOC',
      };
      mix.ioc!++;
    } else if (r < 0.18 || live.length >= TARGET_ORDERS * 1.1) {
      const id = live[int(live.length)]!;
      cmd = { type: 'cancel', orderId: id, userId: id };
      mix.cancel!++;
    } else {
      const id = live[int(live.length)]!;
      const o = engine.order(id)!;
      const step = (1 + int(8)) * (rnd() < 0.5 ? -1 : 1);
      // A random walk inside the order's half of the range, reaching a couple of ticks past the mid so that
      // moves near the top of the book sometimes cross and trade.
      const [lo, hi] = o.side === 'buy' ? [MID - HALF, MID + 2] : [MID - 2, MID + HALF];
      const price = Math.min(hi, Math.max(lo, o.price + step));
      cmd = { type: 'move', orderId: id, userId: id, price: price === o.price ? o.price - Math.sign(step) : price };
      mix.move!++;
    }
    commands.push(cmd);
    apply(cmd);
  }
  for (const k of Object.keys(mix)) mix[k] = mix[k]! / total;
  return { prefill, commands, maxId: nextId, mix, trades, book };
}

/**
 * Empties the event array without letting V8 drop its backing store: `out.length = 0` does drop it, and the
 * next push then allocates again (measured: ~70 ns and a young-generation allocation per command).
 */
function clear(out: EngineEvent[]): void {
  while (out.length !== 0) out.pop();
}

// ---------- the two engines behind one shape: prepare once (untimed), then run command i ----------

interface Runner {
  reset(): void;
  run(i: number): void;
  digest(): string;
}

function lumexRunner(stream: Stream): Runner {
  let engine: MatchingEngine = createEngine({ marketId: 'bench' });
  const out: EngineEvent[] = [];
  const place: PlaceCommand = {
    type: 'place',
    orderId: 0,
    userId: 0,
    side: 'buy',
    kind: 'limit',
    price: 0,
    quantity: 0,
    tif: 'GTC',
  };
  const cancel: CancelCommand = { type: 'cancel', orderId: 0, userId: 0 };
  const move: MoveCommand = { type: 'move', orderId: 0, userId: 0, price: 0 };
  const apply = (s: Encoded, i: number) => {
    const id = s.id[i]!;
    switch (s.type[i]) {
      case T_MOVE:
        move.orderId = move.userId = id;
        move.price = s.price[i]!;
        engine.apply(move, out);
        break;
      case T_CANCEL:
        cancel.orderId = cancel.userId = id;
        engine.apply(cancel, out);
        break;
      default:
        place.orderId = place.userId = id;
        place.side = s.buy[i] ? 'buy' : 'sell';
        place.price = s.price[i]!;
        place.quantity = s.qty[i]!;
        place.tif = s.type[i] === T_IOC ? 'IOC' : 'GTC';
        engine.apply(place, out);
    }
    clear(out);
  };
  return {
    reset() {
      engine = createEngine({ marketId: 'bench' });
      for (let i = 0; i < stream.prefill.n; i++) apply(stream.prefill, i);
    },
    run(i) {
      apply(stream.commands, i);
    },
    digest() {
      const d = engine.depth(Infinity);
      return JSON.stringify([d.bids, d.asks]);
    },
  };
}

/**
 * Does nothing: its open-loop figures are the floor that the harness (clock reads, the wait loop) and this
 * machine's scheduling put under any engine at that rate.
 */
function noopRunner(): Runner {
  return { reset() {}, run() {}, digest: () => '' };
}

function nobRunner(stream: Stream): Runner {
  // nodejs-order-book takes string ids; making them is set-up, not its work, so they are made up front.
  const ids = Array.from({ length: stream.maxId + 1 }, (_, i) => String(i));
  let ob = new OrderBook();
  const limit = { id: '', side: Side.BUY, size: 0, price: 0, timeInForce: 'GTC' as LimitOrderOptions['timeInForce'] };
  const update = { price: 0 };
  const apply = (s: Encoded, i: number) => {
    const id = ids[s.id[i]!]!;
    switch (s.type[i]) {
      case T_MOVE:
        update.price = s.price[i]!;
        ob.modify(id, update);
        break;
      case T_CANCEL:
        ob.cancel(id);
        break;
      default:
        limit.id = id;
        limit.side = s.buy[i] ? Side.BUY : Side.SELL;
        limit.price = s.price[i]!;
        limit.size = s.qty[i]!;
        limit.timeInForce = (s.type[i] === T_IOC ? 'IOC' : 'GTC') as LimitOrderOptions['timeInForce'];
        ob.limit(limit);
    }
  };
  return {
    reset() {
      ob = new OrderBook();
      for (let i = 0; i < stream.prefill.n; i++) apply(stream.prefill, i);
    },
    run(i) {
      apply(stream.commands, i);
    },
    digest() {
      const [asks, bids] = ob.depth();
      return JSON.stringify([[...bids].sort((a, b) => b[0] - a[0]), [...asks].sort((a, b) => a[0] - b[0])]);
    },
  };
}

// ---------- measurement ----------

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

/** Commands per second over n commands back to back, or as many as fit in THROUGHPUT_MAX_S (slow engines). */
function throughput(r: Runner, n: number): number {
  r.reset();
  const start = clock();
  const deadline = start + THROUGHPUT_MAX_S * 1e9;
  let i = 0;
  // The clock is read once per 10,000 commands, which costs nothing measurable.
  while (i < n) {
    const end = Math.min(n, i + 10_000);
    for (; i < end; i++) r.run(i);
    if (clock() > deadline) break;
  }
  return i / ((clock() - start) / 1e9);
}

/** Nanoseconds on the monotonic clock; exact in a double for 104 days of uptime. */
const clock = (): number => Number(process.hrtime.bigint());

/**
 * Every clock read allocates (~70 bytes: a BigInt), and a wait loop that did nothing but poll would fill the
 * young generation and trigger the very GC pauses it is measuring. So while the next command is more than
 * NEAR_NS away, the loop burns a calibrated stretch of the gap minus NEAR_NS without reading the clock, then
 * polls back to back: a command starts at most one clock read (~60–90 ns) late, and that lateness is counted.
 */
const NEAR_NS = 200;
let spinSink = 0;
let itersPerNs = 1;
function pause(ns: number): void {
  const n = ns * itersPerNs;
  for (let k = 0; k < n; k++) spinSink = (spinSink * 31 + k) | 0;
}
function calibratePause(): void {
  let best = Infinity;
  for (let j = 0; j < 20; j++) {
    itersPerNs = 1;
    const t = clock();
    pause(200_000);
    best = Math.min(best, clock() - t);
  }
  // The fastest of 20 tries, so that a pause rather undershoots (costing a read) than starts a command late.
  itersPerNs = 200_000 / best;
}

/**
 * Command i is due at t0 + i / rate; latency = completion − due, in nanoseconds, queueing included. The caller resets
 * the book.
 */
function openLoop(r: Runner, n: number, rate: number) {
  const lat = new Float64Array(n);
  const interval = 1e9 / rate;
  const t0 = clock() + 1e6;
  // An engine slower than the rate falls ever further behind; stop it once its backlog is plainly unbounded.
  const deadline = t0 + 2 * LATENCY_SECONDS * 1e9;
  let now = clock();
  let i = 0;
  for (; i < n && now < deadline; i++) {
    const due = t0 + i * interval;
    if (due - now > 2 * NEAR_NS) {
      pause(due - now - NEAR_NS);
      now = clock();
    }
    while (now < due) now = clock();
    r.run(i);
    now = clock();
    lat[i] = now - due;
  }
  const done = lat.subarray(0, i).sort();
  const us = (p: number) => percentile(done, p) / 1000;
  return {
    rate,
    n: i,
    achieved: i / ((now - t0) / 1e9),
    p50: us(50),
    p99: us(99),
    p999: us(99.9),
    p9999: us(99.99),
    max: done[i - 1]! / 1000,
  };
}

type Latency = ReturnType<typeof openLoop> & { gcPauses: number; gcMs: number };
type Percentiles = { p50: number; p99: number; p999: number; p9999: number; max: number };
type Result = { name: string; cps: number[]; service?: Percentiles; latency: Latency[]; digest: string };

/**
 * Service time: each command timed on its own, back to back, so no queueing; the engine's own latency
 * distribution (plus one clock read, ~60–90 ns). A stall of the machine lands on one command only here.
 */
function serviceTime(r: Runner, n: number): Percentiles {
  r.reset();
  const lat = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const t = clock();
    r.run(i);
    lat[i] = clock() - t;
  }
  lat.sort();
  const us = (p: number) => percentile(lat, p) / 1000;
  return { p50: us(50), p99: us(99), p999: us(99.9), p9999: us(99.99), max: lat[n - 1]! / 1000 };
}

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A full GC, then a pause so that V8's background sweeping is over before a timed run starts. */
async function settle(): Promise<void> {
  gc();
  await sleep(200);
}

/** GC pauses as V8 reports them (delivered after the fact, so they are read once a run is over). */
const gcEntries: Array<{ start: number; ms: number }> = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcEntries.push({ start: e.startTime, ms: e.duration });
}).observe({ entryTypes: ['gc'] });

/** Each rate runs LATENCY_TRIALS times; the trial with the median p99 is reported, with the GC pauses inside it. */
async function latencyAt(r: Runner, rate: number): Promise<Latency> {
  const trials: Latency[] = [];
  for (let k = 0; k < LATENCY_TRIALS; k++) {
    r.reset();
    await settle();
    const from = performance.now();
    const res = openLoop(r, Math.min(STREAM, Math.round(rate * LATENCY_SECONDS)), rate);
    const to = performance.now();
    await sleep(50);
    const pauses = gcEntries.filter((e) => e.start >= from && e.start <= to);
    trials.push({ ...res, gcPauses: pauses.length, gcMs: pauses.reduce((n, e) => n + e.ms, 0) });
  }
  return trials.sort((a, b) => a.p99 - b.p99)[Math.floor(trials.length / 2)]!;
}

async function child(which: string): Promise<void> {
  calibratePause();
  if (which === 'no-op') {
    const latency: Latency[] = [];
    for (const rate of RATES) latency.push(await latencyAt(noopRunner(), rate));
    process.stdout.write(JSON.stringify({ result: { name: which, cps: [], latency, digest: '' } }));
    return;
  }
  const stream = generate(STREAM);
  await settle();
  const r = which === 'lumex' ? lumexRunner(stream) : nobRunner(stream);
  // JIT warm-up on a prefix, then the timed passes.
  throughput(r, Math.min(STREAM, 300_000));
  const cps: number[] = [];
  for (let k = 0; k < THROUGHPUT_RUNS; k++) {
    await settle();
    cps.push(throughput(r, STREAM));
  }
  // The cross-check: both engines run the same prefix in full, then compare books.
  r.reset();
  for (let i = 0; i < CHECK_PREFIX; i++) r.run(i);
  const digest = r.digest();
  await settle();
  const service = serviceTime(r, Math.min(STREAM, 1_000_000));
  const latency: Latency[] = [];
  for (const rate of RATES) latency.push(await latencyAt(r, rate));
  const result: Result = { name: which, cps, service, latency, digest };
  process.stdout.write(
    JSON.stringify({ result, stream: { mix: stream.mix, trades: stream.trades, book: stream.book } }),
  );
}

function main(): void {
  const load = loadavg()[0]!.toFixed(2);
  const runs = ['lumex', 'nodejs-order-book', 'no-op'].map((which) => {
    const res = spawnSync(process.execPath, ['--expose-gc', new URL(import.meta.url).pathname, which], {
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    });
    if (res.status !== 0) throw new Error(`${which} bench failed:\n${res.stderr}`);
    return JSON.parse(res.stdout) as { result: Result; stream?: Pick<Stream, 'mix' | 'trades' | 'book'> };
  });
  const s = runs[0]!.stream!;
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(
    `Machine: ${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.version}, load average ${load} at start`,
  );
  console.log(
    `Stream (seed ${SEED}): ${STREAM.toLocaleString('en')} commands after a pre-fill to ${s.book.orders} orders over ${s.book.levels} price levels;`,
  );
  console.log(
    `  ${pct(s.mix.gtc!)} GTC, ${pct(s.mix.ioc!)} IOC, ${pct(s.mix.cancel!)} cancel, ${pct(s.mix.move!)} move; ${s.trades.toLocaleString('en')} trades`,
  );
  const [ours, theirs, floor] = runs.map((r) => r.result) as [Result, Result, Result];
  const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));
  console.log(
    `Same book in both engines after the first ${CHECK_PREFIX.toLocaleString('en')} commands: ${ours.digest === theirs.digest ? 'yes' : 'NO'}`,
  );
  console.log('');
  console.log(
    `Throughput, one core, ${THROUGHPUT_RUNS} runs of ${STREAM.toLocaleString('en')} commands or ${THROUGHPUT_MAX_S} s (commands/s):`,
  );
  console.log(`  ${'engine'.padEnd(20)}${'median'.padStart(12)}${'best'.padStart(12)}`);
  for (const r of [ours, theirs])
    console.log(
      `  ${r.name.padEnd(20)}${Math.round(median(r.cps)).toLocaleString('en').padStart(12)}${Math.round(
        Math.max(...r.cps),
      )
        .toLocaleString('en')
        .padStart(12)}`,
    );
  console.log(`  ratio: ${(median(ours.cps) / median(theirs.cps)).toFixed(2)}×`);
  console.log('');
  const row = (p: Percentiles) =>
    `${fmt(p.p50).padStart(9)}${fmt(p.p99).padStart(9)}${fmt(p.p999).padStart(9)}${fmt(p.p9999).padStart(10)}${fmt(p.max).padStart(10)}`;
  console.log('Service time (µs, each command timed alone, no queueing; 1,000,000 commands):');
  console.log(
    `  ${'engine'.padEnd(30)}${'p50'.padStart(9)}${'p99'.padStart(9)}${'p99.9'.padStart(9)}${'p99.99'.padStart(10)}${'max'.padStart(10)}`,
  );
  for (const r of [ours, theirs]) console.log(`  ${r.name.padEnd(30)}${row(r.service!)}`);
  console.log('');
  console.log(
    `Open-loop latency (µs, completion − scheduled start; ${LATENCY_SECONDS} s of commands per run, cut at ${2 * LATENCY_SECONDS} s; median of ${LATENCY_TRIALS} runs by p99):`,
  );
  console.log(
    `  ${'offered/s'.padEnd(11)}${'engine'.padEnd(19)}${'achieved/s'.padStart(11)}${'p50'.padStart(9)}${'p99'.padStart(9)}${'p99.9'.padStart(9)}` +
      `${'p99.99'.padStart(10)}${'max'.padStart(10)}   GC pauses`,
  );
  for (let i = 0; i < RATES.length; i++) {
    for (const r of [ours, theirs, floor]) {
      const l = r.latency[i]!;
      console.log(
        `  ${l.rate.toLocaleString('en').padEnd(11)}${r.name.padEnd(19)}${Math.round(l.achieved).toLocaleString('en').padStart(11)}` +
          row(l) +
          `   ${l.gcPauses} (${l.gcMs.toFixed(1)} ms)`,
      );
    }
  }
  if (ours.digest !== theirs.digest) process.exitCode = 1;
}

if (process.argv[2]) await child(process.argv[2]);
else main();
