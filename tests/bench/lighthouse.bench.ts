/**
 * Lighthouse scores (performance, accessibility, best practices, SEO) and the JavaScript each page ships, for
 * /home/index, /news/index, a help article and the spot trade screen, on the production build served by the real
 * server on a free port. Chromium is Debian's (scripts/chromium.ts), started by Playwright with a debugging port that
 * Lighthouse drives. Both of Lighthouse's presets run: mobile (a mid-range phone on slow 4G, simulated) and desktop.
 * The process exits non-zero when a score is below its page's minimum: 95 everywhere, except the trade screen's
 * performance, 90 (a live chart, book and forms). `npm run bench lighthouse` runs only this bench;
 * LIGHTHOUSE_PAGES=trade (a part of the path) only the pages it names.
 */
import { createServer } from 'node:net';
import { chromium } from '@playwright/test';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import { ensureChromium } from '../../scripts/chromium.ts';
import { buildSite, siteIsStale } from '../../scripts/site-build.ts';
import { startServer } from './server-process.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const MINIMUM = 95;
const TRADE = '/trade/index?type=spot&symbol=btcusdt';
const PAGES = ['/home/index', '/news/index', '/article/main/content/help/110', TRADE].filter((p) =>
  p.includes(process.env.LIGHTHOUSE_PAGES ?? ''),
);
const minimum = (page: string, category: Category) =>
  page === TRADE ? ({ performance: 90, accessibility: 100 }[category as string] ?? MINIMUM) : MINIMUM;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

/** A free local port for Chromium's debugging endpoint. */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

if (siteIsStale()) buildSite();
const server = await startServer({ port: await freePort() });
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
  scores: Record<Category, number>;
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
        // What cost points, so a low score says where to look: the metrics, and each failed audit of the categories.
        if (CATEGORIES.some((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100) < minimum(path, c))) {
          const metrics = [
            'first-contentful-paint',
            'largest-contentful-paint',
            'total-blocking-time',
            'cumulative-layout-shift',
            'speed-index',
          ];
          console.log(`  ${preset} ${path}: ${metrics.map((m) => `${m} ${lhr.audits[m]?.displayValue}`).join(', ')}`);
          const shifts = lhr.audits['layout-shifts']?.details as {
            items?: Array<{ node?: { selector?: string }; score?: number }>;
          };
          // The element that painted last and how its time splits (Lighthouse's LCP breakdown).
          const lcp = lhr.audits['lcp-breakdown-insight']?.details as {
            items?: Array<{ selector?: string; items?: Array<{ label?: string; duration?: number }> }>;
          };
          for (const item of lcp?.items ?? []) {
            if (item.selector) console.log(`    lcp element ${item.selector}`);
            for (const part of item.items ?? [])
              console.log(`    lcp ${part.label}: ${Math.round(part.duration ?? 0)} ms`);
          }
          for (const shift of shifts?.items?.slice(0, 5) ?? [])
            console.log(`    layout shift ${shift.score?.toFixed(3)} ${shift.node?.selector}`);
          for (const c of CATEGORIES.filter((c) => c !== 'performance'))
            for (const ref of lhr.categories[c]?.auditRefs ?? []) {
              const audit = lhr.audits[ref.id];
              if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
                console.log(
                  `    ${c} ${ref.id}: ${JSON.stringify(audit.details && 'items' in audit.details ? audit.details.items.slice(0, 5) : audit.title).slice(0, 600)}`,
                );
            }
        }
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
const low = rows.filter((r) => CATEGORIES.some((c) => r.scores[c] < minimum(r.page, c)));
if (low.length) {
  console.error(`Below the minimum: ${low.map((r) => `${r.preset} ${r.page}`).join(', ')}`);
  process.exit(1);
}
