/**
 * The first `npm start` of a fresh clone (scripts/start.ts, into a site folder and data folder of its own so the
 * checkout's are left alone): to the server's first answer (migrations, seed, operator, demo chain, market makers,
 * while the site is built beside it) and to the pages (the build landed). Beside them: the server's start on the
 * built site with nothing beside it, the same without the demo chain and the market makers (what those two add), and
 * the floor, a bare `node -e` HTTP server's start to its first answer (what any Node server pays).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './server-process.ts';

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
console.log(`load average at start: ${loadavg()[0]!.toFixed(2)}`);

async function floor(port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['-e', `require('node:http').createServer((q, r) => r.end('ok')).listen(${port}, '127.0.0.1')`],
    { stdio: 'ignore' },
  );
  for (;;) {
    const res = await fetch(`http://127.0.0.1:${port}/`).catch(() => undefined);
    if (res?.ok) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  const ms = performance.now() - started;
  child.kill('SIGTERM');
  return ms;
}

const out = mkdtempSync(join(tmpdir(), 'lumex-first-start-'));
const dist = join(out, 'dist');
const floorMs = await floor(4460);

// `npm start` itself (scripts/start.ts) on an empty data folder and no built site: the server answers while the
// site is built beside it, and the pages follow when the build lands.
const start = await startServer({
  port: 4461,
  dataDir: join(out, 'data-full'),
  env: { DIST_DIR: dist },
  script: 'scripts/start.ts',
});
for (;;) {
  const res = await fetch(`${start.url}/home/index`).catch(() => undefined);
  if (res?.status === 200) break;
  await new Promise((r) => setTimeout(r, 50));
}
const pagesMs = performance.now() - start.spawnedAt;
await start.stop();

// The server alone on the built site: without the build beside it, and without the demo chain and market makers.
const full = await startServer({ port: 4462, dataDir: join(out, 'data-again'), env: { DIST_DIR: dist } });
await full.stop();
const bare = await startServer({
  port: 4463,
  dataDir: join(out, 'data-bare'),
  env: { DIST_DIR: dist, DEMO_CHAIN: '0', MARKET_MAKERS: '0' },
});
await bare.stop();
rmSync(out, { recursive: true, force: true });

console.log(`first npm start of a fresh clone, to the server's first answer: ${s(start.startMs)}`);
console.log(`  to the pages, built beside the server: ${s(pagesMs)}`);
console.log(`server first start on the built site (no build beside it): ${s(full.startMs)}`);
console.log(`  without the demo chain and market makers: ${s(bare.startMs)}`);
console.log(
  `floor, a bare node -e HTTP server to first answer: ${s(floorMs)} (first answer ×${(start.startMs / floorMs).toFixed(1)})`,
);
