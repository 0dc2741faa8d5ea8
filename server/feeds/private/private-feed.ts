import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import {
  FEED_CLOSE,
  type PrivateFeedCommand,
  type PrivateFeedMessage,
  type UserStatus,
} from '../../../isomorphic/contract/private-feed.ts';
import type { Bus } from '../../bus/bus.ts';
import { ConnectionCap, FeedTopics, sendTo } from '../public/feed-topics.ts';
import { HEARTBEAT_MS, MAX_CONNECTIONS_PER_ADDRESS } from '../public/public-feed.ts';
import type { Db } from '../../storage/db.ts';
import { authenticateSocket, MAX_SOCKETS_PER_USER, userIdOf } from '../socket-auth.ts';
import { userTopics } from '../topics.ts';

/** The first message must be `auth` within this; a socket that says nothing is closed. */
const AUTH_TIMEOUT_MS = 10_000;
/** A command is a small JSON object; anything longer closes the socket. */
const MAX_COMMAND_BYTES = 1024;

/** Which bus topic becomes which event: the bus message is the event's `data` as it is. */
const EVENTS = [
  ['balance', 'OWNCOIN'],
  ['orders', 'ORDER'],
  ['status', 'USER_STATUS'],
  ['settlement', 'SETTLEMENT'],
  ['position', 'POSITION'],
  ['margin', 'MARGIN'],
  ['chain', 'CHAIN'],
  ['alert', 'ALERT'],
] as const;

interface UserTopic {
  sockets: Set<WebSocket>;
  unsubscribe: () => void;
}

interface Signed {
  userId: number;
  isMerchant: 1 | 2;
  token: string;
}

/**
 * The private feed `/ws/coin/{userId}` (docs/requirements.md §4, §7). The socket sends `{event:'auth', token}` first; a
 * token of another user id is refused (4003), a dead one or none in time too (4001). Then the server pushes that user's
 * account events from the bus (one bus subscription per user, however many tabs), a HEARTBEAT every 15 s that the
 * client answers with `ping`, and checks the session again each time, so a logout ends the socket.
 */
export async function privateFeed(
  app: FastifyInstance,
  db: Db,
  bus: Bus,
  { heartbeatMs = HEARTBEAT_MS } = {},
): Promise<void> {
  const users = new FeedTopics<UserTopic>();
  const byAddress = new ConnectionCap(MAX_CONNECTIONS_PER_ADDRESS);
  const byUser = new ConnectionCap(MAX_SOCKETS_PER_USER);
  const signed = new Map<WebSocket, Signed>();

  const message = (m: PrivateFeedMessage) => JSON.stringify(m);
  const join = (userId: number, socket: WebSocket) => {
    const key = String(userId);
    if (users.get(key)) return users.join(key, users.get(key)!, socket);
    const sockets = new Set<WebSocket>();
    const offs = EVENTS.map(([topic, event]) =>
      bus.subscribe(userTopics[topic](userId), (data) => {
        const text = JSON.stringify({ event, data, ts: Date.now() });
        for (const s of sockets) sendTo(s, text);
      }),
    );
    return users.join(key, { sockets, unsubscribe: () => offs.forEach((off) => off()) }, socket);
  };
  const leave = (userId: number, socket: WebSocket) => {
    const topic = users.get(String(userId));
    users.leave(String(userId), socket);
    if (topic && !topic.sockets.size) topic.unsubscribe();
  };
  const status = (userId: number, isMerchant: 1 | 2, state: UserStatus['status']) =>
    message({ event: 'USER_STATUS', data: { userId, status: state, isMerchant }, ts: Date.now() });

  app.get<{ Params: { userId: string } }>(
    '/ws/coin/:userId',
    { websocket: true, schema: { hide: true } },
    (socket, req) => {
      const address = req.ip;
      const userId = userIdOf(req.params.userId);
      if (userId === undefined) return socket.close(1008, 'unknown user id');
      if (!byAddress.admit(address)) return socket.close(1008, 'too many connections');
      let state: 'waiting' | 'checking' | 'open' | 'closed' = 'waiting';
      const timeout = setTimeout(
        () => socket.close(FEED_CLOSE.unauthorized, 'authentication timed out'),
        AUTH_TIMEOUT_MS,
      );

      socket.on('message', async (raw: Buffer) => {
        let cmd: PrivateFeedCommand;
        try {
          if (raw.length > MAX_COMMAND_BYTES) throw new Error('too large');
          cmd = JSON.parse(String(raw));
        } catch {
          return sendTo(socket, message({ event: 'ERROR', msg: 'malformed command' }));
        }
        if (state === 'open') {
          if (cmd?.event === 'ping') return sendTo(socket, message({ event: 'PONG', ts: Date.now() }));
          return sendTo(socket, message({ event: 'ERROR', msg: 'unknown event' }));
        }
        if (state !== 'waiting') return;
        if (cmd?.event !== 'auth') return socket.close(FEED_CLOSE.unauthorized, 'authenticate first');
        state = 'checking';
        const auth = await authenticateSocket(db, cmd.token, userId);
        clearTimeout(timeout);
        if (state !== 'checking') return;
        if (!auth.ok) return socket.close(auth.code, auth.reason);
        if (!byUser.admit(String(userId))) return socket.close(1008, 'too many connections for this user');
        state = 'open';
        signed.set(socket, { userId, isMerchant: auth.user.isMerchant, token: cmd.token });
        join(userId, socket);
        sendTo(socket, status(userId, auth.user.isMerchant, 'active'));
      });
      socket.on('close', () => {
        clearTimeout(timeout);
        byAddress.release(address);
        if (state === 'open') {
          byUser.release(String(userId));
          leave(userId, socket);
          signed.delete(socket);
        }
        state = 'closed';
      });
    },
  );

  const heartbeat = setInterval(() => {
    const beat = message({ event: 'HEARTBEAT', ts: Date.now() });
    for (const [socket, s] of signed) {
      sendTo(socket, beat);
      void authenticateSocket(db, s.token, s.userId).then((auth) => {
        if (auth.ok || !signed.has(socket)) return;
        sendTo(socket, status(s.userId, s.isMerchant, 'signedOut'));
        socket.close(auth.code, auth.reason);
      });
    }
  }, heartbeatMs);
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    for (const socket of signed.keys()) socket.close(1001, 'server shutting down');
  });
}
