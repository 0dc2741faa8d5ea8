/**
 * `npm run dev`: the API server on PORT (4321) restarting on server changes, and Astro's dev server on 4322
 * with hot reload, proxying /api, /ws and /platform to the API. Open http://localhost:4322.
 */
import { spawn } from 'node:child_process';
import { ASTRO_ENV } from './site-build.ts';

const children = [
  spawn(process.execPath, ['--watch-path=server', '--watch-path=src/lib', 'server/main.ts'], { stdio: 'inherit' }),
  spawn('npx', ['astro', 'dev'], { stdio: 'inherit', env: ASTRO_ENV }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
