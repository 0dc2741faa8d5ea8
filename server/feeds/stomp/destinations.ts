import type { UserRow } from '../../user/user.repo.ts';
import { merchantTopic, userTopics } from '../topics.ts';

type Destination =
  | { ok: true; topic: string; kind: 'refresh' | 'merchant' | 'chat' }
  | { ok: false; problem: string; foreign: boolean };

/**
 * The bus topic behind a STOMP destination, if this user may have it: `/topic/user.{userId}.refresh` and
 * `/topic/user.{userId}.chat` of their own id, `/topic/merchant.{merchantId}.refresh` of their own merchant id (a
 * merchant's id is their user id, docs/requirements.md §3 `merchant.id`). A destination is `/topic/` and the bus topic,
 * as RabbitMQ Web-STOMP names a routing key of `amq.topic`, so clients are the same on both. Anything else is unknown
 * or foreign.
 */
export function destinationFor(destination: string, user: UserRow): Destination {
  const m = /^\/topic\/(user|merchant)\.([1-9]\d{0,14})\.(refresh|chat)$/.exec(destination);
  if (!m || (m[1] === 'merchant' && m[3] !== 'refresh'))
    return { ok: false, problem: `unknown destination ${destination.slice(0, 100)}`, foreign: false };
  const kind = m[1] === 'merchant' ? 'merchant' : (m[3] as 'refresh' | 'chat');
  const id = Number(m[2]);
  if (kind === 'merchant') {
    if (user.isMerchant !== 2 || id !== user.id)
      return { ok: false, problem: `${destination} is not your merchant topic`, foreign: true };
    return { ok: true, topic: merchantTopic(id), kind };
  }
  if (id !== user.id) return { ok: false, problem: `${destination} belongs to another user`, foreign: true };
  return { ok: true, topic: kind === 'refresh' ? userTopics.refresh(id) : userTopics.chat(id), kind };
}
