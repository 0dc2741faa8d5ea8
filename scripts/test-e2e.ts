/** `npm run test:e2e`: Chromium present, a fresh site build, then Playwright against the real server. */
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './chromium.ts';
import { buildSite, siteIsStale } from './site-build.ts';

process.env.CHROMIUM_PATH = ensureChromium();
if (siteIsStale()) buildSite();
const res = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit', env: process.env });
process.exit(res.status ?? 1);
