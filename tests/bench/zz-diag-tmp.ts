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
 * until then, and the latency is completion − due time, so a slow command also delays those queued behind it.
 * Each engine runs in its own child process (fresh JIT and heap, --expose-gc between runs).
 */
import { spawnSync } from 'node:child_process';
import { OrderBook } from 'nodejs-order-book';
import { createEngine, type Command, type EngineEvent, type MatchingEngine } from '../../server/exchange/engine/index.ts';

const SEED = 20260521;
const MID = 100_000;
const HALF = 750;
const TARGET_ORDERS = 1_000;
const STREAM = 2_000_000;
const THROUGHPUT_RUNS = 3;
const RATES = [250_000, 500_000, 1_000_000];
const LATENCY_SECONDS = 1.5;

/** sfc32: a small, fast, seedable PRNG, so every run and both engines see the same stream. */
function prng(seed: number): () => number {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next = (): number => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
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

interface Stream {
  prefill: Command[];
  commands: Command[];
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
    out.length = 0;
  };
  const gtc = (): Command => {
    const buy = rnd() < 0.5;
    const id = nextId++;
    const price = buy ? MID - 1 - int(HALF) : MID + 1 + int(HALF);
    return { type: 'place', orderId: id, userId: id, side: buy ? 'buy' : 'sell', kind: 'limit', price, quantity: 1 + int(100), tif: 'GTC' };
  };
  const prefill: Command[] = [];
  while (live.length < TARGET_ORDERS) {
    const cmd = gtc();
    prefill.push(cmd);
    apply(cmd);
  }
  const book = { orders: engine.size, levels: engine.depth(1e9).bids.length + engine.depth(1e9).asks.length };
  trades = 0;
  const commands: Command[] = [];
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
      cmd = { type: 'place', orderId: id, userId: id, side: buy ? 'buy' : 'sell', kind: 'limit', price: buy ? best + int(4) : best - int(4), quantity: 1 + int(100), tif: 'IOC' };
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
  return { prefill, commands, mix, trades, book };
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
  const cmds = stream.commands;
  return {
    reset() {
      engine = createEngine({ marketId: 'bench' });
      for (const c of stream.prefill) engine.apply(c, out);
      out.length = 0;
    },
    run(i) {
      engine.apply(cmds[i]!, out);
      out.length = 0;
    },
    digest() {
      const d = engine.depth(1e9);
      return JSON.stringify([d.bids, d.asks]);
    },
  };
}

type NobOp = { k: 0; o: Parameters<OrderBook['limit']>[0] } | { k: 1; id: string } | { k: 2; id: string; price: number };

