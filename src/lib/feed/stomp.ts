import { Client, Versions, type StompConfig } from '@stomp/stompjs';
import { platformConfig } from '../platform.ts';
import { RECONNECT_MS, wsOrigin } from './feed-socket.ts';
import type { Signed } from './private-feed.ts';

/** docs/requirements.md §9 "broker keepalive 5 s", asked both ways. */
const STOMP_HEART_BEAT_MS = 5000;

/** The STOMP socket's address: the platform config's `stompUrl`, a path taken on the feeds' origin. */
export function stompUrl(): string {
  const url = platformConfig().stompUrl;
  return /^wss?:\/\//.test(url) ? url : `${wsOrigin()}${url}`;
}

/**
 * The signed-in user's STOMP client, the same for the embedded socket and RabbitMQ Web-STOMP (`stompUrl` says
 * which): STOMP 1.2, `login` the user id (the broker's HTTP auth backend knows the user by it; Web-STOMP refuses a
 * CONNECT without one), `passcode` the token, 5 s heart-beats, a reconnect 3 s after a drop. Not yet activated.
 */
export function stompClient(who: Signed, config: StompConfig = {}): Client {
  return new Client({
    brokerURL: stompUrl(),
    stompVersions: new Versions([Versions.V1_2]),
    connectHeaders: { login: String(who.userId), passcode: who.token },
    heartbeatIncoming: STOMP_HEART_BEAT_MS,
    heartbeatOutgoing: STOMP_HEART_BEAT_MS,
    reconnectDelay: RECONNECT_MS,
    ...config,
  });
}
