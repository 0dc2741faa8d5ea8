import type { FastifyInstance } from 'fastify';
import { FEED_CLOSE, STOMP_PATH } from '../../../isomorphic/contract/private-feed.ts';
import type { Bus } from '../../bus/bus.ts';
import { ConnectionCap, sendTo } from '../public/feed-topics.ts';
import { MAX_CONNECTIONS_PER_ADDRESS } from '../public/public-feed.ts';
import type { Db } from '../../storage/db.ts';
import { authenticateSocket, MAX_SOCKETS_PER_USER, SESSION_CHECK_MS, userIdOf } from '../socket-auth.ts';
import { StompSession } from './stomp-session.ts';

/** A socket that has not sent CONNECT by then is closed. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * The message-broker socket of the embedded default: STOMP 1.2 over a WebSocket at /ws/stomp, its destinations
 * bridged to the bus. The token is CONNECT's `passcode` (as RabbitMQ Web-STOMP takes it with its HTTP auth
 * backend); `login`, when sent, must be the token's user id. Sessions are checked again every 15 s.
 */
export async function stompSocket(app: FastifyInstance, db: Db, bus: Bus): Promise<void> {
  const byAddress = new ConnectionCap(MAX_CONNECTIONS_PER_ADDRESS);
  const byUser = new ConnectionCap(MAX_SOCKETS_PER_USER);
  const sessions = new Map<StompSession, string>();

  app.get(STOMP_PATH, { websocket: true, schema: { hide: true } }, (socket, req) => {
    const address = req.ip;
    if (!byAddress.admit(address)) return socket.close(1008, 'too many connections');
    const session: StompSession = new StompSession({
      send: (text) => sendTo(socket, text),
      close: (code, reason) => socket.close(code, reason),
      bus,
      admitUser: (userId) => byUser.admit(String(userId)),
      authenticate: async (login, passcode) => {
        const userId = login ? userIdOf(login) : undefined;
        if (login && userId === undefined)
          return { ok: false, code: FEED_CLOSE.forbidden, reason: 'login must be your user id' };
        const auth = await authenticateSocket(db, passcode, userId);
        if (auth.ok) sessions.set(session, passcode!);
        return auth;
      },
    });
    const timeout = setTimeout(
      () => session.user || session.refuse({ message: 'no CONNECT frame', code: FEED_CLOSE.unauthorized }),
      CONNECT_TIMEOUT_MS,
    );
    socket.on('message', (data: Buffer) => session.receive(data));
    socket.on('close', () => {
      clearTimeout(timeout);
      byAddress.release(address);
      if (session.user) byUser.release(String(session.user.id));
      sessions.delete(session);
      session.end();
    });
  });

  const check = setInterval(() => {
    for (const [session, token] of sessions) {
      void authenticateSocket(db, token, session.user?.id).then((auth) => {
        if (!auth.ok) session.refuse({ message: 'session ended: log in again', code: FEED_CLOSE.unauthorized });
      });
    }
  }, SESSION_CHECK_MS);
  app.addHook('onClose', async () => {
    clearInterval(check);
    for (const session of sessions.keys()) session.refuse({ message: 'server shutting down', code: 1001 });
  });
}