function nobRunner(stream: Stream): Runner {
  const toOp = (c: Command): NobOp => {
    switch (c.type) {
      case 'place':
        return { k: 0, o: { id: String(c.orderId), side: c.side as never, size: c.quantity, price: c.price, timeInForce: c.tif as never } };
      case 'cancel':
        return { k: 1, id: String(c.orderId) };
      case 'move':
        return { k: 2, id: String(c.orderId), price: c.price };
      default:
        throw new Error(`not in the stream: ${c.type}`);
    }
  };
  const prefill = stream.prefill.map(toOp);
  const ops = stream.commands.map(toOp);
  let ob = new OrderBook();
  const apply = (op: NobOp) => {
    if (op.k === 0) ob.limit(op.o);
    else if (op.k === 1) ob.cancel(op.id);
    else ob.modify(op.id, { price: op.price });
  };
  return {
    reset() {
      ob = new OrderBook();
      for (const op of prefill) apply(op);
    },
    run(i) {
      apply(ops[i]!);
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

function throughput(r: Runner, n: number): number {
  r.reset();
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) r.run(i);
  return n / (Number(process.hrtime.bigint() - start) / 1e9);
}

/** Command i is due at i / rate after t0; latency = completion − due, in nanoseconds, queueing included. */
function openLoop(r: Runner, n: number, rate: number) {
  r.reset();
  const lat = new Float64Array(n);
  const interval = 1e9 / rate;
  const t0 = process.hrtime.bigint() + 1_000_000n;
  let now = Number(process.hrtime.bigint() - t0);
  for (let i = 0; i < n; i++) {
    const due = i * interval;
    while (now < due) now = Number(process.hrtime.bigint() - t0);
    r.run(i);
    now = Number(process.hrtime.bigint() - t0);
    lat[i] = now - due;
  }
  const achieved = n / (now / 1e9);
  lat.sort();
  const us = (p: number) => percentile(lat, p) / 1000;
  return { rate, n, achieved, p50: us(50), p99: us(99), p999: us(99.9), p9999: us(99.99), max: lat[n - 1]! / 1000 };
}

type Result = { name: string; cps: number[]; latency: Array<ReturnType<typeof openLoop>>; digest: string };

function child(which: string): void {
  const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
  const stream = generate(STREAM);
  const r = which === 'lumex' ? lumexRunner(stream) : nobRunner(stream);
  // JIT warm-up on a prefix, then the final book of a full pass for the cross-check.
  throughput(r, Math.min(STREAM, 300_000));
  gc();
  const cps: number[] = [];
  for (let k = 0; k < THROUGHPUT_RUNS; k++) {
    cps.push(throughput(r, STREAM));
    gc();
  }
  const digest = r.digest();
  const latency = RATES.map((rate) => {
    const res = openLoop(r, Math.min(STREAM, Math.round(rate * LATENCY_SECONDS)), rate);
    gc();
    return res;
  });
  const result: Result = { name: which, cps, latency, digest };
  process.stdout.write(JSON.stringify({ result, stream: { mix: stream.mix, trades: stream.trades, book: stream.book } }));
}

function main(): void {
  const runs = ['lumex', 'nodejs-order-book'].map((which) => {
    const res = spawnSync(process.execPath, ['--expose-gc', new URL(import.meta.url).pathname, which], { encoding: 'utf8', maxBuffer: 1 << 26 });
    if (res.status !== 0) throw new Error(`${which} bench failed:\n${res.stderr}`);
    return JSON.parse(res.stdout) as { result: Result; stream: Pick<Stream, 'mix' | 'trades' | 'book'> };
  });
  const s = runs[0]!.stream;
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`Stream (seed ${SEED}): ${STREAM.toLocaleString('en')} commands after a pre-fill to ${s.book.orders} orders over ${s.book.levels} price levels;`);
  console.log(`  ${pct(s.mix.gtc!)} GTC, ${pct(s.mix.ioc!)} IOC, ${pct(s.mix.cancel!)} cancel, ${pct(s.mix.move!)} move; ${s.trades.toLocaleString('en')} trades`);
  const [ours, theirs] = runs.map((r) => r.result) as [Result, Result];
  const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));
  console.log(`Same final book in both engines: ${ours.digest === theirs.digest ? 'yes' : 'NO'}`);
  console.log('');
  console.log(`Throughput, one core, median of ${THROUGHPUT_RUNS} (commands/s):`);
  console.log(`  ${'engine'.padEnd(20)}${'median'.padStart(12)}${'best'.padStart(12)}`);
  for (const r of [ours, theirs]) console.log(`  ${r.name.padEnd(20)}${Math.round(median(r.cps)).toLocaleString('en').padStart(12)}${Math.round(Math.max(...r.cps)).toLocaleString('en').padStart(12)}`);
  console.log(`  ratio: ${(median(ours.cps) / median(theirs.cps)).toFixed(2)}×`);
  console.log('');
  console.log('Open-loop latency (µs, completion − scheduled start):');
  console.log(`  ${'offered/s'.padEnd(11)}${'engine'.padEnd(20)}${'achieved/s'.padStart(12)}${'p50'.padStart(9)}${'p99'.padStart(9)}${'p99.9'.padStart(9)}${'p99.99'.padStart(10)}${'max'.padStart(10)}`);
  for (let i = 0; i < RATES.length; i++) {
    for (const r of [ours, theirs]) {
      const l = r.latency[i]!;
      console.log(
        `  ${l.rate.toLocaleString('en').padEnd(11)}${r.name.padEnd(20)}${Math.round(l.achieved).toLocaleString('en').padStart(12)}` +
          `${fmt(l.p50).padStart(9)}${fmt(l.p99).padStart(9)}${fmt(l.p999).padStart(9)}${fmt(l.p9999).padStart(10)}${fmt(l.max).padStart(10)}`,
      );
    }
  }
  if (ours.digest !== theirs.digest) process.exitCode = 1;
}

export { generate, lumexRunner };
if (process.argv[2] === "lumex" || process.argv[2] === "nodejs-order-book") child(process.argv[2]);
else if (!process.argv[2]) main();
if (process.argv[2] === 'x') {
  const stream = generate(2_000_000);
  const r = lumexRunner(stream);
  for (let i = 0; i < 300000; i++) { if (i === 0) r.reset(); r.run(i); }
  for (const rate of [250_000, 1_000_000]) {
    r.reset();
    const n = 1_000_000; const lat = new Float64Array(n); const interval = 1e9 / rate;
    const t0 = process.hrtime.bigint() + 1_000_000n; let now = Number(process.hrtime.bigint() - t0);
    for (let i = 0; i < n; i++) { const due = i * interval; while (now < due) now = Number(process.hrtime.bigint() - t0); r.run(i); now = Number(process.hrtime.bigint() - t0); lat[i] = now - due; }
    const spikes: string[] = [];
    for (let i = 0; i < n; i++) if (lat[i]! > 50_000 && (i === 0 || lat[i - 1]! <= 50_000)) spikes.push(`${i}@${(i * interval / 1e6).toFixed(1)}ms:${(lat[i]! / 1000).toFixed(0)}us`);
    let mx = 0, mi = 0; for (let i = 0; i < n; i++) if (lat[i]! > mx) { mx = lat[i]!; mi = i; }
    console.log(rate, 'max', mx / 1000, 'at', mi, 'spikes', spikes.slice(0, 20).join(' '));
  }
}
if (process.argv[2] === 'prof') {
  const stream = generate(2_000_000);
  const r = lumexRunner(stream);
  for (let k = 0; k < 4; k++) { r.reset(); const t = process.hrtime.bigint(); for (let i = 0; i < 2_000_000; i++) r.run(i); console.log('cps', (2e6 / (Number(process.hrtime.bigint() - t) / 1e9)).toFixed(0)); }
}
