import type { WebSocket } from 'ws';
import { sendTo } from '../../feeds/public/feed-topics.ts';
import type { Stream } from './stream-names.ts';

/** A connection to the streams: combined ones wrap each payload as `{stream, data}`. */
export interface StreamConn {
  socket: WebSocket;
  combined: boolean;
  streams: Set<string>;
}

interface Topic {
  stream: Stream;
  conns: Set<StreamConn>;
}

/**
 * Who follows which stream. A payload is serialised at most twice per publish (raw and combined), whatever the
 * number of followers, and only when someone follows; a stream lives only while followed.
 */
export class StreamHub {
  private readonly topics = new Map<string, Topic>();

  follow(conn: StreamConn, name: string, stream: Stream): void {
    let topic = this.topics.get(name);
    if (!topic) this.topics.set(name, (topic = { stream, conns: new Set() }));
    topic.conns.add(conn);
    conn.streams.add(name);
  }

  leave(conn: StreamConn, name: string): void {
    conn.streams.delete(name);
    const topic = this.topics.get(name);
    if (!topic) return;
    topic.conns.delete(conn);
    if (!topic.conns.size) this.topics.delete(name);
  }

  followed(name: string): boolean {
    return this.topics.has(name);
  }

  /** The followed streams, by name. */
  entries(): Array<[string, Stream]> {
    return [...this.topics].map(([name, t]) => [name, t.stream]);
  }

  publish(name: string, data: () => unknown): void {
    const topic = this.topics.get(name);
    if (!topic) return;
    const payload = data();
    let raw: string | undefined;
    let combined: string | undefined;
    for (const conn of topic.conns)
      sendTo(
        conn.socket,
        conn.combined
          ? (combined ??= JSON.stringify({ stream: name, data: payload }))
          : (raw ??= JSON.stringify(payload)),
      );
  }
}
