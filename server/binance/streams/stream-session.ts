import type { StreamConn } from './stream-hub.ts';
import type { Stream } from './stream-names.ts';

/** Limits of a connection (developers.binance.com, "WebSocket Limits"). */
export const MAX_STREAMS_PER_CONNECTION = 1024;
export const MAX_MESSAGES_PER_SECOND = 5;

type Id = number | string | null;
type Answer = { result: unknown; id: Id } | { error: { code: number; msg: string }; id?: Id };

/** What a session needs of the streams: reading a name, and following or leaving it. */
export interface StreamControl {
  /** The stream a name stands for, or why it cannot be followed. */
  check(name: string): Stream | string;
  follow(conn: StreamConn, name: string, stream: Stream): void;
  leave(conn: StreamConn, name: string): void;
}

const invalid = (msg: string, id?: Id): Answer => ({
  error: { code: 2, msg: `Invalid request: ${msg}` },
  ...(id === undefined ? {} : { id }),
});

const METHODS = 'SUBSCRIBE, UNSUBSCRIBE, LIST_SUBSCRIPTIONS, SET_PROPERTY, GET_PROPERTY';

/**
 * Answers one JSON message of a stream connection (developers.binance.com, "Live Subscribing/Unsubscribing to
 * streams"): SUBSCRIBE and UNSUBSCRIBE answer `{result: null, id}`, LIST_SUBSCRIPTIONS the names followed,
 * SET_PROPERTY/GET_PROPERTY `combined`. A bad message is answered with Binance's error and changes nothing: code 3
 * for JSON that does not parse, 2 for a request that does not fit (a SUBSCRIBE with one bad name follows none).
 */
export function answer(conn: StreamConn, text: string, control: StreamControl): Answer {
  let msg: unknown;
  try {
    msg = JSON.parse(text);
  } catch (err) {
    return {
      error: { code: 3, msg: `Invalid JSON: ${(err as Error).message}` },
    };
  }
  if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) return invalid('request must be an object');
  const { method, params, id } = msg as Record<string, unknown>;
  if (!(id === null || typeof id === 'string' || (Number.isSafeInteger(id) && (id as number) >= 0)))
    return invalid('request ID must be an unsigned integer');
  const rid = id as Id;
  if (typeof method !== 'string') return invalid('method must be a string', rid);
  const names = params === undefined ? [] : Array.isArray(params) ? params : undefined;
  if (!names) return invalid('params must be an array', rid);
  switch (method) {
    case 'SUBSCRIBE': {
      if (!names.every((n): n is string => typeof n === 'string')) return invalid('stream names must be strings', rid);
      const fresh = [...new Set(names)].filter((n) => !conn.streams.has(n));
      if (conn.streams.size + fresh.length > MAX_STREAMS_PER_CONNECTION)
        return invalid(`at most ${MAX_STREAMS_PER_CONNECTION} streams per connection`, rid);
      const streams = fresh.map((n) => control.check(n));
      const refused = streams.findIndex((x) => typeof x === 'string');
      if (refused >= 0) return invalid(`${streams[refused] as string}: ${fresh[refused]}`, rid);
      fresh.forEach((n, i) => control.follow(conn, n, streams[i] as Stream));
      return { result: null, id: rid };
    }
    case 'UNSUBSCRIBE':
      if (!names.every((n): n is string => typeof n === 'string')) return invalid('stream names must be strings', rid);
      for (const n of names) control.leave(conn, n);
      return { result: null, id: rid };
    case 'LIST_SUBSCRIPTIONS':
      return { result: [...conn.streams], id: rid };
    case 'SET_PROPERTY':
      if (names[0] !== 'combined' || typeof names[1] !== 'boolean')
        return invalid('SET_PROPERTY takes ["combined", true|false]', rid);
      conn.combined = names[1];
      return { result: null, id: rid };
    case 'GET_PROPERTY':
      if (names[0] !== 'combined') return invalid('GET_PROPERTY takes ["combined"]', rid);
      return { result: conn.combined, id: rid };
    default:
      return invalid(`unknown variant \`${method}\`, expected one of ${METHODS}`, rid);
  }
}
