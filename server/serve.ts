import { join } from 'node:path';
import { buildApp } from './app.ts';
import { MarketMakers } from './exchange/market-maker/market-maker.ts';
import { PerpMakers } from './perpetual/perp-makers.ts';
import { loadConfig } from './config.ts';
import { seedOperator } from './seed/operator.ts';
import { openDb } from './storage/db.ts';
import { migrate } from './storage/migrate.ts';
import { MIGRATIONS } from './features.ts';
import type { Clock } from './clock/clock.ts';

/**
 * One server process: storage, migrations, first-start seed, then HTTP until SIGINT/SIGTERM. The clock every timer
 * reads comes from the caller: the system clock for `npm start` (server/main.ts), one a test moves for journeys.
 */
export async function serve({ clock }: { clock?: Clock } = {}): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  const db = await openDb({ databaseUrl: config.databaseUrl, sqliteFile: join(config.dataDir, 'lumex.db'), backgroundCheckpoint: true });
  await migrate(db, MIGRATIONS);
  const app = await buildApp({ config, db, clock });

  const operator = await seedOperator(db, config.operatorEmail, config.operatorPassword);
  if (operator) {
    // Printed once, on the first start only: the operator signs in with it and changes it.
    process.stdout.write(
      `\n  First start: operator account created\n    email:    ${operator.email}\n    password: ${operator.password}\n\n`,
    );
  }

  await app.listen({ port: config.port, host: config.host });
  // The index moves with the external feeds, or (demo prices) with the walk the market makers quote around.
  if (config.marketMakers || config.priceFeedUrls.length) app.prices.start(app.jobs, config.priceSampleMs);
  if (app.prices.demo) app.log.warn('PRICE_FEED_URL is not set: the index is the built-in random walk (demo prices)');
  const makers = config.marketMakers ? new MarketMakers(db, app.core, app.exchange, app.prices, app.log, { intervalMs: config.marketMakerIntervalMs, jobs: app.jobs }) : undefined;
  await makers?.start();
  // The perpetual books get their own makers, on the same bot accounts.
  const perpMakers = config.marketMakers ? new PerpMakers(db, app.core, app.log, { intervalMs: config.marketMakerIntervalMs, jobs: app.jobs }) : undefined;
  await perpMakers?.start();
  app.log.info({ ms: Math.round(performance.now() - started), storage: db.dialect }, 'server ready');
  process.stdout.write(`  ${config.productName} is running at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}/\n`);

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, async () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      makers?.stop();
      perpMakers?.stop();
      await app.close();
      await db.close();
      process.exit(0);
    });
  }
}
