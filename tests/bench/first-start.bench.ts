/**
 * The first `npm start` of a fresh clone, in its parts: the site build (astro build, then the quick pre-compression,
 * into a folder of its own so the checkout's dist/ is left alone) and the server's first start on an empty data
 * folder (migrations, seed, operator, demo chain, market makers), to its first answer. Beside them, the floor: a bare
 * `node -e` HTTP server's start to its first answer (what any Node server pays), and the server's first start without
 * the demo chain and the market makers (what those two add). The first start is the build plus the server's start.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { compressDist } from '../../scripts/compress-dist.ts';
import { ASTRO_ENV } from '../../scripts/site-build.ts';
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
const buildStarted = performance.now();
const build = spawnSync('npx', ['astro', 'build', '--outDir', dist], { env: ASTRO_ENV, stdio: 'ignore' });
if (build.status !== 0) throw new Error('the site build failed');
const astroMs = performance.now() - buildStarted;
compressDist(dist, 'fast');
const buildMs = performance.now() - buildStarted;

const floorMs = await floor(4460);
const full = await startServer({ port: 4461, dataDir: join(out, 'data-full'), env: { DIST_DIR: dist } });
await full.stop();
const bare = await startServer({
  port: 4462,
  dataDir: join(out, 'data-bare'),
  env: { DIST_DIR: dist, DEMO_CHAIN: '0', MARKET_MAKERS: '0' },
});
await bare.stop();
rmSync(out, { recursive: true, force: true });

console.log(`site build: ${s(buildMs)} (astro build ${s(astroMs)}, pre-compression ${s(buildMs - astroMs)})`);
console.log(`server first start to first answer: ${s(full.startMs)}`);
console.log(`  without the demo chain and market makers: ${s(bare.startMs)}`);
console.log(`floor, a bare node -e HTTP server to first answer: ${s(floorMs)}`);
console.log(`first npm start of a fresh clone (build + server): ${s(buildMs + full.startMs)}`);
