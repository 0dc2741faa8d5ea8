/**
 * Lighthouse scores (performance, accessibility, best practices, SEO) and the JavaScript each page ships, for
 * /home/index, /news/index and a help article, on the production build served by the real server. Chromium is
 * Debian's (scripts/chromium.ts), started by Playwright with a debugging port that Lighthouse drives.
 * Both of Lighthouse's presets run: mobile (a mid-range phone on slow 4G, simulated) and desktop. The process
 * exits non-zero when any score is below 95. `npm run bench lighthouse` runs only this bench.
 */
import { createServer } from 'node:net';
import { chromium } from '@playwright/test';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import { ensureChromium } from '../../scripts/chromium.ts';
import { buildSite, siteIsStale } from '../../scripts/site-build.ts';
import { startServer } from './server-process.ts';

const PAGES = ['/home/index', '/news/index', '/article/main/content/help/110'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const MINIMUM = 95;
const RUNS = 3;

/** A free local port for Chromium's debugging endpoint. */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

if (siteIsStale()) buildSite();
const server = await startServer({ port: 4452 });
const debugPort = await freePort();
const browser = await chromium.launch({
  executablePath: ensureChromium(),
  args: [
    `--remote-debugging-port=${debugPort}`,
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

interface Row {
  page: string;
  preset: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  scriptFiles: number;
  scriptTransferKB: number;
  scriptResourceKB: number;
}
const rows: Row[] = [];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

try {
  for (const [preset, config] of [
    ['mobile', undefined],
    ['desktop', desktopConfig],
  ] as const) {
    for (const path of PAGES) {
      const runs: Row[] = [];
      // Performance varies from run to run on a shared machine: the median of a few runs is what is reported.
      for (let i = 0; i < RUNS; i++) {
        const flags: Flags = { port: debugPort, output: 'json', logLevel: 'silent', onlyCategories: [...CATEGORIES] };
        const result = await lighthouse(server.url + path, flags, config);
        if (!result) throw new Error(`lighthouse gave no result for ${path}`);
        const lhr = result.lhr;
        const requests = (
          (
            lhr.audits['network-requests']?.details as {
              items?: Array<{ resourceType?: string; transferSize?: number; resourceSize?: number }>;
            }
          )?.items ?? []
        ).filter((r) => r.resourceType === 'Script');
        runs.push({
          page: path,
          preset,
          scores: Object.fromEntries(
            CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
          ) as Row['scores'],
          scriptFiles: requests.length,
          scriptTransferKB: requests.reduce((n, r) => n + (r.transferSize ?? 0), 0) / 1024,
          scriptResourceKB: requests.reduce((n, r) => n + (r.resourceSize ?? 0), 0) / 1024,
        });
      }
      rows.push({
        ...runs[0]!,
        scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))])) as Row['scores'],
      });
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

console.log(`Lighthouse ${CATEGORIES.join(' / ')} (median of ${RUNS} runs), and the JavaScript each page loads:`);
for (const r of rows) {
  const scores = CATEGORIES.map((c) => String(r.scores[c]).padStart(3)).join(' ');
  console.log(
    `  ${r.preset.padEnd(7)} ${r.page.padEnd(32)} ${scores}   JS: ${r.scriptFiles} files, ${r.scriptTransferKB.toFixed(1)} KB transferred (${r.scriptResourceKB.toFixed(1)} KB uncompressed)`,
  );
}
const low = rows.filter((r) => CATEGORIES.some((c) => r.scores[c] < MINIMUM));
if (low.length) {
  console.error(`Below ${MINIMUM}: ${low.map((r) => `${r.preset} ${r.page}`).join(', ')}`);
  process.exit(1);
}
