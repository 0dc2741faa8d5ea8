import { createLog } from '../log/log.ts';
import type { Config } from '../config.ts';
import { createBus } from '../bus/create-bus.ts';
import { STOMP_TOPIC_EXCHANGE, STOMP_TOPIC_PATTERNS } from '../feeds/topics.ts';
import { openDb } from '../storage/db.ts';
import { migrate } from '../storage/migrate.ts';
import { MIGRATIONS } from '../features.ts';
import { onSignals } from '../signals.ts';
import { CommandClient, connectBroker } from './command-queue.ts';
import { buildEdge } from './edge.ts';

/** ROLE=edge: the shared database (migrated, should the edge come up first), the bus, the command queue, HTTP. */
export async function serveEdge(config: Config): Promise<void> {
  const db = await openDb({
    databaseUrl: config.databaseUrl,
    ...(config.databaseSchema ? { schema: config.databaseSchema } : {}),
    sqliteFile: '',
  });
  await migrate(db, MIGRATIONS);
  const bus = await createBus({
    brokerUrl: config.brokerUrl,
    forward: { exchange: STOMP_TOPIC_EXCHANGE, patterns: STOMP_TOPIC_PATTERNS },
  });
  const conn = connectBroker(config.brokerUrl!, 'lumex-edge', createLog(config));
  const commands = new CommandClient(conn, config.coreTimeoutMs);
  const app = await buildEdge({ config, db, bus, commands });
  await app.listen({ port: config.port, host: config.host });
  process.stdout.write(
    `  ${config.productName} edge is running at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}/\n`,
  );
  onSignals(async () => {
    await app.close();
    await commands.close();
    await conn.close();
    await bus.close();
    await db.close();
  }, app.log);
}
