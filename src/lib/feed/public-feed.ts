import { topicKey, type FeedCommand, type FeedMessage, type FeedSubscription } from '../contract/feed.ts';
import { platformConfig } from '../platform.ts';

/** spec §4 and §9: reconnect 3 seconds after an error, then send every earlier subscription again. */
export const RECONNECT_MS = 3000;

type Handler = (message: FeedMessage) => void;
type Socket = Pick<WebSocket, 'send' | 'close' | 'readyState'> & {
  onopen: ((ev: Event) => void) | null;
  onmessage: ((ev: MessageEvent) => void) | null;
  onclose: ((ev: CloseEvent) => void) | null;
  onerror: ((ev: Event) => void) | null;
};

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
    default:
      return undefined;
  }
}

/**
 * One socket to the public feed, shared by every store on the page. Subscriptions are counted, so two islands
 * watching the same ticker share one server subscription; the socket opens with the first and closes after the
 * last.
 */
export class FeedClient {
  private socket: Socket | undefined;
  private readonly handlers = new Map<string, { sub: FeedSubscription; handlers: Set<Handler> }>();
  private retry: ReturnType<typeof setTimeout> | undefined;
  private readonly url: () => string;
  private readonly create: (url: string) => Socket;

  constructor(url: () => string, create: (url: string) => Socket = (u) => new WebSocket(u) as unknown as Socket) {
    this.url = url;
    this.create = create;
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

  private send(cmd: FeedCommand): void {
    if (this.socket?.readyState === 1) this.socket.send(JSON.stringify(cmd));
  }

  private ensureOpen(): void {
    if (this.socket || this.retry) return;
    const socket = this.create(this.url());
    this.socket = socket;
    socket.onopen = () => {
      for (const { sub } of this.handlers.values()) this.send({ event: 'subscribe', ...sub });
    };
    socket.onmessage = (ev) => {
      let message: FeedMessage;
      try {
        message = JSON.parse(String(ev.data));
      } catch {
        return;
      }
      const key = keyOf(message);
      if (key) for (const h of this.handlers.get(key)?.handlers ?? []) h(message);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      if (this.handlers.size) {
        this.retry = setTimeout(() => {
          this.retry = undefined;
          this.ensureOpen();
        }, RECONNECT_MS);
      }
    };
    socket.onerror = () => socket.close();
  }

  private close(): void {
    clearTimeout(this.retry);
    this.retry = undefined;
    const s = this.socket;
    this.socket = undefined;
    s?.close();
  }
}

/** The feed's address for this page: the API's origin (or the page's), ws or wss to match, and a client id. */
export function feedUrl(): string {
  const base = platformConfig().apiBase || (typeof location === 'undefined' ? 'http://localhost' : location.origin);
  const id = Math.random().toString(36).slice(2, 10);
  return `${base.replace(/^http/, 'ws')}/ws/${id}`;
}

/** The page's shared public feed. */
export const publicFeed = new FeedClient(feedUrl);
