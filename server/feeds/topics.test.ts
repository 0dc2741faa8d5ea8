import { describe, expect, it } from 'vitest';
import { topicMatches } from '../bus/bus.ts';
import type { UserRow } from '../user/user.repo.ts';
import { destinationFor } from './stomp/destinations.ts';
import { merchantTopic, STOMP_TOPIC_PATTERNS, userTopics } from './topics.ts';

const forwarded = (topic: string) => STOMP_TOPIC_PATTERNS.some((p) => topicMatches(p, topic));

describe('the STOMP topics forwarded to Web-STOMP', () => {
  it('cover every destination the embedded socket serves, and nothing the private feed alone reads', () => {
    const merchant = { id: 42, isMerchant: 2, status: 'active' } as UserRow;
    for (const destination of ['/topic/user.42.refresh', '/topic/user.42.chat', '/topic/merchant.42.refresh']) {
      const d = destinationFor(destination, merchant);
      expect(d.ok && forwarded(d.topic)).toBe(true);
    }
    expect([userTopics.refresh(7), userTopics.chat(7), merchantTopic(7)].every(forwarded)).toBe(true);
    for (const topic of [
      userTopics.balance(7),
      userTopics.orders(7),
      userTopics.status(7),
      userTopics.settlement(7),
      userTopics.position(7),
      'market.btcusdt.trades',
      'user.7.refresh.x',
    ]) {
      expect([topic, forwarded(topic)]).toEqual([topic, false]);
    }
  });
});
