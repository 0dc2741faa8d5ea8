import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compressDist } from './compress-dist.ts';

const STAMP = 'dist/.build-stamp';
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

/** Whether dist/ is missing or older than anything it is built from. */
export function siteIsStale(): boolean {
  if (!existsSync(STAMP)) return true;
  const built = statSync(STAMP).mtimeMs;
  return SOURCES.some((s) => newest(s) > built);
}

/**
 * Builds the static site for `npm start` and the test runs (astro build, then quick pre-compression) and stamps
 * dist/; exits on failure. `npm run build` is the deployment build, compressed at the maximum level.
 */
export function buildSite(): void {
  const started = Date.now();
  const res = spawnSync('npx', ['astro', 'build'], { stdio: 'inherit', env: ASTRO_ENV });
  if (res.status !== 0) {
    console.error('The site build failed; see the output above.');
    process.exit(res.status ?? 1);
  }
  compressDist('dist', 'fast');
  writeFileSync(STAMP, new Date().toISOString());
  console.log(`site built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
