import type { Bus } from './bus.ts';
import { MemoryBus } from './memory-bus.ts';
import type { Forward } from './rabbit-bus.ts';

/**
 * RabbitMQ when a broker URL (`BROKER_URL`, amqp://…) is configured, else the in-process bus of the embedded
 * default. `forward` applies to RabbitMQ only: in one process nobody else reads the bus.
 */
export async function createBus(
  config: { brokerUrl: string | undefined; forward?: Forward },
  log?: { warn(obj: object, msg: string): void },
): Promise<Bus> {
  if (!config.brokerUrl) return new MemoryBus();
  if (!/^amqps?:\/\//.test(config.brokerUrl))
    throw new Error(`BROKER_URL must be an amqp:// or amqps:// URL, got "${config.brokerUrl}"`);
  // Loaded only when asked for, so the embedded default never opens the client.
  const { RabbitBus } = await import('./rabbit-bus.ts');
  return new RabbitBus(config.brokerUrl, log, config.forward);
}
