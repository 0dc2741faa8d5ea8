import { hostname } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { MarketMakers } from './spot/market-maker/market-maker.ts';
import { BotKeys } from './bots/bot-keys.ts';
import { perpetualDoorQuotes } from './bots/perpetual-quotes.ts';
import { spotDoorQuotes } from './bots/spot-quotes.ts';
import { loadSecretSeal } from './api-keys/secret-seal.ts';
import type { AddressInfo } from 'node:net';
import { PerpMakers } from './perpetual/perp-makers.ts';
import { loadConfig, type Config } from './config.ts';
import { seedOperator } from './seed/operator.ts';
import { openDb, type Db } from './storage/db.ts';
import { migrate } from './storage/migrate.ts';
import { MIGRATIONS } from './features.ts';
import type { Clock } from './clock/clock.ts';
import { CoreLease } from './cluster/lease.ts';
import { serveCoreCommands } from './cluster/core-commands.ts';
import { serveEdge } from './cluster/edge-role.ts';
import { onSignals } from './signals.ts';
import { createLog } from './log/log.ts';
import { standBy } from './cluster/standby.ts';
import type { TradingCore } from './core/core.ts';
import { systemClock } from './clock/clock.ts';
import { DrivenClock } from './clock/driven-clock.ts';
import { startDemoChain, type DemoChain } from './chain/demo/demo-chain.ts';
import { createBus } from './bus/create-bus.ts';
import { watchedChains } from './chain/chains.ts';
import { signerJobsFor } from './chain/signer/signer-process.ts';
import { Scheduler } from './jobs/scheduler.ts';

/**
 * One server process of the given ROLE (server/config.ts): `all` (the default, the whole platform), `core` (the trading
 * core of a cluster: a standby until it holds the lease, then active), `edge` (server/cluster/edge.ts) or `signer`
 * (server/chain/signer: pays withdrawals and sweeps, no HTTP). Storage,
 * migrations and the first-start seed come first, then HTTP until SIGINT/SIGTERM. The clock every timer reads comes
 * from the caller, or is the machine's, or with DRIVEN_CLOCK=1 one an operator moves (server/clock/driven-clock.ts).
 */
export async function serve({ clock: given }: { clock?: Clock } = {}): Promise<void> {
  let config = loadConfig();
  const clock = given ?? (config.drivenClock ? new DrivenClock() : undefined);
  if (config.role === 'edge') return serveEdge(config);
  const started = performance.now();
  const db = await openDb({
    databaseUrl: config.databaseUrl,
    ...(config.databaseSchema ? { schema: config.databaseSchema } : {}),
    sqliteFile: join(config.dataDir, 'lumex.db'),
    backgroundCheckpoint: true,
  });
  await migrate(db, MIGRATIONS);
  if (config.role === 'signer') return serveSigner(db, config, started);
  const demo =
    config.chain.demoChain && config.role === 'all'
      ? await startDemoChain({ db, dataDir: config.dataDir, port: config.chain.demoChainPort })
      : undefined;
  if (demo) config = onDemoChain(config, demo);
  const core = config.role === 'core' ? await holdCoreLease(db, config, clock) : undefined;
  const activeFrom = core?.heldAt ?? performance.now();
  const lease = core?.lease;
  const app = await buildApp({
    config,
    db,
    clock,
    ...(lease ? { fence: lease.fence } : {}),
    ...(core?.standby ? { standby: core.standby } : {}),
  });

  const operator = await seedOperator(db, config.operatorEmail, config.operatorPassword);
  if (operator) {
    // Printed once, on the first start only: the operator signs in with it and changes it.
    process.stdout.write(
      `\n  First start: operator account created\n    email:    ${operator.email}\n    password: ${operator.password}\n\n`,
    );
  }

  await app.listen({ port: config.port, host: config.host });
  const stopMakers = await startMakers(app, db, config);
  const stopCommands = lease ? await serveCoreCommands(app, config) : undefined;
  app.log.info(
    {
      ms: Math.round(performance.now() - started),
      activeMs: Math.round(performance.now() - activeFrom),
      storage: db.dialect,
      role: config.role,
    },
    'server ready',
  );
  if (lease)
    process.stdout.write(
      `  trading core active (lease token ${lease.token}) after ${Math.round(performance.now() - activeFrom)} ms${core?.standby ? ' (took over from a standby that followed the journal)' : ''}\n`,
    );
  process.stdout.write(
    `  ${config.productName} is running at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}/\n`,
  );

  onSignals(async () => {
    await stopCommands?.();
    stopMakers();
    await app.close();
    await lease?.release();
    await db.close();
    await demo?.node.stop();
  }, app.log);
}

