/**
 * The trade screen served with its pair's header filled (server/site/served-page.ts) beside the same page sent as
 * built (the pre-compressed file, `?type=spot` without a pair): time to the whole answer over HTTP on the real server,
 * brotli as a browser asks, one request at a time, median and p99 of each, interleaved so the host's load falls on
 * both alike. A filled page is made and compressed once a second per pair, so the run spans several seconds and its
 * tail includes those fills; the cost of one fill and compression alone is measured too. `npm run bench served-page`.
 */
import { performance } from 'node:perf_hooks';
import { brotliCompressSync, constants } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { buildSite, siteIsStale } from '../../scripts/site-build.ts';
import { fillTicker } from '../../server/site/served-page.ts';
import { BLANK_FIGURES } from '../../isomorphic/contract/served-ticker.ts';
import { median, startServer } from './server-process.ts';

if (siteIsStale()) buildSite();
const REQUESTS = 1500;
const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.99)]!;

const server = await startServer({ port: 4452 });
const timed = async (path: string): Promise<number> => {
  const started = performance.now();
  const res = await fetch(server.url + path, { headers: { 'accept-encoding': 'br' } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return performance.now() - started;
};
const FILLED = '/trade/index?type=spot&symbol=btcusdt';
const BUILT = '/trade/index?type=spot';
const filledBody = await (await fetch(server.url + FILLED)).text();
if (!filledBody.includes('id="served-ticker"')) throw new Error('the trade page was not filled: is dist/ current?');

const filled: number[] = [];
const built: number[] = [];
const started = performance.now();
for (let i = 0; i < REQUESTS; i++) {
  filled.push(await timed(FILLED));
  built.push(await timed(BUILT));
}
const seconds = (performance.now() - started) / 1000;
await server.stop();

// One fill and one compression, as a miss costs them (the page as built, a header's figures).
const html = readFileSync('dist/trade/index/index.html', 'utf8');
const figures = { ...BLANK_FIGURES, symbol: 'btcusdt', pair: 'BTC/USDT', price: '96,500.00', change: '+1.25%' };
const fills: number[] = [];
const compressions: number[] = [];
for (let i = 0; i < 50; i++) {
  const a = performance.now();
  const page = fillTicker(html, figures)!;
  const b = performance.now();
  brotliCompressSync(Buffer.from(page), { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  fills.push(b - a);
  compressions.push(performance.now() - b);
}
const q11 = performance.now();
const maxSize = brotliCompressSync(Buffer.from(html), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const q11Ms = performance.now() - q11;
const q5Size = brotliCompressSync(Buffer.from(html), { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length;

const ms = (x: number) => `${x.toFixed(2)} ms`;
console.log(`trade page over HTTP, brotli, ${REQUESTS} requests each, interleaved over ${seconds.toFixed(1)} s:`);
console.log(`  filled for its pair: median ${ms(median(filled))}, p99 ${ms(p99(filled))}`);
console.log(`  sent as built:       median ${ms(median(built))}, p99 ${ms(p99(built))}`);
console.log(
  `  filled / built: ×${(median(filled) / median(built)).toFixed(2)} median, ×${(p99(filled) / p99(built)).toFixed(2)} p99`,
);
console.log(
  `one miss: fill ${ms(median(fills))}, brotli q5 ${ms(median(compressions))} (${(q5Size / 1024).toFixed(1)} KB; ` +
    `q11, the build's, ${ms(q11Ms)} for ${(maxSize / 1024).toFixed(1)} KB) of ${(html.length / 1024).toFixed(1)} KB`,
);
