/**
 * `npm start`: runs the one server process and, when the built site is missing or stale, builds it beside the server
 * (pages answer "being built" until it lands; the API does not wait).
 */
import { siteBuildBeside } from '../server/site/site-build.ts';
import { buildSiteBeside, siteIsStale } from './site-build.ts';

const dist = process.env.DIST_DIR || 'dist';
if (process.env.SKIP_BUILD !== '1' && siteIsStale(dist)) siteBuildBeside(buildSiteBeside(dist));
await import('../server/main.ts');
