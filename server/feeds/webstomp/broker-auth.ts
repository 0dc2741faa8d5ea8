import type { Db } from '../../storage/db.ts';
import { findUserBy } from '../../user/user.repo.ts';
import { authenticateSocket, userIdOf } from '../socket-auth.ts';
import { destinationFor } from '../stomp/destinations.ts';
import { STOMP_TOPIC_EXCHANGE } from '../topics.ts';

/** The four questions of RabbitMQ's HTTP auth backend, one endpoint each. */
export const BROKER_AUTH_CHECKS = ['user', 'vhost', 'resource', 'topic'] as const;
export type BrokerAuthCheck = (typeof BROKER_AUTH_CHECKS)[number];

/** The backend's form fields (POST) or query parameters (GET): username, password, vhost, resource, name, … */
export type BrokerAuthParams = { get(name: string): string | null };

/**
 * How rabbitmq_stomp names the queue of a `/topic/` subscription: `stomp-subscription-` and a random,
 * base64url-encoded id. A browser's queue is exclusive to its socket, so nobody else can read it.
 */
const SUBSCRIPTION_QUEUE = /^stomp-subscription-[A-Za-z0-9_-]{1,64}$/;
const QUEUE_PERMISSIONS = new Set(['configure', 'write', 'read']);

/**
 * The answers for browsers on RabbitMQ Web-STOMP, with the embedded socket's rules: the user name is the user id
 * and the password the token; a user subscribes to their own refresh and chat topics and, as a merchant, their
 * merchant topic (`destinationFor`, the embedded socket's check), through a subscription queue bound to
 * amq.topic; nothing else may be declared, bound, read or written, so SEND is refused everywhere. Names that are
 * not user ids are always refused here: the broker's own users (the server's, from BROKER_URL) belong to the
 * internal backend, which RabbitMQ asks first.
 */
export function brokerAuth(
  db: Db,
  vhost: string,
): (check: BrokerAuthCheck, params: BrokerAuthParams) => Promise<boolean> {
  const checks: Record<BrokerAuthCheck, (userId: number, p: BrokerAuthParams) => Promise<boolean> | boolean> = {
    user: async (userId, p) => (await authenticateSocket(db, p.get('password'), userId)).ok,
    vhost: () => true,
    resource: (_userId, p) => {
      const name = p.get('name') ?? '';
      const permission = p.get('permission') ?? '';
      if (p.get('resource') === 'queue') return SUBSCRIPTION_QUEUE.test(name) && QUEUE_PERMISSIONS.has(permission);
      // Reading the exchange is what binding a queue to it takes; the topic check then decides on the key.
      return p.get('resource') === 'exchange' && name === STOMP_TOPIC_EXCHANGE && permission === 'read';
    },
    topic: async (userId, p) => {
      if (p.get('name') !== STOMP_TOPIC_EXCHANGE || p.get('permission') !== 'read') return false;
      const user = await findUserBy(db, 'id', userId);
      return !!user && user.status === 'active' && destinationFor(`/topic/${p.get('routing_key') ?? ''}`, user).ok;
    },
  };
  return async (check, params) => {
    const userId = userIdOf(params.get('username') ?? undefined);
    if (userId === undefined) return false;
    // Logins carry the vhost too on RabbitMQ 3.10; every other check always does.
    const asked = params.get('vhost');
    if ((check !== 'user' || asked !== null) && asked !== vhost) return false;
    return checks[check](userId, params);
  };
}
