import type { FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { MarketData } from './market-data/market-data.ts';
import type { SpotMarkets } from './spot/markets.ts';
import type { SpotService } from './spot/spot.service.ts';
import type { TradingCore } from './core/core.ts';
import { startTrading, stopTrading } from './trading.ts';
import { seedMarkets } from './spot/seed.ts';
import { hasMarkets } from './spot/market.repo.ts';
import type { Config } from './config.ts';
import { loadSealedBox } from './crypto/sealed-box.ts';
import { documentFor, OPERATOR_TAG_INFO } from './http/api-docs.ts';
import { installAuth, optionalUser } from './http/auth.ts';
import { installRequestKeys } from './http/request-key.ts';
import { installRouteList } from './http/route-list.ts';
import { createServer } from './http/server.ts';
import { createSender, type Sender } from './notify/sender.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import type { Db } from './storage/db.ts';
import type { FeatureContext } from './feature.ts';
import { watchedChains } from './chain/chains.ts';
import { FEATURES } from './features.ts';
import { PriceIndex } from './prices/price-index.ts';
import { lastRecordedIndexes } from './prices/prices.repo.ts';
import { listingPrice } from './spot/market.ts';
import type { Bus } from './bus/bus.ts';
import { createBus } from './bus/create-bus.ts';
import { STOMP_TOPIC_EXCHANGE, STOMP_TOPIC_PATTERNS } from './feeds/topics.ts';
import { systemClock, type Clock } from './clock/clock.ts';
import { Scheduler } from './jobs/scheduler.ts';
import type { Fence } from './core/fence.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The trading core (server/core): every balance, hold and book; commands in, journal, projections. */
    core: TradingCore;
    /** Every market (server/spot/markets.ts). */
    markets: SpotMarkets;
    /** Spot order entry (server/spot/spot.service.ts). */
    spot: SpotService;
    /** Candles, recent trades and tickers from the core's durable batches (server/market-data). */
    marketData: MarketData;
    prices: PriceIndex;
    /**
     * Publish/subscribe for every live feed (server/bus): in memory on the embedded default, RabbitMQ with BROKER_URL.
     */
    bus: Bus;
    /** The time every timer reads (server/clock); tests hand in a manual one. */
    clock: Clock;
    /** Local and leased jobs on that clock (server/jobs); started when the app is ready, stopped when it closes. */
    jobs: Scheduler;
  }
}

interface AppDeps {
  config: Config;
  db: Db;
  /** Tests may hand in their own sender; by default the outbox/SMTP sender is built from the config. */
  sender?: Sender;
  /** Tests may hand in a manual clock; by default the system clock. */
  clock?: Clock;
  /** ROLE=core: the lease's check in every transaction the core writes (server/cluster/lease.ts). */
  fence?: Fence;
  /** ROLE=core taking over: the standby's core that has followed the journal (server/cluster/standby.ts). */
  standby?: TradingCore;
}

