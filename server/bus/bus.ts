/**
 * The bus every live feed reads from (docs/architecture.md, "Seams"): publish a message on a topic, subscribe to
 * topics. Topics are dot-separated words (`user.42.balance`, `market.btcusdt.trades`); a subscription may use `*` for
 * exactly one word and `#` for zero or more, as an AMQP topic exchange does, so the in-memory bus and the RabbitMQ one
 * route alike. Messages are JSON values: what crosses a process boundary must survive JSON.
 */
export type BusHandler = (message: unknown, topic: string) => void;

export interface Bus {
  publish(topic: string, message: unknown): void;
  /** Calls the handler for every message on a matching topic until the returned function is called. */
  subscribe(pattern: string, handler: BusHandler): () => void;
  /** Resolves once every subscription made so far receives messages (a broker has its bindings in place). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** Whether a topic matches an AMQP-style pattern: topicMatches('user.*.balance', 'user.42.balance') → true. */
export function topicMatches(pattern: string, topic: string): boolean {
  return wordsMatch(pattern.split('.'), topic.split('.'));
}

/** topicMatches on words already split at the dots: a bus splits each pattern once and each topic once per publish. */
export function wordsMatch(p: readonly string[], t: readonly string[], i = 0, j = 0): boolean {
  if (i === p.length) return j === t.length;
  if (p[i] === '#') return wordsMatch(p, t, i + 1, j) || (j < t.length && wordsMatch(p, t, i, j + 1));
  return j < t.length && (p[i] === '*' || p[i] === t[j]) && wordsMatch(p, t, i + 1, j + 1);
}
