/**
 * `npm start`: runs the one server process and, when the built site is missing or stale, builds it beside the server
 * (pages answer "being built" until it lands; the API does not wait).
 */
import { siteBuildBeside } from '../server/site/site-build.ts';
import { buildSiteBeside, siteIsStale } from './site-build.ts';

const dist = process.env.DIST_DIR || 'dist';
if (process.env.SKIP_BUILD !== '1' && siteIsStale(dist)) siteBuildBeside(buildSiteBeside(dist));
// Only under npm: a server started some other way (a shell's `&`, a service manager) may outlive its parent.
if (process.env.npm_lifecycle_event === 'start') watchParent();
await import('../server/main.ts');

/**
 * npm does not pass a SIGTERM sent to it on to the script it runs: `kill <npm's pid>` ended npm and left this server
 * and its demo chain running with no parent. The server stops as on SIGTERM (server/signals.ts, which stops the
 * chain too) once the process that started it is gone; Ctrl-C reaches the whole process group and needs none of this.
 */
function watchParent(): void {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
  }, 1_000).unref();
}
