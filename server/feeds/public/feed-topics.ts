import type { WebSocket } from 'ws';

/**
 * The largest WebSocket message any socket of the server reads (the plugin's `maxPayload`, shared by every feed);
 * each feed refuses smaller ones itself: the public feed's commands 4 KB, the STOMP socket's frames 16 KB.
 */
export const MAX_SOCKET_MESSAGE_BYTES = 64 * 1024;
/** A client that lets more than this pile up unsent is too slow to follow its feed and is cut off. */
const SLOW_CONSUMER_BYTES = 1 << 20;

/** Sends unless the socket has closed; cuts off a client that lets more than SLOW_CONSUMER_BYTES pile up (4008). */
export function sendTo(socket: WebSocket, data: string | Buffer): void {
  if (socket.readyState !== socket.OPEN) return;
  if (socket.bufferedAmount > SLOW_CONSUMER_BYTES) {
    socket.close(4008, 'slow consumer');
    return;
  }
  socket.send(data, { binary: false });
}

/**
 * Who listens to what on a feed: topics by key, each with its sockets. A topic lives only while someone listens,
 * so subscriptions that come and go do not leave entries behind.
 */
export class FeedTopics<T extends { sockets: Set<WebSocket> }> {
  private readonly topics = new Map<string, T>();

  get(key: string): T | undefined {
    return this.topics.get(key);
  }

  values(): IterableIterator<T> {
    return this.topics.values();
  }

  get size(): number {
    return this.topics.size;
  }

  /** Adds the socket to the topic, filing `fresh` under the key when nobody listens yet; answers the topic. */
  join(key: string, fresh: T, socket: WebSocket): T {
    let topic = this.topics.get(key);
    if (!topic) this.topics.set(key, (topic = fresh));
    topic.sockets.add(socket);
    return topic;
  }

  leave(key: string, socket: WebSocket): void {
    const topic = this.topics.get(key);
    if (!topic) return;
    topic.sockets.delete(socket);
    if (!topic.sockets.size) this.topics.delete(key);
  }
}

/** Open connections per client address, refused beyond a cap so one address cannot hold the server's sockets. */
export class ConnectionCap {
  private readonly open = new Map<string, number>();
  readonly max: number;

  constructor(max: number) {
    this.max = max;
  }

  /** Counts a new connection from the address, or says no when it has `max` open already. */
  admit(address: string): boolean {
    const n = this.open.get(address) ?? 0;
    if (n >= this.max) return false;
    this.open.set(address, n + 1);
    return true;
  }

  release(address: string): void {
    const n = (this.open.get(address) ?? 1) - 1;
    if (n > 0) this.open.set(address, n);
    else this.open.delete(address);
  }

  /** How many connections the address has open. */
  openFrom(address: string): number {
    return this.open.get(address) ?? 0;
  }
}
