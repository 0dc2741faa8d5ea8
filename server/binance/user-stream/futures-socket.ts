import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FeatureContext } from '../../feature.ts';
import { noSuchKey } from './listen-keys.ts';
import { attachUserStream, openUserStream, type UserStream } from './user-stream.socket.ts';

/**
 * Serves `/private/ws?listenKey=<key>`, the USDⓈ-M futures user data stream's address (developers.binance.com,
 * USDⓈ-M Futures "User Data Streams": `wss://fstream.binance.com/private/ws?listenKey=…`), which CCXT's binanceusdm
 * opens for watchOrders, watchBalance and watchPositions. Only a live futures key is served; any other gets
 * Binance's -1125 as an HTTP answer before the upgrade.
 */
export function mountFuturesUserStream(app: FastifyInstance, ctx: FeatureContext): void {
  const streams = new WeakMap<FastifyRequest, UserStream>();
  app.get<{ Querystring: { listenKey?: string } }>(
    '/private/ws',
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (req, reply) => {
        const stream = await openUserStream(ctx, req.query.listenKey ?? '');
        if (!stream || stream.key.product !== 'futures') {
          const err = noSuchKey();
          return reply.status(err.status).send({ code: err.code, msg: err.message });
        }
        streams.set(req, stream);
      },
    },
    (socket, req) => {
      const stream = streams.get(req);
      if (!stream) return socket.close(1011, 'no stream');
      attachUserStream(ctx, stream, socket);
    },
  );
}
