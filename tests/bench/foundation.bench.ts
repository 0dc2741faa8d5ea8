/**
 * Foundation figures: JavaScript each page ships (what Chromium downloads, gzip-compressed as the server sends
 * it) for /home/index and /user/login, and the server's start-up time to its first answer, cold (first start:
 * migrations, seed, key generation) and warm (existing data).
 */
import { benchDir } from './bench-dir.ts';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { ensureChromium } from '../../scripts/chromium.ts';
import { buildSite, siteIsStale } from '../../scripts/site-build.ts';
import { median, startServer } from './server-process.ts';

if (siteIsStale()) buildSite();
const RUNS = 5;

const cold: number[] = [];
const warm: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const dataDir = benchDir('lumex-bench-');
  const first = await startServer({ dataDir, port: 4450 });
  cold.push(first.startMs);
  await first.stop();
  const second = await startServer({ dataDir, port: 4450 });
  warm.push(second.startMs);
  await second.stop();
}

const server = await startServer({ port: 4451 });
const browser = await chromium.launch({
  executablePath: ensureChromium(),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});
const rows: Array<{ page: string; files: number; rawKB: number; gzipKB: number; inlineKB: number }> = [];
for (const path of ['/home/index', '/user/login']) {
  const page = await browser.newPage();
  const scripts: Array<Promise<Buffer>> = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.push(res.body());
  });
  await page.goto(server.url + path, { waitUntil: 'networkidle' });
  const bodies = await Promise.all(scripts);
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')].map((s) => s.textContent ?? '').join('\n'),
  );
  rows.push({
    page: path,
    files: bodies.length,
    rawKB: bodies.reduce((n, b) => n + b.length, 0) / 1024,
    gzipKB: bodies.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0) / 1024,
    inlineKB: gzipSync(inline, { level: 9 }).length / 1024,
  });
  await page.close();
}
await browser.close();
await server.stop();

console.log('JavaScript shipped (as Chromium downloads it):');
for (const r of rows) {
  console.log(
    `  ${r.page.padEnd(12)} ${r.files} files, ${r.rawKB.toFixed(1)} KB raw, ${r.gzipKB.toFixed(1)} KB gzip (+ ${r.inlineKB.toFixed(1)} KB gzip inline)`,
  );
}
console.log(`Server start-up to first answer (median of ${RUNS}):`);
console.log(`  cold (new data folder): ${median(cold).toFixed(0)} ms`);
console.log(`  warm (existing data):   ${median(warm).toFixed(0)} ms`);