/** The configuration with the demo chain watched and its keys in use, unless EVM_XPUB names the operator's own. */
function onDemoChain(config: Config, demo: DemoChain): Config {
  return {
    ...config,
    chain: {
      ...config.chain,
      rpcUrls: { ...config.chain.rpcUrls, demo: demo.url },
      evmXpub: config.chain.evmXpub ?? demo.xpub,
      // The signer in this process signs with the demo key only when the addresses are the demo key's.
      ...(config.chain.evmXpub ? {} : { demoSignerKeyFile: demo.signerKeyFile }),
    },
  };
}

/**
 * ROLE=signer (server/chain/signer): the one process holding the hot key. Storage and migrations, then a scheduler
 * running only the signer's leased jobs (one per watched chain); no HTTP, no trading core. Its notices reach users'
 * feeds through the broker (BROKER_URL); without one they stay in this process, and the screens see the change on
 * their next load.
 */
async function serveSigner(db: Db, config: Config, started: number): Promise<void> {
  const log = createLog(config, config.logLevel === 'silent' ? 'silent' : 'info');
  const bus = await createBus({ brokerUrl: config.brokerUrl }, log);
  const chains = await watchedChains(db, config.chain);
  const jobs = new Scheduler({ db, log });
  const setup = { db, bus, chains, evmXpub: config.chain.evmXpub, env: process.env, log, everyMs: config.chain.pollMs };
  for (const job of signerJobsFor(setup, true)) jobs.lease(job);
  jobs.start();
  log.info({ ms: Math.round(performance.now() - started), chains: chains.map((c) => c.key) }, 'signer ready');
  onSignals(async () => {
    await jobs.stop();
    await bus.close();
    await db.close();
  }, log);
}

/**
 * ROLE=core: holds the core's lease, at once when it is free, else as a standby that follows the journal until the
 * lease lapses (server/cluster/standby.ts). Losing the lease later ends the process at once. `heldAt` is when the
 * lease was taken: the takeover time is measured from there.
 */
async function holdCoreLease(
  db: Db,
  config: Config,
  clock: Clock | undefined,
): Promise<{ lease: CoreLease; standby?: TradingCore; heldAt: number }> {
  // Lease changes are rare and matter to operators whatever the log level.
  const log = createLog(config, config.logLevel === 'silent' ? 'silent' : 'info');
  const lease = new CoreLease(db, {
    holder: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    ttlMs: config.coreLeaseMs,
    log,
    // Another core has taken over: whatever this one still has in flight must not be written, so no clean-up.
    onLost: () => process.exit(75),
  });
  if (await lease.tryAcquire()) return { lease, heldAt: performance.now() };
  const standby = await standBy({
    db,
    log,
    clock: clock ?? systemClock,
    lease,
    perpFundingIntervalMs: config.perpFundingIntervalMs,
  });
  return { lease, standby, heldAt: performance.now() };
}

/** The market makers of the spot and perpetual books, on the bot accounts; answers how to stop them. */
async function startMakers(app: FastifyInstance, db: Db, config: Config): Promise<() => void> {
  // The index moves with the external feeds, or (demo prices) with the walk the market makers quote around.
  if (config.marketMakers || config.priceFeedUrls.length) app.prices.start(app.jobs, config.priceSampleMs);
  if (app.prices.demo) app.log.warn('PRICE_FEED_URL is not set: the index is the built-in random walk (demo prices)');
  if (!config.marketMakers) return () => {};
  // The makers quote through the Binance door on this process's own listening address, with a key of their own.
  const { port } = app.server.address() as AddressInfo;
  const loopback = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const keys = new BotKeys({
    db,
    clock: app.clock,
    seal: await loadSecretSeal(db, config.apiKeySealKey),
    baseUrl: `http://${loopback.includes(':') ? `[${loopback}]` : loopback}:${port}`,
  });
  const makers = new MarketMakers(db, app.core, app.spot, app.marketData, app.prices, app.log, {
    intervalMs: config.marketMakerIntervalMs,
    jobs: app.jobs,
    quotes: (makerId) => spotDoorQuotes(keys, app.clock, makerId),
  });
  await makers.start();
  // The perpetual books get their own makers, on the same bot accounts: /fapi/v1, with a key of its own, for the
  // USDT-margined books.
  const perpMakers = new PerpMakers(db, app.core, app.log, {
    intervalMs: config.marketMakerIntervalMs,
    jobs: app.jobs,
    linearQuotes: (makerId) => perpetualDoorQuotes(keys, app.clock, makerId),
  });
  await perpMakers.start();
  return () => {
    makers.stop();
    perpMakers.stop();
  };
}
