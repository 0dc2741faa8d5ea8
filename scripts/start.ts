/** `npm start`: builds the site when dist/ is missing or stale, then runs the one server process. */
import { buildSite, siteIsStale } from './site-build.ts';

if (process.env.SKIP_BUILD !== '1' && siteIsStale()) buildSite();
await import('../server/main.ts');
