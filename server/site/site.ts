import { existsSync } from 'node:fs';
import type { Custody } from '../../isomorphic/contract/platform.ts';
import { custodyOf } from './custody.ts';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ERRORS } from '../../isomorphic/contract/codes.ts';
import { localeOfPath, localizePath, stripLocale } from '../../isomorphic/i18n/locales.ts';
import { FALLBACK_PATH, REDIRECTS, inviteRedirect } from '../../isomorphic/routes.ts';
import { isApiPath, send } from '../http/envelope.ts';
import type { FeatureContext } from '../feature.ts';
import type { Config } from '../config.ts';
import { transportsOf } from '../notify/sender.ts';
import { allowPageScripts, pageScriptSources } from './csp.ts';
import { pageSecurityHeaders } from '../http/security-headers.ts';
import { platformConfigRoute } from './platform-config.ts';
import { siteBuilding } from './site-build.ts';
import { translatorFor } from '../i18n/i18n.ts';
import type { MarketData } from '../market-data/market-data.ts';
import { negotiate, ServedPages } from './served-page.ts';
import { tradeFigures } from './trade-figures.ts';

const LONG_CACHE = 'public, max-age=31536000, immutable';

/**
 * The platform config script and the site. Installed server-wide and last in the features list: the site's
 * catch-all and not-found handler answer whatever no feature's route does.
 */
export async function serveSite({ app, config, sealedBox, prices, chains, marketData }: FeatureContext): Promise<void> {
  await servePages(app, config, {
    sealKey: sealedBox.publicKey,
    demoPrices: prices.demo,
    custody: custodyOf(chains, config.chain),
    marketData,
  });
}

/** The platform config and the pages, on the whole server and on an edge (server/cluster/edge.ts). */
export async function servePages(
  app: FastifyInstance,
  config: Config,
  o: {
    sealKey: string;
    demoPrices: boolean;
    custody: Custody;
    /** The markets whose figures the trade screen is served with (served-page.ts); without them it is sent as built. */
    marketData?: MarketData;
  },
): Promise<void> {
  await platformConfigRoute(app, {
    apiBase: config.publicApiBase,
    productName: config.productName,
    storagePrefix: config.storagePrefix,
    tokenRefreshSeconds: config.tokenRefreshSeconds,
    sealKey: o.sealKey,
    deliversCodes: transportsOf(config),
    demoPrices: o.demoPrices,
    custody: o.custody,
    stompUrl: config.stompUrl,
  });
  await siteRoutes(app, config, o.marketData ? new ServedPages(tradeFigures(o.marketData)) : null);
}

/**
 * The pair a page is served with its header filled for (served-page.ts): the spot trade screen's ?symbol= and the
 * full-screen exchange's pair, read as the island reads them (TradeApp: ?type absent or spot). Null for the rest.
 */
function servedSymbol(file: string, query: string, fullScreenPair: string | undefined): string | null {
  const symbol = fullScreenPair
    ? fullScreenPair.replace('_', '')
    : /^(\/[A-Za-z-]+)?\/trade\/index\/index\.html$/.test(file)
      ? ((q) => ((q.get('type') ?? 'spot') === 'spot' ? q.get('symbol') : null))(new URLSearchParams(query))
      : null;
  const lower = symbol?.toLowerCase();
  return lower && /^[a-z0-9]{2,24}$/.test(lower) ? lower : null;
}

/**
 * Serves the pre-rendered site from dist/ with the router rules of docs/requirements.md §2: invite links, bare-path
 * redirects, and anything unmatched to the home page of its locale. API paths (/api, /cgform-api, /sys) and feed paths
 * that match nothing get the envelope's 404 instead.
 */
