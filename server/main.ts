import { join } from 'node:path';
import { buildApp } from './app.ts';
import { MarketMakers } from './exchange/market-maker/market-maker.ts';
import { loadConfig } from './config.ts';
import { seedOperator } from './seed/operator.ts';
import { openDb } from './storage/db.ts';
import { migrate } from './storage/migrate.ts';

/** One server process: storage, migrations, first-start seed, then HTTP until SIGINT/SIGTERM. */
const started = performance.now();
const config = loadConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, sqliteFile: join(config.dataDir, 'lumex.db'), backgroundCheckpoint: true });
await migrate(db);
const app = await buildApp({ config, db });

const operator = await seedOperator(db, config.operatorEmail, config.operatorPassword);
if (operator) {
  // Printed once, on the first start only: the operator signs in with it and changes it.
  process.stdout.write(
    `\n  First start: operator account created\n    email:    ${operator.email}\n    password: ${operator.password}\n\n`,
  );
}

await app.listen({ port: config.port, host: config.host });
const makers = config.marketMakers ? new MarketMakers(db, app.exchange, app.log, { intervalMs: config.marketMakerIntervalMs, priceFeedUrl: config.priceFeedUrl }) : undefined;
await makers?.start();
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
    await app.close();
    await db.close();
    process.exit(0);
  });
}
