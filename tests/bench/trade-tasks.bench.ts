/**
 * The trade screen's long tasks on a slowed-down CPU (issue 30): Lighthouse's blocking time swings by seconds on a
 * shared host, so this bench loads the spot trade page in Playwright with the CPU slowed 4× (CDP
 * Emulation.setCPUThrottlingRate, as Lighthouse's mobile preset simulates) and counts what the page itself reports:
 * every long task (PerformanceObserver 'longtask', over 50 ms), their sum and the blocking time (each task's part
 * over 50 ms, Lighthouse's definition, counted here from the first paint until the chart drew and the page was quiet
 * for 3 s), attributed to script files through the long animation frames' scripts. Median of TRADE_TASKS_RUNS loads
 * (5). TRADE_TASKS_DISTS="dist,/tmp/base-dist" compares builds: one server each, loads alternated in the same run so
 * the host's load falls on both alike. `npm run bench trade-tasks`.
 */
import { createServer } from 'node:net';
import { chromium } from '@playwright/test';
import { ensureChromium } from '../../scripts/chromium.ts';
import { buildSite, siteIsStale } from '../../scripts/site-build.ts';
import { startServer } from './server-process.ts';

const TRADE = '/trade/index?type=spot&symbol=btcusdt';
const RUNS = Number(process.env.TRADE_TASKS_RUNS ?? 5);
const DISTS = (process.env.TRADE_TASKS_DISTS ?? 'dist').split(',').filter(Boolean);
const QUIET_MS = 3000;

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

/** A long animation frame: when, how long, and the scripts that ran in it (each entry point's file and caller). */
interface Frame {
  start: number;
  duration: number;
  scripts: Array<{ url: string; duration: number; invoker: string }>;
}

/** What one load measured, from the page's own observers. */
interface Load {
  frames: Frame[];
  fcp: number;
  tasks: Array<{ start: number; duration: number }>;
  /** Milliseconds of long animation frames' script time by file (the part of the URL after the origin). */
  byScript: Record<string, number>;
  scriptFiles: number;
  scriptKB: number;
  scriptTransferKB: number;
}

// Runs in the page before its own scripts: the observers buffer from the navigation on.
const OBSERVE = () => {
  const w = window as unknown as { __tasks: unknown[]; __frames: unknown[] };
  w.__tasks = [];
  w.__frames = [];
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) w.__tasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries() as unknown as Array<{
      startTime: number;
      duration: number;
      scripts: Array<{ sourceURL: string; duration: number; invoker: string }>;
    }>)
      w.__frames.push({
        start: e.startTime,
        duration: e.duration,
        scripts: e.scripts.map((s) => ({ url: s.sourceURL, duration: s.duration, invoker: s.invoker })),
      });
  }).observe({ type: 'long-animation-frame', buffered: true });
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const blocking = (l: Load) =>
  l.tasks.filter((t) => t.start >= l.fcp).reduce((n, t) => n + Math.max(0, t.duration - 50), 0);
const sum = (l: Load) => l.tasks.reduce((n, t) => n + t.duration, 0);

if (DISTS.includes('dist') && siteIsStale()) buildSite();
const servers = await Promise.all(
  DISTS.map(async (dist) => startServer({ port: await freePort(), env: { DIST_DIR: dist, DEMO_CHAIN: '0' } })),
);
const browser = await chromium.launch({ executablePath: ensureChromium(), args: ['--no-sandbox', '--disable-gpu'] });
const loads: Load[][] = DISTS.map(() => []);

async function load(url: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(OBSERVE);
  await page.goto(url, { waitUntil: 'load' });
  await page.locator('[data-testid=kline-chart][data-ready=true]').first().waitFor({ timeout: 60_000 });
  // Quiet: no new long task for QUIET_MS.
  for (let seen = -1; ; ) {
    const n = await page.evaluate(() => (window as unknown as { __tasks: unknown[] }).__tasks.length);
    if (n === seen) break;
    seen = n;
    await page.waitForTimeout(QUIET_MS);
  }
  const raw = await page.evaluate(() => {
    const w = window as unknown as {
      __tasks: Array<{ start: number; duration: number }>;
      __frames: Frame[];
    };
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) =>
      /\.m?js(\?|$)/.test(r.name),
    );
    return {
      fcp,
      tasks: w.__tasks,
      frames: w.__frames,
      scriptFiles: scripts.length,
      scriptKB: scripts.reduce((n, r) => n + r.decodedBodySize, 0) / 1024,
      scriptTransferKB: scripts.reduce((n, r) => n + r.transferSize, 0) / 1024,
    };
  });
  await context.close();
  const byScript: Record<string, number> = {};
  for (const frame of raw.frames)
    for (const s of frame.scripts) {
      const name = s.url ? new URL(s.url).pathname.replace(/^\/_astro\//, '') : '(no file: parsing, style, layout)';
      byScript[name] = (byScript[name] ?? 0) + s.duration;
    }
  return { ...raw, byScript };
}

try {
  // Alternated: build A, build B, A, B, … so both see the same stretch of the host's load.
  for (let i = 0; i < RUNS; i++)
    for (const [k, server] of servers.entries()) loads[k]!.push(await load(server.url + TRADE));
} finally {
  await browser.close();
  await Promise.all(servers.map((s) => s.stop()));
}

console.log(`Trade screen ${TRADE}, CPU slowed 4×, 390 px, median of ${RUNS} loads:`);
for (const [k, dist] of DISTS.entries()) {
  const ls = loads[k]!;
  console.log(
    `  ${dist}: blocking ${median(ls.map(blocking)).toFixed(0)} ms (runs ${ls.map((l) => blocking(l).toFixed(0)).join(', ')}), ` +
      `long tasks ${median(ls.map((l) => l.tasks.length))}, sum ${median(ls.map(sum)).toFixed(0)} ms, ` +
      `first paint ${median(ls.map((l) => l.fcp)).toFixed(0)} ms; JS ${ls[0]!.scriptFiles} files, ` +
      `${ls[0]!.scriptKB.toFixed(1)} KB (${ls[0]!.scriptTransferKB.toFixed(1)} KB transferred)`,
  );
  const files = [...new Set(ls.flatMap((l) => Object.keys(l.byScript)))];
  const rows = files
    .map((f) => [f, median(ls.map((l) => l.byScript[f] ?? 0))] as const)
    .filter(([, ms]) => ms >= 10)
    .sort((a, b) => b[1] - a[1]);
  for (const [f, ms] of rows) console.log(`    ${ms.toFixed(0).padStart(5)} ms in long frames  ${f}`);
  const mid = ls[Math.floor(ls.length / 2)]!;
  console.log(
    `    long tasks of load ${Math.floor(ls.length / 2) + 1}: ${mid.tasks.map((t) => t.duration.toFixed(0)).join(' + ')} ms`,
  );
  // TRADE_TASKS_FRAMES=1: that load's long frames in time order, with the script entry points that ran longest.
  if (process.env.TRADE_TASKS_FRAMES)
    for (const f of mid.frames) {
      const top = [...f.scripts].sort((a, b) => b.duration - a.duration).slice(0, 2);
      const what = top.map((s) => `${s.invoker.slice(0, 60)} ${s.url.split('/').pop()} ${s.duration.toFixed(0)}`);
      console.log(
        `      at ${f.start.toFixed(0).padStart(6)} ${f.duration.toFixed(0).padStart(4)} ms: ${what.join('; ')}`,
      );
    }
}