/** The whole HTTP surface of one server process: API, docs, platform config and the static site. */
export async function buildApp({
  config,
  db,
  sender,
  clock = systemClock,
  fence,
  standby,
}: AppDeps): Promise<FastifyInstance> {
  const app = createServer(config);
  installRequestKeys(app);
  installAuth(app);
  installRouteList(app);
  const bus = await createBus(
    { brokerUrl: config.brokerUrl, forward: { exchange: STOMP_TOPIC_EXCHANGE, patterns: STOMP_TOPIC_PATTERNS } },
    app.log,
  );
  app.decorate('bus', bus);
  app.decorate('clock', clock);
  const jobs = new Scheduler({ db, clock, log: app.log });
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.start());
  // Hooks run in order: jobs stop first (waiting for runs in flight), the bus closes after everyone is done.
  app.addHook('onClose', () => jobs.stop());

  installSecurityHeaders(app);
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
          'Every call answers `{ code, msg, data }`; code 200 is success, any other code carries `msg` in the language of the `lang` header. HTTP 401 means the token is missing or dead. Send the token as `authorization` (or `satoken`). Fetched with an operator’s token, this document also lists the operator calls.',
      },
      tags: [OPERATOR_TAG_INFO],
    },
    transform: jsonSchemaTransform,
  });
  // The docs UI runs only its own script files, loads nothing from elsewhere (no validator badge) and is never
  // framed (clickjacking). Swagger UI sets inline styles as it renders.
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { validatorUrl: null, docExpansion: 'none' },
    staticCSP:
      "default-src 'self'; base-uri 'self'; object-src 'none'; frame-ancestors 'none'; form-action 'self'; img-src 'self' data:; font-src 'self' data:; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'",
    uiHooks: {
      onRequest: (_req, reply, done) => {
        reply.header('x-frame-options', 'DENY');
        done();
      },
      // Who asks decides which document they get: the operator calls are an operator's to read.
      preHandler: optionalUser(db),
    },
    transformSpecification: (doc, req) => documentFor(doc, req),
  });

  const sealedBox = await loadSealedBox(db);
  const mailer =
    sender ??
    (await createSender(
      db,
      { smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, smsWebhookUrl: config.smsWebhookUrl },
      app.log,
    ));

  // Markets are data: a fresh install gets the seeded ones; every book is rebuilt from its open orders.
  if (!(await hasMarkets(db))) await seedMarkets(db);
  const trading = await startTrading({
    db,
    log: app.log,
    clock,
    bus,
    ...(fence ? { fence } : {}),
    ...(standby ? { standby } : {}),
    partOptions: { perpFundingIntervalMs: config.perpFundingIntervalMs },
  });
  const { core, markets, spot, marketData } = trading;
  app.decorate('core', core);
  app.decorate('markets', markets);
  app.decorate('spot', spot);
  app.decorate('marketData', marketData);
  app.addHook('onClose', () => stopTrading(trading));
  // The walk resumes from each market's last recorded index (its listing price on a fresh install), never from its
  // last trade: two accounts of one person can print that anywhere in the price band just before a restart.
  // The mark takes each market's last trade; the sampling job records every period's prices for PRICE_RECORD_DAYS.
  const prices = new PriceIndex(
    {
      feedUrls: config.priceFeedUrls,
      now: () => clock.now(),
      bus,
      db,
      lastTrade: (s) => marketData.recentTrades(s).at(-1),
      keepRecordsMs: config.priceRecordDays * 86_400_000,
    },
    app.log,
  );
  const recorded = await lastRecordedIndexes(db);
  for (const m of markets.values()) {
    prices.track({
      symbol: m.symbol,
      priceScale: m.priceScale,
      start: recorded.get(m.symbol) ?? listingPrice(m),
      volatility: m.market === 'mt5' ? 0.0001 : 0.0003,
    });
  }
  spot.reference = (symbol) => prices.get(symbol)?.price;
  app.decorate('prices', prices);
  app.addHook('onClose', () => prices.stop());
  // With feeds, the first index answer is awaited (at most the feeds' time-out) before any feature starts.
  if (!prices.demo) await prices.advance();

  // Every feature plugs in from the one list, in its order (server/features.ts says where the order matters).
  const ctx: FeatureContext = {
    app,
    config,
    db,
    bus,
    clock,
    jobs,
    core,
    markets,
    spot,
    marketData,
    prices,
    sealedBox,
    sender: mailer,
    chains: await watchedChains(db, config.chain),
  };
  for (const feature of FEATURES) await feature.start?.(ctx);
  for (const feature of FEATURES) {
    for (const job of feature.jobs?.(ctx) ?? []) {
      if (job.where === 'core') jobs.local(job.name, job.everyMs, () => job.run({ periodStart: clock.now() }));
      else jobs.lease(job);
    }
  }
  for (const { install, routes } of FEATURES) {
    await install?.(ctx);
    if (routes) await app.register(async (api) => routes(api, ctx));
  }
  app.addHook('onClose', () => bus.close());
  return app;
}
