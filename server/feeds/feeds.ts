import type { FastifyInstance } from 'fastify';
import type { FeatureContext } from '../feature.ts';
import { accountsToBus } from './private/account-bus.ts';
import { privateFeed } from './private/private-feed.ts';
import { stompSocket } from './stomp/stomp-socket.ts';
import { startBrokerAuthHook } from './webstomp/broker-auth-hook.ts';

/**
 * The user's live channels: account changes onto the bus, the private feed `/ws/coin/{userId}` and the STOMP
 * socket; with BROKER_URL also the hook through which RabbitMQ Web-STOMP asks who may read which topic.
 */
export async function accountFeeds(app: FastifyInstance, { db, config }: FeatureContext): Promise<void> {
  const stop = accountsToBus(db.scope, app.bus);
  app.addHook('onClose', async () => stop());
  await privateFeed(app, db, app.bus);
  await stompSocket(app, db, app.bus);
  if (config.brokerUrl) await startBrokerAuthHook(app, db, config);
}
