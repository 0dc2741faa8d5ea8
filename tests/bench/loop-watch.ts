/**
 * A preload that watches a process from outside the product, for benchmarks of the servers:
 * `LOOP_WATCH_DIR=dir NODE_OPTIONS="--import ./tests/bench/loop-watch.ts" npm run bench order-entry`.
 * Every process started under it (the bench, the servers it spawns) writes dir/<script>-<pid>.json at exit:
 * - stalls: each gap of a 1 ms timer over 4 ms, with the wall time it began, what the main thread did meanwhile
 *   (on CPU and waiting in the run queue, from /proc/self/task/<pid>/schedstat) and its context switches;
 * - gcs: the collector's performance entries; v8cpu: CPU of V8's worker threads (concurrent compilation,
 *   parallel GC) per 100 ms; reqs: when each order entry request started and finished (diagnostics channel);
 * - sql: calls and milliseconds per statement of node:sqlite on the main thread;
 * - clock: a wall time and CLOCK_MONOTONIC read together, to line these up with `perf` (`-k CLOCK_MONOTONIC`).
 */
import dc from 'node:diagnostics_channel';
import { openSync, readFileSync, readSync, readdirSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PerformanceObserver, performance, type NodeGCPerformanceDetail } from 'node:perf_hooks';
import { DatabaseSync, StatementSync } from 'node:sqlite';
import { isMainThread } from 'node:worker_threads';

const dir = process.env.LOOP_WATCH_DIR;
if (isMainThread && dir) {
  const role = (process.argv[1] ?? 'node').split('/').pop();
  const wall = () => performance.timeOrigin + performance.now();
  const fd = openSync(`/proc/self/task/${process.pid}/schedstat`, 'r');
  const buf = Buffer.alloc(128);
  const sched = () =>
    buf
      .toString('latin1', 0, readSync(fd, buf, 0, 128, 0))
      .split(' ')
      .map(Number);

  const stalls: object[] = [];
  let last = performance.now();
  let [lastCpu = 0, lastQueue = 0] = sched();
  let lastUse = process.resourceUsage();
  setInterval(() => {
    const now = performance.now();
    const [cpu = 0, queue = 0] = sched();
    const use = process.resourceUsage();
    if (now - last > 4)
      stalls.push({
        at: performance.timeOrigin + last,
        gap: now - last,
        cpu: (cpu - lastCpu) / 1e6,
        runQueue: (queue - lastQueue) / 1e6,
        voluntary: use.voluntaryContextSwitches - lastUse.voluntaryContextSwitches,
        involuntary: use.involuntaryContextSwitches - lastUse.involuntaryContextSwitches,
      });
    [last, lastCpu, lastQueue, lastUse] = [now, cpu, queue, use];
  }, 1).unref();

  const gcs: object[] = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      gcs.push({
        at: performance.timeOrigin + e.startTime,
        ms: e.duration,
        kind: (e as unknown as { detail: NodeGCPerformanceDetail }).detail.kind,
      });
  }).observe({ entryTypes: ['gc'] });

  const v8cpu: Array<[number, number]> = [];
  let lastTicks = 0;
  setInterval(() => {
    let ticks = 0;
    for (const tid of readdirSync('/proc/self/task')) {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'latin1');
      if (!stat.includes('(V8Worker)')) continue;
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(f[11]) + Number(f[12]);
    }
    v8cpu.push([wall(), (ticks - lastTicks) * 10]);
    lastTicks = ticks;
  }, 100).unref();

  const reqs: Array<[number, number]> = [];
  dc.subscribe('http.server.request.start', (m) => {
    const { request, response } = m as { request: IncomingMessage; response: ServerResponse };
    if (!request.url?.includes('order/submit')) return;
    const r: [number, number] = [wall(), 0];
    reqs.push(r);
    response.once('finish', () => (r[1] = wall()));
  });

  const sql = new Map<string, [number, number]>();
  const timed = (proto: object, name: string, text: (self: unknown, args: unknown[]) => string) => {
    const p = proto as Record<string, (...args: unknown[]) => unknown>;
    const original = p[name]!;
    p[name] = function (this: unknown, ...args: unknown[]) {
      const t = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        const key = text(this, args).slice(0, 70);
        const s = sql.get(key) ?? [0, 0];
        s[0]++;
        s[1] += performance.now() - t;
        sql.set(key, s);
      }
    };
  };
  for (const m of ['run', 'all', 'get']) timed(StatementSync.prototype, m, (st) => (st as StatementSync).sourceSQL);
  timed(DatabaseSync.prototype, 'exec', (_db, args) => String(args[0]));

  const write = () =>
    writeFileSync(
      `${dir}/${role}-${process.pid}.json`,
      JSON.stringify({
        role,
        pid: process.pid,
        clock: { wall: wall(), monotonic: Number(process.hrtime.bigint()) / 1e6 },
        stalls,
        gcs,
        v8cpu,
        reqs,
        sql: [...sql],
      }),
    );
  process.on('exit', write);
  // A process killed by SIGTERM without a handler of its own (the bare server) still writes, then exits.
  process.on('SIGTERM', () => {
    write();
    if (process.listenerCount('SIGTERM') === 1) process.exit(143);
  });
}
