import {
  topicKey,
  type FeedCommand,
  type FeedMessage,
  type FeedSubscription,
} from '../../../isomorphic/contract/feed.ts';
import { browserSocket, FeedConnection, wsOrigin, type SocketFactory } from './feed-socket.ts';

type Handler = (message: FeedMessage) => void;

/** Which subscription a message answers: the same key the server files it under. */
function keyOf(m: FeedMessage): string | undefined {
  switch (m.event) {
    case 'DETAIL':
      return topicKey({ topic: 'detail', symbol: m.symbol });
    case 'KLINE':
      return topicKey({ topic: 'kline', symbol: m.symbol, interval: m.interval });
    case 'TRADE':
      return topicKey({ topic: 'trade', symbol: m.symbol });
    case 'DEPTH':
      return topicKey({ topic: 'depth', symbol: m.symbol, ...(m.step ? { step: m.step } : {}) });
    case 'ALL_SYMBOL_DETAIL':
      return topicKey({ topic: 'all_symbol_detail' });
    case 'PERPETUAL':
      return topicKey({ topic: 'perpetual', symbol: m.symbol });
    default:
      return undefined;
  }
}

/**
 * One socket to the public feed, shared by every store on the page. Subscriptions are counted, so two islands
 * watching the same ticker share one server subscription; the socket opens with the first and closes after the
 * last.
 */
export class FeedClient extends FeedConnection<FeedCommand, FeedMessage> {
  private readonly handlers = new Map<string, { sub: FeedSubscription; handlers: Set<Handler> }>();
  private readonly url: () => string;

  constructor(url: () => string, create: SocketFactory = browserSocket) {
    super(create);
    this.url = url;
  }

  subscribe(sub: FeedSubscription, handler: Handler): () => void {
    const key = topicKey(sub);
    let entry = this.handlers.get(key);
    if (!entry) {
      entry = { sub, handlers: new Set() };
      this.handlers.set(key, entry);
      this.send({ event: 'subscribe', ...sub });
    }
    entry.handlers.add(handler);
    this.ensureOpen();
    return () => {
      const e = this.handlers.get(key);
      if (!e) return;
      e.handlers.delete(handler);
      if (e.handlers.size === 0) {
        this.handlers.delete(key);
        this.send({ event: 'unsubscribe', ...sub });
        if (this.handlers.size === 0) this.close();
      }
    };
  }

  protected ensureOpen(): void {
    if (this.idle) this.open(this.url());
  }

  protected onOpen(): void {
    for (const { sub } of this.handlers.values()) this.send({ event: 'subscribe', ...sub });
  }

  protected onMessage(message: FeedMessage): void {
    const key = keyOf(message);
    if (key) for (const h of this.handlers.get(key)?.handlers ?? []) h(message);
  }

  protected reconnectAfter(): boolean {
    return this.handlers.size > 0;
  }
}

/** The feed's address for this page: the API's origin (or the page's), ws or wss to match, and a client id. */
function feedUrl(): string {
  return `${wsOrigin()}/ws/${Math.random().toString(36).slice(2, 10)}`;
}

/** The page's shared public feed. */
export const publicFeed = new FeedClient(feedUrl);