async function siteRoutes(app: FastifyInstance, config: Config, served: ServedPages | null): Promise<void> {
  const { distDir } = config;
  if (!existsSync(distDir) && !siteBuilding())
    app.log.warn({ distDir }, 'dist/ is missing: run `npm run build`; only the API is served');

  // Every request passes here, API calls included: a callback hook that returns at once for them, not an async
  // one whose promise each order would pay for.
  app.addHook('onRequest', (req, reply, done) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isApiPath(req.url)) return done();
    const invite = req.url.includes('/i&') || req.url.includes('/i%26') ? inviteRedirect(req.url) : undefined;
    if (invite) return reply.redirect(invite, 302);
    const path = req.url.split('?')[0]!;
    const bare = stripLocale(path);
    const target = REDIRECTS[bare === '/' ? '/' : bare.replace(/\/$/, '')];
    if (!target) return done();
    const query = req.url.slice(path.length);
    return reply.redirect(localizePath(target, localeOfPath(path)) + query, 302);
  });

  app.setNotFoundHandler((req, reply: FastifyReply) => {
    const path = req.url.split('?')[0]!;
    if (isApiPath(path) || path.startsWith('/ws/') || req.method !== 'GET') {
      return send(reply, 404, ERRORS.notFound, req.t('error.notFound'));
    }
    if (siteBuilding()) return beingBuilt(req, reply);
    return reply.redirect(localizePath(FALLBACK_PATH, localeOfPath(path)), 302);
  });
  // The pages' own scope: helmet's hooks run on its routes only (server/http/security-headers.ts).
  if (existsSync(distDir) || siteBuilding()) await app.register(async (pages) => pageRoutes(pages, config, served));
}

/** The built pages and files of dist/, with the full set of browser security headers on every page. */
async function pageRoutes(app: FastifyInstance, config: Config, served: ServedPages | null): Promise<void> {
  const { distDir } = config;
  await pageSecurityHeaders(app, config);
  await app.register(fastifyStatic, {
    root: distDir,
    serve: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      // Hashed bundles never change; pages and the rest are revalidated so a deploy shows at once.
      const cache = filePath.includes('/_astro/')
        ? LONG_CACHE
        : filePath.endsWith('.html')
          ? 'no-cache'
          : 'public, max-age=3600';
      res.header('cache-control', cache);
    },
  });
  // A page lives at <path>/index.html (Astro's directory format); anything with an extension is a file.
  app.get('/*', { schema: { hide: true } }, async (req, reply) => {
    let path: string;
    try {
      path = decodeURIComponent(req.url.split('?')[0]!);
    } catch {
      return reply.callNotFound();
    }
    if (path.includes('..') || path.includes('\0')) return reply.callNotFound();
    // Every pair's full-screen exchange is the one page that reads the pair from the address.
    const fullScreen = /^(\/[A-Za-z-]+)?\/exchange\/full-screen\/([A-Za-z0-9_]{2,24})$/.exec(path);
    const file = fullScreen
      ? `${fullScreen[1] ?? ''}/exchange/full-screen/index.html`
      : /\.[a-z0-9]+$/i.test(path)
        ? path
        : `${path.replace(/\/$/, '')}/index.html`;
    if (!existsSync(join(distDir, file))) return reply.callNotFound();
    if (file.endsWith('.html')) {
      allowPageScripts(reply.raw, pageScriptSources(join(distDir, file)));
      await reply.helmet();
      const symbol = served && servedSymbol(file, req.url.slice(req.url.split('?')[0]!.length), fullScreen?.[2]);
      const encoding = negotiate(req.headers['accept-encoding']);
      const body = symbol && served ? served.body(join(distDir, file), symbol, encoding) : null;
      if (body) {
        if (encoding !== 'identity') reply.header('content-encoding', encoding);
        return reply
          .header('vary', 'accept-encoding')
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(body);
      }
    }
    return reply.sendFile(file.slice(1));
  });
}

/** A page asked for while the site is still being built: says so in the visitor's language and reloads itself. */
function beingBuilt(req: FastifyRequest, reply: FastifyReply) {
  // The page's language is its path's (/de/…), as the built page's would be; the headers' is for the API.
  const lang = localeOfPath(req.url.split('?')[0]!);
  const t = translatorFor(lang);
  const title = escapeHtml(t('site.building.title'));
  return reply
    .code(503)
    .header('retry-after', '5')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta http-equiv="refresh" content="5">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>` +
        `<body><main><h1>${title}</h1><p>${escapeHtml(t('site.building.text'))}</p></main></body></html>`,
    );
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
