/**
 * What a stretch of work costs the process, for the benches that report a cost per order:
 * - CPU: `process.cpuUsage()` (user + system) across it, so other processes on the shared cores do not count;
 * - allocation: the bytes the JavaScript heap took, from V8's own accounting (`v8.GCProfiler`): the heap's used size
 *   at the end less at the start, plus what every collection in between freed (its used size before less after).
 *   Only the V8 heap counts (not Buffers or SQLite's memory), and an object allocated and freed inside one young
 *   collection counts once, as it should;
 * - the collections: how many, and their pauses (the profiler's `cost` of each, wall time: on a loaded machine a
 *   pause stretches when the collector's threads wait for a core, so it is not a share of the CPU above).
 * `PROFILE=dir` also writes a V8 CPU profile of just this stretch there (node:inspector), for `--cpu-prof`-like
 * flame graphs without the module loading and set-up of the run around it; `HEAP_PROFILE=dir` a sampling heap
 * profile of what it allocated, collected objects included (where the bytes above come from).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import v8 from 'node:v8';

export interface Cost {
  cpuUs: number;
  wallMs: number;
  allocatedBytes: number;
  gcCount: number;
  gcMs: number;
}

interface GcStat {
  cost: number;
  beforeGC: { heapStatistics: { usedHeapSize: number } };
  afterGC: { heapStatistics: { usedHeapSize: number } };
}

const used = () => v8.getHeapStatistics().used_heap_size;

/** Starts measuring; the function it answers stops and answers the cost. */
export async function measure(label = 'run'): Promise<() => Promise<Cost>> {
  const dir = process.env.PROFILE;
  const heapDir = process.env.HEAP_PROFILE;
  const session = dir || heapDir ? new Session() : undefined;
  session?.connect();
  if (dir) {
    await session!.post('Profiler.enable');
    // 100 µs between samples (the default is 1 ms): an order costs about 10 µs, a profile of a few seconds needs more.
    await session!.post('Profiler.setSamplingInterval', { interval: 100 });
    await session!.post('Profiler.start');
  }
  if (heapDir) {
    await session!.post('HeapProfiler.enable');
    await session!.post('HeapProfiler.startSampling', {
      samplingInterval: 4096,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  }
  const gc = new v8.GCProfiler();
  gc.start();
  const heap0 = used();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  return async () => {
    const wallMs = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const heap1 = used();
    const stats = (gc.stop()?.statistics ?? []) as GcStat[];
    let freed = 0;
    let gcUs = 0;
    for (const s of stats) {
      freed += s.beforeGC.heapStatistics.usedHeapSize - s.afterGC.heapStatistics.usedHeapSize;
      gcUs += s.cost;
    }
    if (dir) {
      const { profile } = await session!.post('Profiler.stop');
      writeFileSync(join(dir, `${label}-${process.pid}.cpuprofile`), JSON.stringify(profile));
    }
    if (heapDir) {
      const { profile } = await session!.post('HeapProfiler.stopSampling');
      writeFileSync(join(heapDir, `${label}-${process.pid}.heapprofile`), JSON.stringify(profile));
    }
    session?.disconnect();
    return {
      cpuUs: cpu.user + cpu.system,
      wallMs,
      allocatedBytes: heap1 - heap0 + freed,
      gcCount: stats.length,
      gcMs: gcUs / 1000,
    };
  };
}

/** A cost per item, as the benches print it. */
export function perItem(c: Cost, n: number): string {
  return `${Math.round(n / (c.wallMs / 1000)).toLocaleString('en')}/s, ${(c.cpuUs / n).toFixed(2)} µs CPU each, ${Math.round(c.allocatedBytes / n).toLocaleString('en')} bytes allocated each (${c.gcCount} collections, ${Math.round(c.gcMs)} ms of pauses)`;
}
