import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compressDist } from './compress-dist.ts';

const stampOf = (dist: string) => join(dist, '.build-stamp');
/** Astro's telemetry stays off: no notice on the terminal, nothing sent from an operator's install. */
export const ASTRO_ENV = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
// isomorphic/: the site is built with its messages, formats and contract too.
const SOURCES = ['src', 'isomorphic', 'public', 'astro.config.mjs', 'package-lock.json'];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), st.mtimeMs);
}

/** Whether the built site (dist/ unless told) is missing or older than anything it is built from. */
export function siteIsStale(dist = 'dist'): boolean {
  if (!existsSync(stampOf(dist))) return true;
  const built = statSync(stampOf(dist)).mtimeMs;
  return SOURCES.some((s) => newest(s) > built);
}

/**
 * Builds the static site for the test runs (astro build, then quick pre-compression) and stamps dist/; exits on
 * failure. `npm run build` is the deployment build, compressed at the maximum level.
 */
export function buildSite(): void {
  const started = Date.now();
  const res = spawnSync('npx', ['astro', 'build'], { stdio: 'inherit', env: ASTRO_ENV });
  if (res.status !== 0) {
    console.error('The site build failed; see the output above.');
    process.exit(res.status ?? 1);
  }
  compressDist('dist', 'fast');
  writeFileSync(stampOf('dist'), new Date().toISOString());
  console.log(`site built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * `npm start`'s build: beside the server instead of before it, so the API, the feeds and the bots answer within
 * seconds of a fresh clone's first start while the pages are built. The site is built into `<dist>.next` and moved
 * into place only when whole, so an older build keeps being served until then and no page is ever half written.
 * Resolves when the new site is in place; rejects when the build fails (the server then goes on without pages).
 */
export function buildSiteBeside(dist: string): Promise<void> {
  const next = `${dist}.next`;
  const started = Date.now();
  console.log('building the site beside the server: pages answer "being built" until it is done');
  rmSync(next, { recursive: true, force: true });
  // The server serves `dist` from the start: it must exist, even before the first build lands.
  mkdirSync(dist, { recursive: true });
  return new Promise((resolve, reject) => {
    // The build's own lines would interleave with the server's: they are kept, and shown only when it fails.
    const child = spawn('npx', ['astro', 'build', '--outDir', next], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: ASTRO_ENV,
    });
    const output: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => output.push(b));
    child.stderr.on('data', (b: Buffer) => output.push(b));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) {
        process.stderr.write(Buffer.concat(output));
        return reject(new Error(`the site build failed (exit code ${code}); see its output above`));
      }
      compressDist(next, 'fast');
      writeFileSync(stampOf(next), new Date().toISOString());
      rmSync(dist, { recursive: true, force: true });
      renameSync(next, dist);
      console.log(`site built in ${((Date.now() - started) / 1000).toFixed(1)} s: pages are served`);
      resolve();
    });
  });
}
