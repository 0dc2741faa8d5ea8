import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { commonRoutes } from './common/common.routes.ts';
import { contentRoutes } from './content/content.routes.ts';
import { Exchange } from './exchange/exchange.ts';
import { exchangeRoutes } from './exchange/exchange.routes.ts';
import { publicFeed } from './exchange/feed/public-feed.ts';
import { seedMarkets } from './exchange/seed.ts';
import type { Config } from './config.ts';
import { loadSealedBox } from './crypto/sealed-box.ts';
import { installEnvelope } from './http/envelope.ts';
import { createSender, type Sender } from './notify/sender.ts';
import { platformConfigRoute } from './site/platform-config.ts';
import { siteRoutes } from './site/site.ts';
import type { Db } from './storage/db.ts';
import { userRoutes } from './user/user.routes.ts';
import { walletRoutes } from './wallet/wallet.routes.ts';
import { adminRoutes } from './admin/admin.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    exchange: Exchange;
  }
}

export interface AppDeps {
  config: Config;
  db: Db;
  /** Tests may hand in their own sender; by default the outbox/SMTP sender is built from the config. */
  sender?: Sender;
}

/** The whole HTTP surface of one server process: API, docs, platform config and the static site. */
export async function buildApp({ config, db, sender }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.satoken'] },
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    // Requests that hang are cut off rather than holding sockets forever.
    requestTimeout: 60_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installEnvelope(app);

  // The full set of browser security headers goes on pages (server/site applies it); JSON answers only need
  // the two below, and building the policy on every API call would cost a tenth of order entry.
  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/api/')) reply.header('x-content-type-options', 'nosniff').header('cache-control', 'no-store');
  });
  await app.register(helmet, {
    global: false,
    // Astro hydrates islands with small inline scripts, and the site talks to its own API and feeds.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'unsafe-inline'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...(config.publicApiBase ? [config.publicApiBase] : [])],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  if (process.env.CORS_ORIGINS) {
    await app.register(cors, { origin: process.env.CORS_ORIGINS.split(',').map((s) => s.trim()), credentials: false });
  }
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${config.productName} product API`,
        version: '1',
        description:
          'Every call answers `{ code, msg, data }`; code 200 is success, any other code carries `msg` in the language of the `lang` header. HTTP 401 means the token is missing or dead. Send the token as `authorization` (or `satoken`).',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const sealedBox = await loadSealedBox(db);
  const mailer = sender ?? (await createSender(db, { smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, smsWebhookUrl: config.smsWebhookUrl }, app.log));

  await app.register(async (api) => userRoutes(api, { db, config, sender: mailer, sealedBox }));
  await app.register(async (api) => commonRoutes(api, db, { whitePaperUrl: config.whitePaperUrl, customerServiceUrls: config.customerServiceUrls }));
  await app.register(async (api) => contentRoutes(api, db));

  // Markets are data: a fresh install gets the seeded ones; every book is rebuilt from its open orders.
  if (!(await db.get('SELECT symbol FROM markets LIMIT 1'))) await seedMarkets(db);
  const exchange = new Exchange(db, app.log);
  await exchange.start();
  app.decorate('exchange', exchange);
  app.addHook('onClose', () => exchange.stop());
  // Every call from here on sees the orders, trades and balances of every acknowledged order: it waits for the
  // projector, which is at once when it has caught up. Order entry (routes with config.orderEntry) goes through
  // the runners and need not wait.
  app.addHook('preHandler', (req, _reply, done) => {
    if (exchange.projector.caughtUp || req.routeOptions.config.orderEntry) return done();
    exchange.settled().then(() => done(), done);
  });
  await app.register(async (api) => exchangeRoutes(api, db, exchange));
  await app.register(async (feed) => publicFeed(feed, exchange));
  await app.register(async (api) => walletRoutes(api, { db, exchange, sealedBox, dataDir: config.dataDir }));
  await app.register(async (api) => adminRoutes(api, db));
  await platformConfigRoute(app, {
    apiBase: config.publicApiBase,
    productName: config.productName,
    storagePrefix: config.storagePrefix,
    tokenRefreshSeconds: config.tokenRefreshSeconds,
    sealKey: sealedBox.publicKey,
  });
  await siteRoutes(app, config.distDir);
  return app;
}
